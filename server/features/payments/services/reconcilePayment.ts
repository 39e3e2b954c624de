import type { Knex } from 'knex';
import { isPendingPayment } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import { notFound } from '../../../lib/errors';
import type { PaymentOutcomeHandler } from '../outcome';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { settle } from '../settle';
import { findPayment, type Payment, providerTxn } from '../store';

/**
 * Asks the provider (server-to-server) for a pending payment's result (or for one we gave up on as abandoned) and
 * settles it exactly once, as a notification would. For the browser return and for jobs that look at payments left pending (e.g. before
 * an order's holds expire). A payment that is not pending, or a provider that cannot answer, changes nothing.
 */
export async function reconcilePayment(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  paymentId: string,
): Promise<Payment> {
  const payment = await findPayment(knex, paymentId);
  if (!payment) throw notFound();
  // A payment we gave up on as abandoned may still have been completed at the provider: ask about it too.
  const givenUp = payment.state === 'failed' && payment.failureReason === 'expired';
  if ((!isPendingPayment(payment.state) && !givenUp) || !payment.providerRef) return payment;
  const provider = providerFor(config, payment.provider);
  let event: Awaited<ReturnType<typeof provider.queryStatus>>;
  try {
    event = await provider.queryStatus(providerTxn(payment));
  } catch (err) {
    if (err instanceof ProviderError) return payment;
    throw err;
  }
  if (event.status === 'pending') return payment;
  return (await settle(knex, outcome, payment.id, event, 'return')).payment;
}
