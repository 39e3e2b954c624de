import type { Knex } from 'knex';
import type { Config } from '../../../config';
import type { PaymentOutcomeHandler } from '../outcome';
import { cancelPendingPayment } from './cancelPendingPayment';
import { ABANDONED_AFTER_MS } from './expirePendingPayments';

const BATCH = 50;

/**
 * The sweep for konbini payments (their own deadline, days away, instead of the card's 20 minutes): a slip not
 * paid by its payment term is settled by what the provider says (paid just before the term: fulfilled) or failed
 * as expired; the order side then gives its places back and tells the buyer (orders' payment outcome). A slip the
 * provider never issued (ExecTranCvs unanswered) ends like an abandoned card payment. Several instances may pick
 * the same payment: cancelPendingPayment decides under the payment's row lock, so the second changes nothing.
 * Should the store's payment still be notified later, settle.ts applies it late (places again if free, else the
 * money goes back).
 */
export async function expireKonbiniPayments(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  now: Date = new Date(),
): Promise<{ expired: number; settled: number }> {
  const ids = (await knex('payments as p')
    .leftJoin('konbini_payments as k', 'k.payment_id', 'p.id')
    .where('p.provider', 'konbini')
    .whereIn('p.state', ['created', 'redirected'])
    .where((q) =>
      q
        .where('k.payment_term', '<', now)
        .orWhere((r) =>
          r.whereNull('k.payment_id').where('p.updated_at', '<', new Date(now.getTime() - ABANDONED_AFTER_MS)),
        ),
    )
    .orderBy('p.updated_at')
    .limit(BATCH)
    .pluck('p.id')) as string[];
  let expired = 0;
  let settled = 0;
  for (const id of ids) {
    const payment = await cancelPendingPayment(knex, config, outcome, { paymentId: id });
    if (payment.state === 'failed' && payment.failureReason === 'expired') expired++;
    else settled++;
  }
  return { expired, settled };
}
