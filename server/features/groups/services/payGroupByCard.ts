// The leader of an approved group pays by card instead of by invoice (issue 31). Under the request's lock the
// group's order is placed unpaid (orders' insertGroupOrder: its line holds the request's own places) and the
// request points at it; after the commit the card payment starts (3-D Secure may follow), and its outcome fulfils
// the order like any checkout's: the held places sold, one ticket per person, then groupOrderPaid marks the
// request paid. A payment in flight blocks a second one and the transfer; a failed one leaves the group approved,
// its places still held until the due date, to try again or pay by invoice.
import type { Knex } from 'knex';
import { PaymentMethod } from '../../../../common/enums';
import type { Config } from '../../../config';
import { transaction } from '../../../db/timeouts';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { insertGroupOrder, payPlacedOrder, requirePaymentProfile } from '../../orders';
import type { PaymentOutcomeHandler, StartPaymentResult } from '../../payments';
import { groupOrderSpec, lockGroupRequest } from '../lock';
import { refuseWhilePaying } from './cardOrderInFlight';

export async function payGroupByCard(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: {
    userId: number;
    requestId: number;
    card: { token: string } | { userCardId: number };
    now: Date;
  },
): Promise<{ orderId: number; payment: StartPaymentResult }> {
  const placed = await transaction(knex, 'checkout', async (trx) => {
    const r = await lockGroupRequest(trx, input.requestId, null, 'paid');
    if (r.userId !== input.userId) throw notFound();
    await refuseWhilePaying(trx, r.orderId);
    if (r.price === null || r.stockUnitId === null) throw new DomainError('groupRequestState');
    await requirePaymentProfile(trx, input.userId);
    const { orderId } = await insertGroupOrder(
      trx,
      groupOrderSpec(r, r.price, input.userId),
      PaymentMethod.Visa,
      input.now,
    );
    await trx('group_requests')
      .where('id', r.id)
      .update({ order_id: orderId, payment_method: 'card', updated_at: input.now });
    await audit(trx, {
      entity: 'group_request',
      entityId: r.id,
      action: 'card_payment_started',
      actorUserId: input.userId,
      data: { orderId, amount: r.price },
    });
    return { orderId, amount: r.price };
  });
  const payment = await payPlacedOrder(knex, config, outcome, {
    orderId: placed.orderId,
    userId: input.userId,
    amount: placed.amount,
    card: input.card,
    now: input.now,
  });
  return { orderId: placed.orderId, payment };
}
