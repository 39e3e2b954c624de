import type { Knex } from 'knex';
import type { Config } from '../../../config';
import type { PaymentOutcomeHandler } from '../outcome';
import type { Payment } from '../store';
import { getPayment } from './getPayment';
import { reconcilePayment } from './reconcilePayment';

/**
 * The browser came back from the provider (3-D Secure challenge, PayPay / merpay approval). Whatever its query
 * string says, the result is asked from the provider server-to-server and settled exactly once (the
 * notification may have done it already). Owner only (404 otherwise). Answers the payment as it now stands:
 * still `redirected` when the provider has no final word yet (the PWA may ask again).
 */
export async function handleBrowserReturn(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: { paymentId: string; userId: number; query?: Record<string, unknown> },
): Promise<Payment> {
  await getPayment(knex, input.paymentId, input.userId);
  return reconcilePayment(knex, config, outcome, input.paymentId);
}
