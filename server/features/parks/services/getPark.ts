import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { Park } from '../../../models/Park';

/** One park by id; a private park only with its link id. */
export async function getPark(id: number, linkId: string | undefined, db?: Knex): Promise<Park> {
  const park = await Park.query(db).findById(id).withGraphFetched('[closedWeekdays, specialDays]');
  if (!park) throw notFound();
  if (park.isPrivate && park.linkId !== linkId) throw notFound();
  return park;
}

/** A park by its link id: how unlisted parks are shared. */
export async function getParkByLink(linkId: string, trx?: Knex.Transaction): Promise<Park> {
  const park = await Park.query(trx).findOne({ linkId }).withGraphFetched('[closedWeekdays, specialDays]');
  if (!park) throw notFound();
  return park;
}
