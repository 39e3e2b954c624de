// The order side's hooks for a group's card order (orders' orderHooks, registered by server.ts), run in the
// transaction of the payment's outcome: before any place is taken, whether the request still waits for this very
// order; once its tickets are issued, the request is paid.
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';

async function lockByOrder(trx: Knex.Transaction, orderId: number) {
  return (await trx('group_requests').where('order_id', orderId).forUpdate().first('id', 'state', 'price')) as
    | { id: number | string; state: string; price: number | null }
    | undefined;
}

export async function groupOrderAwaited(trx: Knex.Transaction, orderId: number): Promise<boolean> {
  return (await lockByOrder(trx, orderId))?.state === 'approved';
}

export async function groupOrderPaid(trx: Knex.Transaction, orderId: number, now: Date): Promise<void> {
  const r = await lockByOrder(trx, orderId);
  if (r?.state !== 'approved') throw new Error(`group order ${orderId} paid for a request that is not approved`);
  await trx('group_requests').where('id', r.id).update({ state: 'paid', paid_at: now, updated_at: now });
  await audit(trx, { entity: 'group_request', entityId: r.id, action: 'paid', data: { orderId, method: 'card' } });
}
