import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { findPayment, lockPayment, moveState, type Payment, providerTxn } from '../store';

const CAPTURED = ['captured', 'partially_refunded', 'refunded'];

/**
 * Captures an authorised payment (mode AUTH: lottery win, waitlist offer taken). The whole authorised amount;
 * `amount`, when given, must equal it. Capturing twice is harmless (answers the captured payment).
 */
export async function capturePayment(
  knex: Knex,
  config: Config,
  input: { paymentId: string; amount?: number; actorUserId?: number | null },
): Promise<Payment> {
  const payment = await findPayment(knex, input.paymentId);
  if (!payment) throw notFound();
  if (CAPTURED.includes(payment.state)) return payment;
  if (payment.state !== 'authorized') throw new DomainError('paymentStateConflict', 409);
  const amount = input.amount ?? payment.amount;
  if (amount !== payment.amount) throw new DomainError('invalidParam', 400, { field: 'amount' });
  try {
    await providerFor(config, payment.provider).capture(providerTxn(payment), amount);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const now = await findPayment(knex, payment.id);
    if (now && CAPTURED.includes(now.state)) return now;
    // The provider answered and refused (the authorisation lapsed or was voided): a capture that will never work.
    if (!/^(http_|unreachable)/.test(err.code)) throw new DomainError('paymentCaptureRefused', 409);
    throw new DomainError('paymentUnavailable', 503);
  }
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, payment.id)) as Payment;
    if (locked.state !== 'authorized') return locked;
    return moveState(trx, locked, 'captured', { source: 'capture', actorUserId: input.actorUserId, data: { amount } });
  });
}
