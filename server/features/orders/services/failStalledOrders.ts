// The sweep failStalledOrders: an order placed whose payment never started (the process stopped between the
// order's commit and the payment's first row) would keep its cart lines frozen forever. After the payment window
// such an order fails, its coins come back and its lines open again, exactly as when the start is refused at once.
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { openLines } from '../../carts';
import { giveBackSpentCoins } from '../coins';
import { setOrderState } from '../orderStore';

/** Longer than any payment start takes, and than the abandoned-payment job's wait. */
export const STALLED_AFTER_MS = 20 * 60_000;

/** A locked order awaiting a payment that never started: failed, its coins back, its cart lines open again. */
export async function failUnstartedOrder(trx: Knex.Transaction, orderId: number, now: Date, stalled = false) {
  const order = await trx('orders').where({ id: orderId }).first('id', 'state');
  await setOrderState(trx, order, 'failed', now, { failure_reason: 'not_started' });
  await giveBackSpentCoins(trx, orderId);
  await openLines(trx, orderId);
  await audit(trx, { entity: 'order', entityId: orderId, action: 'failed', data: { reason: 'not_started', stalled } });
}

export async function failStalledOrders(knex: Knex, now: Date): Promise<{ failed: number }> {
  return knex.transaction(async (trx) => {
    const { rows } = (await trx.raw(
      `SELECT o.id FROM orders o
       WHERE o.state = 'pending_payment' AND o.ordered_at < ?
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)
       ORDER BY o.id LIMIT 100 FOR UPDATE SKIP LOCKED`,
      [new Date(now.getTime() - STALLED_AFTER_MS)],
    )) as { rows: { id: number }[] };
    for (const { id } of rows) await failUnstartedOrder(trx, id, now, true);
    return { failed: rows.length };
  });
}
