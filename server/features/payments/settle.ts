// Applies one provider result to a payment, exactly once, whatever delivers it (the start call's answer,
// a notification, the browser return) and however often or concurrently:
//   one transaction: lock the payment row FOR UPDATE -> insert the event id (ON CONFLICT DO NOTHING: a
//   duplicate stops here) -> check order ref and amount against the stored payment -> move the state through
//   the state machine (audit row) -> the outcome hook, in the same transaction.
// A result whose amount or order ref differs from ours fails the payment (audit row, `failed` hook), never
// succeeds it; after commit the provider-side money is given back (void or refund), best effort and audited.
// The same give-back happens for a success reported after the payment was already failed (cancelled).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isPendingPayment } from '../../../common/rules/paymentState';
import type { Config } from '../../config';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { PaymentOutcomeHandler } from './outcome';
import type { ProviderEvent } from './provider';
import { providerFor } from './providers';
import { lockPayment, moveState, type Payment, providerTxn } from './store';

export type EventSource = 'start' | 'notification' | 'return';

export interface SettleResult {
  payment: Payment;
  /** False when the event id was seen before (or the result was still pending). */
  recorded: boolean;
  changed: boolean;
}

export async function settle(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  paymentId: string,
  event: ProviderEvent,
  source: EventSource,
): Promise<SettleResult> {
  let giveBack: 'void' | 'refund' | null = null;
  let why: 'mismatch' | 'late_success' = 'mismatch';
  const result = await knex.transaction(async (trx): Promise<SettleResult> => {
    const payment = await lockPayment(trx, paymentId);
    if (!payment) throw notFound();
    if (event.status === 'pending') return { payment, recorded: false, changed: false };
    const inserted = await trx('payment_events')
      .insert({
        provider: payment.provider,
        event_id: event.eventId,
        payment_id: payment.id,
        kind: source,
        status: event.status,
        payload: JSON.stringify({ ...event.raw, reason: event.reason }),
      })
      .onConflict(['provider', 'event_id'])
      .ignore()
      .returning('id');
    if (inserted.length === 0) return { payment, recorded: false, changed: false };

    if (isPendingPayment(payment.state)) {
      if (event.status === 'authorized' || event.status === 'captured') {
        const mismatch =
          event.orderRef !== payment.orderRef || (payment.providerRef && event.providerRef !== payment.providerRef)
            ? 'order_mismatch'
            : event.amount !== payment.amount
              ? 'amount_mismatch'
              : null;
        if (mismatch) {
          await audit(trx, {
            entity: 'payment',
            entityId: payment.id,
            action: `payment.${mismatch}`,
            data: {
              source,
              eventId: event.eventId,
              expected: { orderRef: payment.orderRef, amount: payment.amount },
              received: { orderRef: event.orderRef, amount: event.amount, status: event.status },
            },
          });
          const failed = await moveState(trx, payment, 'failed', { source, reason: mismatch });
          await outcome.failed(trx, failed);
          giveBack = event.status === 'authorized' ? 'void' : 'refund';
          return { payment: failed, recorded: true, changed: true };
        }
        const next = await moveState(trx, payment, event.status, { source, data: { eventId: event.eventId } });
        await outcome.succeeded(trx, next);
        return { payment: next, recorded: true, changed: true };
      }
      // failed, or voided / refunded before we ever saw success: the attempt failed.
      const reason = event.reason ?? (event.status === 'failed' ? 'provider_error' : 'cancelled');
      const failed = await moveState(trx, payment, 'failed', { source, reason, data: { eventId: event.eventId } });
      await outcome.failed(trx, failed);
      return { payment: failed, recorded: true, changed: true };
    }

    // Success reported for a payment that already ended failed (cancelled while the user was still at the
    // provider, or an earlier mismatch): the money goes back, the payment stays failed, no hook.
    if (payment.state === 'failed' && (event.status === 'authorized' || event.status === 'captured')) {
      await audit(trx, {
        entity: 'payment',
        entityId: payment.id,
        action: 'payment.late_success',
        data: { source, eventId: event.eventId, status: event.status, amount: event.amount },
      });
      giveBack = event.status === 'authorized' ? 'void' : 'refund';
      why = 'late_success';
      return { payment, recorded: true, changed: false };
    }

    // After success only the provider's capture or void of an authorisation moves the state (no hook:
    // the order side asked for it). Everything else is recorded and changes nothing.
    if (payment.state === 'authorized' && (event.status === 'captured' || event.status === 'voided')) {
      const next = await moveState(trx, payment, event.status, { source, data: { eventId: event.eventId } });
      return { payment: next, recorded: true, changed: true };
    }
    return { payment, recorded: true, changed: false };
  });

  if (giveBack) await giveBackMoney(knex, config, result.payment, event, giveBack, why);
  return result;
}

/** The provider holds money for a result we refused: void the authorisation or refund the capture. */
async function giveBackMoney(
  knex: Knex,
  config: Config,
  payment: Payment,
  event: ProviderEvent,
  how: 'void' | 'refund',
  why: 'mismatch' | 'late_success',
): Promise<void> {
  const provider = providerFor(config, payment.provider);
  const txn = {
    ...providerTxn(payment),
    providerRef: event.providerRef || payment.providerRef || '',
    amount: event.amount,
  };
  try {
    if (how === 'void') await provider.void(txn);
    else await provider.refund(txn, { amount: event.amount, refundId: randomUUID(), refundedBefore: 0 });
    await audit(knex, { entity: 'payment', entityId: payment.id, action: `payment.${why}_${how}`, data: event.raw });
  } catch (err) {
    await audit(knex, {
      entity: 'payment',
      entityId: payment.id,
      action: `payment.${why}_${how}_failed`,
      data: { error: (err as Error).message },
    });
  }
}
