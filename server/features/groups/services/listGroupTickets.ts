// The list a paid group's leader prints or shows: the group's tickets (one per person) with their numbers and
// whether each has entered, for the requester only.
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';

export async function listGroupTickets(knex: Knex, userId: number, requestId: number) {
  const r = (await knex('group_requests').where({ id: requestId, user_id: userId }).first('order_id')) as
    | { orderId: number | null }
    | undefined;
  if (!r) throw new DomainError('notFound');
  if (r.orderId === null) return [];
  const rows = (await knex('tickets')
    .where({ order_id: r.orderId })
    .whereNull('parent_ticket_id')
    .orderBy('ticket_number')
    .select('ticket_number', 'used_at')) as { ticketNumber: string; usedAt: Date | null }[];
  return rows.map((t) => ({ ticketNumber: t.ticketNumber, entered: t.usedAt !== null }));
}
