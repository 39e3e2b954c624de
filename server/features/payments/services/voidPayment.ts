import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { findPayment, lockPayment, moveState, type Payment, providerTxn } from '../store';

/** Releases an authorisation (mode AUTH: lottery lost). Voiding twice is harmless. */
export async function voidPayment(
  knex: Knex,
  config: Config,
  input: { paymentId: string; actorUserId?: number | null },
): Promise<Payment> {
  const payment = await findPayment(knex, input.paymentId);
  if (!payment) throw notFound();
  if (payment.state === 'voided') return payment;
  if (payment.state !== 'authorized') throw new DomainError('paymentStateConflict', 409);
  try {
    await providerFor(config, payment.provider).void(providerTxn(payment));
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const now = await findPayment(knex, payment.id);
    if (now?.state === 'voided') return now;
    // The provider answered and refused (already voided or lapsed there): retrying will not change it.
    if (!/^(http_|unreachable)/.test(err.code)) throw new DomainError('paymentStateConflict', 409);
    throw new DomainError('paymentUnavailable', 503);
  }
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, payment.id)) as Payment;
    if (locked.state !== 'authorized') return locked;
    return moveState(trx, locked, 'voided', { source: 'void', actorUserId: input.actorUserId });
  });
}
