import type { Knex } from 'knex';
import { isPendingPayment } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import { DomainError } from '../../../lib/errors';
import type { PaymentOutcomeHandler } from '../outcome';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { lockPayment, moveState, type Payment, providerTxn } from '../store';
import { reconcilePayment } from './reconcilePayment';

/**
 * Gives up a payment still waiting at the provider (the visitor left the challenge or approval page and the
 * order's payment window ended). The provider is asked first: a result it already has is settled as usual.
 * Otherwise the payment fails (reason `expired`, the `failed` hook runs). Should the visitor still complete it
 * at the provider later, that success is not applied: the money is given back (see settle.ts).
 */
export async function cancelPendingPayment(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: { paymentId: string; actorUserId?: number | null; byVisitor?: boolean },
): Promise<Payment> {
  const now = await reconcilePayment(knex, config, outcome, input.paymentId);
  if (!isPendingPayment(now.state)) return now;
  // A konbini slip the visitor gives up is cancelled at the provider first (CvsCancel), so the store refuses it from
  // then on: it fails as cancelled, never to be paid late. Should the cancel not go through, the slip stands.
  const cancelled = input.byVisitor === true && now.provider === 'konbini';
  if (cancelled && now.providerRef) {
    try {
      await providerFor(config, now.provider).void(providerTxn(now));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const again = await reconcilePayment(knex, config, outcome, input.paymentId);
      if (!isPendingPayment(again.state)) return again;
      throw new DomainError('paymentUnavailable');
    }
  }
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, input.paymentId)) as Payment;
    if (!isPendingPayment(locked.state)) return locked;
    const failed = await moveState(trx, locked, 'failed', {
      source: 'cancel',
      reason: cancelled ? 'cancelled' : 'expired',
      actorUserId: input.actorUserId,
    });
    await outcome.failed(trx, failed);
    return failed;
  });
}
