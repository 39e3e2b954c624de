// Staff (finance or owner) record the bank transfer of an approved group's invoice. The amount must equal the
// price (else 400 groupTransferAmount naming it, nothing changed). Then, in one transaction under the request's
// lock: the order is placed and paid, the held places sold through the stock ledger, one ticket per person issued
// through the ticket ledger (orders' payGroupOrder), the request paid; the requester is told. A transfer that
// arrives after the due date but before the release sweep still buys the places (they were never given away).
// While the leader's card payment is in flight the transfer is refused (409 checkoutInProgress): one must fail first.
import type { Knex } from 'knex';
import { transaction } from '../../../db/timeouts';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { payGroupOrder } from '../../orders';
import { groupOrderSpec, lockGroupRequest } from '../lock';
import { tellRequester } from '../tell';
import { refuseWhilePaying } from './cardOrderInFlight';

export async function recordGroupTransfer(
  knex: Knex,
  input: { parkId: number; requestId: number; actorUserId: number; amount: number; now: Date },
): Promise<{ orderId: number; tickets: number }> {
  return transaction(knex, 'checkout', async (trx) => {
    const r = await lockGroupRequest(trx, input.requestId, input.parkId, 'paid');
    await refuseWhilePaying(trx, r.orderId);
    if (input.amount !== r.price) throw new DomainError('groupTransferAmount', { amount: r.price ?? 0 });
    const paid = await payGroupOrder(trx, groupOrderSpec(r, input.amount, input.actorUserId), input.now);
    await trx('group_requests').where('id', r.id).update({
      state: 'paid',
      payment_method: 'invoice',
      order_id: paid.orderId,
      transfer_amount: input.amount,
      paid_at: input.now,
      updated_at: input.now,
    });
    await audit(trx, {
      entity: 'group_request',
      entityId: r.id,
      action: 'paid',
      actorUserId: input.actorUserId,
      data: { amount: input.amount, orderId: paid.orderId, tickets: paid.tickets },
    });
    await tellRequester(
      trx,
      { id: Number(r.id), userId: r.userId, itemId: r.itemId, organisation: r.organisation, date: r.date },
      'paid',
    );
    return paid;
  });
}
