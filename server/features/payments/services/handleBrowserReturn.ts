import type { Knex } from 'knex';
import { isPendingPayment } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import type { PaymentOutcomeHandler } from '../outcome';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { settle } from '../settle';
import { type Payment, providerTxn } from '../store';
import { getPayment } from './getPayment';

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
  const payment = await getPayment(knex, input.paymentId, input.userId);
  if (!isPendingPayment(payment.state) || !payment.providerRef) return payment;
  const provider = providerFor(config, payment.provider);
  let event: Awaited<ReturnType<typeof provider.queryStatus>>;
  try {
    event = await provider.queryStatus(providerTxn(payment));
  } catch (err) {
    if (err instanceof ProviderError) return payment;
    throw err;
  }
  if (event.status === 'pending') return payment;
  return (await settle(knex, config, outcome, payment.id, event, 'return')).payment;
}
