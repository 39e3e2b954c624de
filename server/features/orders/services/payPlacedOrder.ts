// The card payment of an order placed outside the cart: a waitlist offer taken (placeOfferOrder), a group's visit
// (payGroupOrder's insertGroupOrder). The payment's outcome fulfils it like any checkout's (fulfilOrder).
import type { Knex } from 'knex';
import { PaymentMethod, PaymentMode } from '../../../../common/enums';
import type { Config } from '../../../config';
import { transaction } from '../../../db/timeouts';
import { type PaymentOutcomeHandler, type StartPaymentResult, startPayment } from '../../payments';
import { failUnstartedOrder } from './failStalledOrders';

/**
 * Starts the card payment of an order placed outside the cart, after the commit that placed it; a start that fails
 * fails the order, and what it was placed for (the offer, the group's request) stays open to try again.
 */
export async function payPlacedOrder(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: {
    orderId: number;
    userId: number;
    amount: number;
    card?: { token: string } | { userCardId: number };
    now: Date;
  },
): Promise<StartPaymentResult> {
  const order = await knex('orders').where({ id: input.orderId }).first('payment_method', 'application_number');
  try {
    const payment = await startPayment(knex, config, outcome, {
      orderId: input.orderId,
      userId: input.userId,
      method: order?.paymentMethod,
      mode: PaymentMode.Capture,
      amount: input.amount,
      card: order?.paymentMethod === PaymentMethod.FullCoin ? undefined : input.card,
      description: order?.applicationNumber,
    });
    await knex('orders')
      .where({ id: input.orderId })
      .whereNull('payment_id')
      .update({ payment_id: payment.payment.id });
    return payment;
  } catch (err) {
    await transaction(knex, 'checkout', async (trx) => {
      const row = await trx('orders').where({ id: input.orderId }).forUpdate().first('state');
      if (row?.state === 'pending_payment' && !(await trx('payments').where({ order_id: input.orderId }).first('id'))) {
        await failUnstartedOrder(trx, input.orderId, input.now);
      }
    });
    throw err;
  }
}
