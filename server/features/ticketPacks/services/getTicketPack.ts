import type { Knex } from 'knex';
import type { ParkCalendar } from '../../../../common/rules/availability';
import { tokyoDate } from '../../../../common/time';
import { notFound } from '../../../lib/errors';
import { isListedRow, parkCalendars } from '../../items';
import { TicketPack } from '../models';

const GRAPH = '[park, contents.item.excludedDays]';

export interface TicketPackWithCalendar {
  pack: TicketPack;
  /** The park's closed weekdays and special days from today, for the selectable dates. */
  calendar: ParkCalendar;
}

async function withCalendar(
  pack: TicketPack,
  trx?: Knex.Transaction,
  now = new Date(),
): Promise<TicketPackWithCalendar> {
  const calendars = await parkCalendars(trx ?? TicketPack.knex(), [pack.parkId], tokyoDate(now));
  return { pack, calendar: calendars.get(pack.parkId) ?? { closedWeekdays: [], specialDays: [] } };
}

/** One ticket pack with its contents; an unlisted one only with its link id. */
export async function getTicketPack(
  id: number,
  linkId: string | undefined,
  trx?: Knex.Transaction,
): Promise<TicketPackWithCalendar> {
  const pack = await TicketPack.query(trx).findById(id).withGraphFetched(GRAPH);
  if (!pack?.park) throw notFound();
  if (!isListedRow(pack, pack.park.isPrivate) && pack.linkId !== linkId) throw notFound();
  return withCalendar(pack, trx);
}

/** A ticket pack by its link id: how unlisted packs are shared. */
export async function getTicketPackByLink(linkId: string, trx?: Knex.Transaction): Promise<TicketPackWithCalendar> {
  const pack = await TicketPack.query(trx).findOne({ linkId }).withGraphFetched(GRAPH);
  if (!pack?.park) throw notFound();
  return withCalendar(pack, trx);
}
