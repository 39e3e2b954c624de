import type { Knex } from 'knex';
import { isPendingPayment } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import type { PaymentOutcomeHandler } from '../outcome';
import { lockPayment, moveState, type Payment } from '../store';
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
  input: { paymentId: string; actorUserId?: number | null },
): Promise<Payment> {
  const now = await reconcilePayment(knex, config, outcome, input.paymentId);
  if (!isPendingPayment(now.state)) return now;
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, input.paymentId)) as Payment;
    if (!isPendingPayment(locked.state)) return locked;
    const failed = await moveState(trx, locked, 'failed', {
      source: 'cancel',
      reason: 'expired',
      actorUserId: input.actorUserId,
    });
    await outcome.failed(trx, failed);
    return failed;
  });
}
