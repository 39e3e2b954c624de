import type { Knex } from 'knex';
import type { SharePreview } from '../../../../common/dto/wallet';
import type { Locale } from '../../../../common/enums';
import { notFound } from '../../../lib/errors';
import { presentPreview, type ShareRow } from '../shares';

/** What anyone holding the link (guests too) sees before receiving. */
export async function getSharePreview(
  knex: Knex,
  shareId: string,
  locale: Locale,
  now = new Date(),
): Promise<SharePreview> {
  const share = (await knex('ticket_shares').where({ id: shareId }).first()) as ShareRow | undefined;
  if (!share) throw notFound();
  return presentPreview(knex, share, locale, now);
}
