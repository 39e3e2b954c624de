import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { stateAfterRefund } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { issueCreditNote } from '../../invoices';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { lockPayment, moveState, type Payment, providerTxn } from '../store';

export interface RefundRecord {
  id: string;
  amount: number;
  state: 'pending' | 'succeeded' | 'failed';
}

/**
 * Gives back `amount` yen of a captured payment (partial refunds allowed: cancellation fees keep the rest).
 * The refund is reserved under the payment's row lock first (one pending refund per payment: a concurrent one
 * is refused with 409 and may be retried), then the provider is asked (refundId is its idempotency key: pass
 * your own to make retries safe; retrying a refund that failed at the provider asks again), then the payment
 * moves to partially_refunded or refunded.
 */
export async function refundPayment(
  knex: Knex,
  config: Config,
  input: { paymentId: string; amount: number; refundId?: string; reason?: string; actorUserId?: number | null },
): Promise<{ payment: Payment; refund: RefundRecord }> {
  const refundId = input.refundId ?? randomUUID();
  if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
    throw new DomainError('invalidParam', { field: 'amount' });
  }
  const reserved = await knex.transaction(async (trx) => {
    const payment = await lockPayment(trx, input.paymentId);
    if (!payment) throw notFound();
    const existing = await trx('payment_refunds').where({ id: refundId }).first();
    if (existing && (existing.paymentId !== payment.id || existing.amount !== input.amount)) {
      throw new DomainError('invalidParam', { field: 'refundId' });
    }
    // Done already, or still under way (a retry asks the provider again with the same idempotency key).
    if (existing && existing.state !== 'failed') {
      return { payment, existing: pick(existing), refundedBefore: payment.refundedAmount };
    }
    if (payment.state !== 'captured' && payment.state !== 'partially_refunded') {
      throw new DomainError('paymentStateConflict');
    }
    // One refund at a time per payment: providers that set the remaining amount (GMO ChangeTran) need it.
    if (await trx('payment_refunds').where({ payment_id: payment.id, state: 'pending' }).first('id')) {
      throw new DomainError('paymentStateConflict');
    }
    if (payment.refundedAmount + input.amount > payment.amount) throw new DomainError('paymentRefundTooLarge');
    if (existing) {
      await trx('payment_refunds').where({ id: refundId }).update({ state: 'pending', updated_at: new Date() });
    } else {
      await trx('payment_refunds').insert({
        id: refundId,
        payment_id: payment.id,
        amount: input.amount,
        state: 'pending',
        reason: input.reason?.slice(0, 200) ?? null,
      });
    }
    await audit(trx, {
      entity: 'payment',
      entityId: payment.id,
      action: 'payment.refund_requested',
      actorUserId: input.actorUserId ?? null,
      data: { refundId, amount: input.amount, reason: input.reason, retry: Boolean(existing) },
    });
    return { payment, existing: null, refundedBefore: payment.refundedAmount };
  });
  if (reserved.existing?.state === 'succeeded') {
    return { payment: reserved.payment, refund: reserved.existing };
  }

  try {
    await providerFor(config, reserved.payment.provider).refund(providerTxn(reserved.payment), {
      amount: input.amount,
      refundId,
      refundedBefore: reserved.refundedBefore,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await knex.transaction(async (trx) => {
      await trx('payment_refunds').where({ id: refundId }).update({ state: 'failed', updated_at: new Date() });
      await audit(trx, {
        entity: 'payment',
        entityId: reserved.payment.id,
        action: 'payment.refund_failed',
        actorUserId: input.actorUserId ?? null,
        data: { refundId, amount: input.amount, error: err.message },
      });
    });
    throw new DomainError('paymentUnavailable');
  }

  return knex.transaction(async (trx) => {
    const payment = (await lockPayment(trx, input.paymentId)) as Payment;
    const [refund] = await trx('payment_refunds')
      .where({ id: refundId, state: 'pending' })
      .update({ state: 'succeeded', updated_at: new Date() })
      .returning('*');
    if (!refund) {
      const done = await trx('payment_refunds').where({ id: refundId }).first();
      return { payment, refund: pick(done) };
    }
    const refunded = payment.refundedAmount + input.amount;
    const next = await moveState(trx, payment, stateAfterRefund(payment.amount, payment.refundedAmount, input.amount), {
      source: 'refund',
      actorUserId: input.actorUserId,
      data: { refundId, amount: input.amount, refundedAmount: refunded },
      set: { refunded_amount: refunded },
    });
    // The refund's credit note, numbered in this transaction (no gaps: issue 31).
    await issueCreditNote(trx, { paymentId: payment.id, refundId, amount: input.amount }, new Date());
    return { payment: next, refund: pick(refund) };
  });
}

const pick = (r: Record<string, unknown>): RefundRecord => ({
  id: String(r.id),
  amount: Number(r.amount),
  state: r.state as RefundRecord['state'],
});
