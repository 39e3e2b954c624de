import type { Knex } from 'knex';
import type { Config } from '../../../config';
import type { PaymentOutcomeHandler } from '../outcome';
import { cancelPendingPayment } from './cancelPendingPayment';

/** A payment still waiting at the provider this long after its last change has been abandoned. */
export const ABANDONED_AFTER_MS = 20 * 60_000;
/**
 * A payment still `created` this long after its last change lost its start: nobody is at a provider's page for it
 * (that is `redirected`), and a start that lives gives up on the provider within 15 s a call (provider.ts). Its
 * instance died, or the provider's answer was lost: the buyer was told "being processed" and waits for My Tickets.
 */
export const STALLED_START_AFTER_MS = 2 * 60_000;
const BATCH = 50;

/**
 * The job for payments the visitor left at the provider's page (3-D Secure challenge, PayPay or merpay approval)
 * and never came back from. Once the order's payment window (15 minutes) is over, each is settled by what the
 * provider says or failed (cancelPendingPayment), so its pending coins are given back and nothing waits forever.
 * A payment whose start was lost (still `created` after STALLED_START_AFTER_MS) is settled the same way, minutes
 * after, not 20: the provider's word if it has one (a charge it made is fulfilled), else it fails and the order's
 * places go back.
 * Several instances may pick the same payment: cancelPendingPayment decides under the payment's row lock, and
 * settling is idempotent, so the second one changes nothing.
 */
export async function expirePendingPayments(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  now: Date = new Date(),
): Promise<{ expired: number; settled: number }> {
  const before = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const stalledBefore = new Date(now.getTime() - STALLED_START_AFTER_MS);
  const ids = (await knex('payments')
    // A `created` one past the shorter bound is past the longer one too.
    .where((q) =>
      q
        .where((stalled) => stalled.where('state', 'created').where('updated_at', '<', stalledBefore))
        .orWhere((abandoned) => abandoned.where('state', 'redirected').where('updated_at', '<', before)),
    )
    // A konbini payment waits days for the store: expireKonbiniPayments ends it at its own deadline.
    .whereNot('provider', 'konbini')
    .orderBy('updated_at')
    .limit(BATCH)
    .pluck('id')) as string[];
  let expired = 0;
  let settled = 0;
  for (const id of ids) {
    const payment = await cancelPendingPayment(knex, config, outcome, { paymentId: id });
    if (payment.state === 'failed' && payment.failureReason === 'expired') expired++;
    else settled++;
  }
  return { expired, settled };
}
