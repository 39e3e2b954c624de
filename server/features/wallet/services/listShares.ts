import type { Knex } from 'knex';
import type { TicketShare } from '../../../../common/dto/wallet';
import { presentShare, type ShareRow } from '../shares';
import type { PresentOptions } from '../tickets';

/** The caller's shares, newest first (the last 50). */
export async function listShares(
  knex: Knex,
  publicUrl: string,
  userId: number,
  o: PresentOptions,
): Promise<TicketShare[]> {
  const rows = (await knex('ticket_shares')
    .where({ user_id: userId })
    .orderBy('created_at', 'desc')
    .limit(50)) as ShareRow[];
  const out: TicketShare[] = [];
  for (const s of rows) out.push(await presentShare(knex, s, publicUrl, o));
  return out;
}
