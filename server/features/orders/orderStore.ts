// The one writer of orders.state (orderLedger.unit.test.ts fails when another file writes it): every change goes
// through the order state machine (common/rules/orderState.ts), which refuses an illegal move. Orders are created
// in pending_payment by the checkout (placeOrder, placeOfferOrder) and move only here after that.
import type { Knex } from 'knex';
import { moveOrder, type OrderState } from '../../../common/rules/orderState';
import { issueInvoice } from '../invoices';
import { orderHooks } from './orderHooks';

/** Moves a locked order from `from` to `to` (IllegalTransition if the machine refuses); `set` is written with it. */
export async function setOrderState(
  trx: Knex.Transaction,
  order: { id: number; state: OrderState },
  to: OrderState,
  now: Date,
  set: Record<string, unknown> = {},
): Promise<OrderState> {
  const state = moveOrder(order.state, to);
  await trx('orders')
    .where({ id: order.id })
    .update({ ...set, state, updated_at: now });
  // Every paid order has its qualified invoice, numbered in this transaction (no gaps: issue 31).
  if (state === 'paid') await issueInvoice(trx, order.id, now);
  // Guest vouchers are spent when the order is paid and come back with what is cancelled, whichever path moved it.
  await orderHooks().guestVouchersFollowOrder(trx, order.id, state);
  return state;
}
