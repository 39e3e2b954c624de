import type { Knex } from 'knex';
import type { WalletAnswer } from '../../../../common/dto/wallet';
import { tokyoDate } from '../../../../common/time';
import { type PresentOptions, presentTickets, type TicketRow, ticketQuery } from '../tickets';

/** My Tickets: the owner's tickets not shared out, not cancelled, whose day of use has not passed. */
export async function listWallet(knex: Knex, userId: number, o: PresentOptions): Promise<WalletAnswer> {
  const now = o.now ?? new Date();
  const rows = (await ticketQuery(knex)
    .where('t.user_id', userId)
    .whereNull('t.share_id')
    .whereNot('t.state', 'cancelled')
    .where('t.use_date', '>=', tokyoDate(now))
    .orderBy([{ column: 't.use_date' }, { column: 's.start_time' }, { column: 't.ticket_number' }])
    .limit(500)) as TicketRow[];
  return { tickets: await presentTickets(knex, rows, { ...o, now }), asOf: now.toISOString() };
}
