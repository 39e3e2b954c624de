// GET api/v1/staff/parks/{parkId}/orders/{orderId}/cancellation-quote: what cancelling these tickets for the
// visitor would cost now, by the same plan the visitor's own cancellation uses (wallet quoteCancellation, byPark:
// waitlist wins priced as of the reservation). Tickets must be of the order and of the park (else 404).
import type { Knex } from 'knex';
import type { CancellationQuote } from '../../../../common/dto/wallet';
import { notFound } from '../../../lib/errors';
import { quoteCancellation } from '../../wallet';
import { ofPark } from '../parkOrders';

/** The order's holder, if the order is the park's and every ticket is of the order and the park. */
export async function holderOf(
  db: Knex | Knex.Transaction,
  parkId: number,
  orderId: number,
  ticketIds: readonly string[],
): Promise<number> {
  const order = (await ofPark(db, db('orders as o').where('o.id', orderId), parkId).first('o.user_id')) as
    | { userId: number }
    | undefined;
  if (!order) throw notFound();
  const ids = [...new Set(ticketIds)];
  const found = await db('tickets').whereIn('id', ids).where({ order_id: orderId, park_id: parkId }).select('id');
  if (found.length !== ids.length || ids.length === 0) throw notFound();
  return order.userId;
}

export async function quoteParkCancellation(
  knex: Knex,
  parkId: number,
  orderId: number,
  ticketIds: readonly string[],
): Promise<CancellationQuote> {
  const holder = await holderOf(knex, parkId, orderId, ticketIds);
  return quoteCancellation(knex, holder, ticketIds, new Date(), true);
}
