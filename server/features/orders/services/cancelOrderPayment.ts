import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { cancelPendingPayment, type PaymentOutcomeHandler } from '../../payments';

/**
 * The visitor gives up a payment their order still awaits (they left the provider's page): the provider is asked
 * first (a result it has is applied as usual), otherwise the payment fails and the order's lines open again.
 * Another person's order is a 404; an order not awaiting payment a 409.
 */
export async function cancelOrderPayment(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: { userId: number; orderId: number },
): Promise<void> {
  const order = await knex('orders').where({ id: input.orderId, user_id: input.userId }).first('state');
  if (!order) throw notFound();
  if (order.state !== 'pending_payment') throw new DomainError('paymentStateConflict');
  const payments = (await knex('payments')
    .where({ order_id: input.orderId })
    .whereIn('state', ['created', 'redirected'])
    .pluck('id')) as string[];
  for (const id of payments) {
    await cancelPendingPayment(knex, config, outcome, { paymentId: id, actorUserId: input.userId, byVisitor: true });
  }
}
