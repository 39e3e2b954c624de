// The job paymentGiveBack: money the provider holds that we will not keep goes back, and the buyer is told.
//   - a payment we accepted whose order could not be fulfilled (its places were gone): a captured payment is
//     refunded in full (refundPayment, with an idempotency key derived from the payment: a retried job refunds
//     once), an authorised one is voided;
//   - a success we refused (amount or order mismatch, or reported for a payment that had failed for another
//     reason): the payment stays failed and the provider is asked to refund or void what it reported.
// Money paid at a convenience store (provider konbini) has no refund at GMO: it is owed to the buyer as a bank
// transfer instead (bankTransfers.ts oweBankTransfer, under the payment's lock with a stable id, so two runs owe
// once), and the buyer is asked for an account rather than told it is refunded.
// A provider that cannot be reached throws: the job is retried with backoff (for about a day). When done, the
// order-refunded e-mail is queued.
import { createHash } from 'node:crypto';
import type { ServerApplicationState } from '@hapi/hapi';
import { audit } from '../../../lib/audit';
import { JOB_NAMES } from '../../jobs';
import { notify } from '../../notifications';
import { oweBankTransfer, owedByTransfer } from '../bankTransfers';
import { providerFor } from '../providers';
import { findPayment, lockPayment, type Payment, providerTxn } from '../store';
import { refundPayment } from './refundPayment';
import { voidPayment } from './voidPayment';

export interface GiveBackRequest {
  paymentId: string;
  /** Why the money goes back (audit and e-mail). */
  reason: 'places_gone' | 'mismatch' | 'late_success' | 'reconciliation';
  /** For a refused success: what the provider reported. */
  reported?: { status: 'authorized' | 'verified' | 'captured'; amount: number; providerRef: string; eventId: string };
}

/** A stable UUID for the refund of one give-back: the provider's idempotency key. */
export function giveBackRefundId(paymentId: string, eventId = ''): string {
  const h = createHash('sha256').update(`give-back:${paymentId}:${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function giveBackPayment(app: ServerApplicationState, request: GiveBackRequest): Promise<string> {
  const { knex, config } = app;
  const payment = await findPayment(knex, request.paymentId);
  if (!payment) return 'missing';
  if (payment.provider === 'konbini') return oweByTransfer(app, payment, request);
  let done: string;
  if (request.reported) {
    // A success we refused: the payment row stays failed; the provider gives back what it reported.
    const provider = providerFor(config, payment.provider);
    const txn = { ...providerTxn(payment), providerRef: request.reported.providerRef || payment.providerRef || '' };
    if (request.reported.status === 'authorized') await provider.void(txn);
    else if (request.reported.status === 'captured') {
      await provider.refund(
        { ...txn, amount: request.reported.amount },
        {
          amount: request.reported.amount,
          refundId: giveBackRefundId(payment.id, request.reported.eventId),
          refundedBefore: 0,
        },
      );
    }
    // A card check reserved nothing: nothing to give back.
    done = { authorized: 'voided', captured: 'refunded', verified: 'nothing' }[request.reported.status];
  } else if (payment.state === 'authorized' || payment.state === 'verified') {
    await voidPayment(knex, config, { paymentId: payment.id });
    done = 'voided';
  } else if (payment.state === 'captured' || payment.state === 'partially_refunded') {
    await refundPayment(knex, config, {
      paymentId: payment.id,
      amount: payment.amount - payment.refundedAmount,
      refundId: giveBackRefundId(payment.id),
      reason: request.reason,
    });
    done = 'refunded';
  } else {
    // Voided or refunded already: a repeat of this job (or of the reconciliation's) tells nobody twice.
    return payment.state;
  }
  await knex.transaction(async (trx) => {
    await audit(trx, {
      entity: 'payment',
      entityId: payment.id,
      action: `payment.given_back`,
      data: { reason: request.reason, how: done, reported: request.reported },
    });
    await app.jobs.send(trx, JOB_NAMES.orderRefundedMail, { paymentId: payment.id }, { singletonKey: payment.id });
    const order = await trx('orders').where({ id: payment.orderId }).first('application_number');
    await notify(trx, {
      userId: payment.userId,
      kind: 'refundDone',
      params: {
        number: order?.applicationNumber ?? '',
        amount: { ja: `${payment.amount.toLocaleString('ja')}円`, en: `¥${payment.amount.toLocaleString('en')}` },
      },
      navigate: '/my-tickets/history',
      about: `payment:${payment.id}`,
    });
  });
  return done;
}

/** Konbini: what the store took and we will not keep is owed by bank transfer (once, however often this runs). */
async function oweByTransfer(app: ServerApplicationState, payment: Payment, request: GiveBackRequest): Promise<string> {
  return app.knex.transaction(async (trx) => {
    const reason = request.reason;
    if (request.reported) {
      if (request.reported.status !== 'captured') return 'nothing';
      const owed = await oweBankTransfer(trx, {
        id: giveBackRefundId(payment.id, request.reported.eventId),
        paymentId: payment.id,
        amount: request.reported.amount,
        reason,
        reported: true,
      });
      return owed ? 'owed' : 'owed_before';
    }
    const locked = (await lockPayment(trx, payment.id)) as Payment;
    if (locked.state !== 'captured' && locked.state !== 'partially_refunded') return locked.state;
    const rest = locked.amount - locked.refundedAmount - (await owedByTransfer(trx, locked.id));
    if (rest <= 0) return 'owed_before';
    const owed = await oweBankTransfer(trx, {
      id: giveBackRefundId(locked.id),
      paymentId: locked.id,
      amount: rest,
      reason,
    });
    return owed ? 'owed' : 'owed_before';
  });
}
