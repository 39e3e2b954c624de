import type { Knex } from 'knex';
import type { UsageHistoryEntry } from '../../../../common/dto/wallet';
import { tokyoDate } from '../../../../common/time';
import { toCount } from '../../../db/knex';
import { type PresentOptions, presentTickets, type TicketRow, ticketQuery } from '../tickets';

// Annual passes are left out: member cards have their own visit history (passes/README.md 2.12, 2.14).
const ENTRIES = `
  SELECT id AS ticket_id,
         CASE WHEN state = 'used' THEN 'used' WHEN state = 'cancelled' THEN 'cancelled' ELSE 'expired' END AS outcome,
         COALESCE(CASE WHEN state = 'used' THEN used_at WHEN state = 'cancelled' THEN cancelled_at END,
                  CAST(CAST(use_date + 1 AS text) || ' 00:00:00+09' AS timestamptz)) AS at
    FROM tickets
   WHERE user_id = :userId AND (state IN ('used', 'cancelled') OR (use_date < :today AND share_id IS NULL))
     AND unit_kind NOT IN ('pass', 'pass_visit')
  UNION ALL
  SELECT st.ticket_id, 'shared' AS outcome, st.received_at AS at
    FROM ticket_share_tickets st JOIN ticket_shares sh ON sh.id = st.share_id
   WHERE sh.user_id = :userId AND st.received_at IS NOT NULL`;

/** Past tickets of the user, newest first: used, cancelled, expired unused, and those received by someone else. */
export async function listUsageHistory(
  knex: Knex,
  userId: number,
  page: number,
  perPage: number,
  o: PresentOptions,
): Promise<{ entries: UsageHistoryEntry[]; total: number }> {
  const today = tokyoDate(o.now ?? new Date());
  const params = { userId, today, limit: perPage, offset: (page - 1) * perPage };
  const [{ rows }, { rows: count }] = await Promise.all([
    knex.raw(`${ENTRIES} ORDER BY at DESC, ticket_id LIMIT :limit OFFSET :offset`, params) as Promise<{
      rows: { ticket_id: string; outcome: UsageHistoryEntry['outcome']; at: Date }[];
    }>,
    knex.raw(`SELECT count(*) AS n FROM (${ENTRIES}) e`, { userId, today }) as Promise<{ rows: { n: unknown }[] }>,
  ]);
  const ids = rows.map((r) => r.ticket_id);
  const ticketRows = ids.length ? ((await ticketQuery(knex).whereIn('t.id', ids)) as TicketRow[]) : [];
  // History never shows a live token (shared tickets belong to someone else now).
  const tickets = await presentTickets(knex, ticketRows, { ...o, tokens: false });
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const entries = rows.flatMap((r) => {
    const ticket = byId.get(r.ticket_id);
    if (!ticket) return [];
    const shared = r.outcome === 'shared';
    return [
      {
        ticket: shared ? { ...ticket, token: null, triggerUrl: null, faceImageUrl: null } : ticket,
        outcome: r.outcome,
        at: new Date(r.at).toISOString(),
      },
    ];
  });
  return { entries, total: toCount(count[0]?.n) };
}
