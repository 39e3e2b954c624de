// Reads one ticket as a wallet pass sees it: presented in ja and en (the app's token, issued if due), the park's
// location, and who holds it now. A ticket of someone else is 404 when asked by its owner's session.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { presentTickets, type TicketRow, ticketQuery } from '../../wallet';
import type { PassFacts } from '../passContent';

export async function passFacts(
  knex: Knex,
  ticketId: string,
  holderId: number,
  o: { appSecret: string; now: Date },
): Promise<PassFacts> {
  const row = (await ticketQuery(knex).where({ 't.id': ticketId }).first()) as TicketRow | undefined;
  if (!row) throw notFound();
  const [ja] = await presentTickets(knex, [row], { locale: 'ja', appSecret: o.appSecret, now: o.now });
  const [en] = await presentTickets(knex, [row], { locale: 'en', appSecret: o.appSecret, now: o.now });
  const park = await knex('parks').where({ id: row.parkId }).first('latitude', 'longitude');
  if (!ja || !en || !park) throw notFound();
  return {
    byLocale: { ja, en },
    park: { latitude: Number(park.latitude), longitude: Number(park.longitude) },
    holderId,
    holderNow: row.userId ?? null,
  };
}

/** The caller's own ticket (anyone else's: 404). */
export async function ownPassFacts(
  knex: Knex,
  userId: number,
  ticketId: string,
  o: { appSecret: string; now: Date },
): Promise<PassFacts> {
  const owned = await knex('tickets').where({ id: ticketId, user_id: userId }).first('id');
  if (!owned) throw notFound();
  return passFacts(knex, ticketId, userId, o);
}

/**
 * The change stamp of each ticket as a pass shows it: the largest transaction id that wrote the ticket or one of
 * its tokens (gate_xid, stamped by trigger: state, holder, use, token issued or revoked), and `bound`, the oldest
 * transaction still running: every write below it is committed, so a tag at the bound never misses a late commit
 * (the same rule as the gates' day lists, server/features/staff/services/listDayTickets.ts).
 */
export async function lastChanges(
  knex: Knex,
  ticketIds: readonly string[],
): Promise<{ changes: Map<string, number>; bound: number }> {
  const changes = new Map<string, number>();
  const { rows } = await knex.raw('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS bound');
  const bound = Number((rows[0] as { bound: string }).bound);
  if (ticketIds.length === 0) return { changes, bound };
  const found = (await knex('tickets as t')
    .leftJoin('ticket_tokens as tt', 'tt.ticket_id', 't.id')
    .whereIn('t.id', [...new Set(ticketIds)])
    .groupBy('t.id', 't.gate_xid')
    .select('t.id', knex.raw('greatest(t.gate_xid, coalesce(max(tt.gate_xid), 0))::text as x'))) as {
    id: string;
    x: string;
  }[];
  for (const r of found) changes.set(r.id, Number(r.x));
  return { changes, bound };
}
