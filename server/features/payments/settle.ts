// Applies one provider result to a payment, exactly once, whatever delivers it (the start call's answer,
// a notification, the browser return) and however often or concurrently:
//   one transaction: lock the payment row FOR UPDATE -> insert the event id (ON CONFLICT DO NOTHING: a
//   duplicate stops here) -> check order ref and amount against the stored payment -> move the state through
//   the state machine (audit row) -> the outcome hook, in the same transaction.
// A result whose amount or order ref differs from ours fails the payment (audit row, `failed` hook), never
// succeeds it, and the provider-side money is given back by a durable job queued in the same transaction.
// A success reported after we failed the payment as abandoned (reason 'expired') is applied late: the order side
// takes the places again if they are free; when it cannot fulfil the order (`unfulfillable`), the payment keeps its
// success state with reason places_gone and the give-back job refunds or voids it and tells the buyer (a konbini
// payment, which GMO cannot refund, is owed back by bank transfer instead: bankTransfers.ts).
// A success reported for a payment that failed for any other reason is given back the same way.
// Every state the world can produce ends here in fulfilled or given back: nothing answers 5xx for it.
import type { Knex } from 'knex';
import { PaymentMode } from '../../../common/enums';
import { isPendingPayment } from '../../../common/rules/paymentState';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { PaymentOutcomeHandler } from './outcome';
import type { ProviderEvent } from './provider';
import { lockPayment, moveState, type Payment } from './store';

export type EventSource = 'start' | 'notification' | 'return';

export interface SettleResult {
  payment: Payment;
  /** False when the event id was seen before (or the result was still pending). */
  recorded: boolean;
  changed: boolean;
}

export async function settle(
  knex: Knex,
  outcome: PaymentOutcomeHandler,
  paymentId: string,
  event: ProviderEvent,
  source: EventSource,
): Promise<SettleResult> {
  return knex.transaction(async (trx): Promise<SettleResult> => {
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
      if (isSuccess(event.status)) {
        const mismatch =
          event.orderRef !== payment.orderRef || (payment.providerRef && event.providerRef !== payment.providerRef)
            ? 'order_mismatch'
            : event.amount !== expectedAmount(payment, event)
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
          await outcome.giveBack(trx, { paymentId: payment.id, reason: 'mismatch', reported: reportedOf(event) });
          return { payment: failed, recorded: true, changed: true };
        }
        return succeed(trx, outcome, payment, event, source);
      }
      // failed, or voided / refunded before we ever saw success: the attempt failed.
      const reason = event.reason ?? (event.status === 'failed' ? 'provider_error' : 'cancelled');
      const failed = await moveState(trx, payment, 'failed', { source, reason, data: { eventId: event.eventId } });
      await outcome.failed(trx, failed);
      return { payment: failed, recorded: true, changed: true };
    }

    // Success reported for a payment that already ended failed.
    if (payment.state === 'failed' && isSuccess(event.status)) {
      await audit(trx, {
        entity: 'payment',
        entityId: payment.id,
        action: 'payment.late_success',
        data: { source, eventId: event.eventId, status: event.status, amount: event.amount },
      });
      const matches =
        event.orderRef === payment.orderRef &&
        event.amount === expectedAmount(payment, event) &&
        (!payment.providerRef || event.providerRef === payment.providerRef);
      // We gave up on it as abandoned: it is applied late (places again, or the money back).
      if (payment.failureReason === 'expired' && matches) return succeed(trx, outcome, payment, event, source);
      await outcome.giveBack(trx, { paymentId: payment.id, reason: 'late_success', reported: reportedOf(event) });
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
}

type SuccessStatus = 'authorized' | 'verified' | 'captured';
const isSuccess = (status: ProviderEvent['status']): status is SuccessStatus =>
  status === 'authorized' || status === 'verified' || status === 'captured';
/** A card check reserves nothing: its result carries 0, and the mode must be CHECK. */
const expectedAmount = (payment: Payment, event: ProviderEvent) =>
  event.status === 'verified' ? (payment.mode === PaymentMode.Check ? 0 : -1) : payment.amount;

const reportedOf = (event: ProviderEvent) => ({
  status: event.status as SuccessStatus,
  amount: event.amount,
  providerRef: event.providerRef,
  eventId: event.eventId,
});

/** The payment reached success: the order side fulfils it, or the money goes back (places_gone). */
async function succeed(
  trx: Knex.Transaction,
  outcome: PaymentOutcomeHandler,
  payment: Payment,
  event: ProviderEvent,
  source: EventSource,
): Promise<SettleResult> {
  const next = await moveState(trx, payment, event.status as SuccessStatus, {
    source,
    data: { eventId: event.eventId, late: payment.state === 'failed' },
    set: { failure_reason: null },
  });
  if ((await outcome.succeeded(trx, next)) === 'fulfilled') return { payment: next, recorded: true, changed: true };
  const [gone] = await trx('payments')
    .where({ id: payment.id })
    .update({ failure_reason: 'places_gone' })
    .returning('*');
  await audit(trx, { entity: 'payment', entityId: payment.id, action: 'payment.places_gone', data: { source } });
  await outcome.giveBack(trx, { paymentId: payment.id, reason: 'places_gone' });
  return { payment: { ...next, failureReason: gone?.failureReason ?? 'places_gone' }, recorded: true, changed: true };
}
