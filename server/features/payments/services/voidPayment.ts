import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { findPayment, lockPayment, moveState, type Payment, providerTxn } from '../store';

/**
 * Releases an authorisation (mode AUTH: lottery lost). A checked card (mode CHECK) has nothing reserved at the
 * provider: the payment just ends voided. Voiding twice is harmless.
 */
export async function voidPayment(
  knex: Knex,
  config: Config,
  input: { paymentId: string; actorUserId?: number | null },
): Promise<Payment> {
  const payment = await findPayment(knex, input.paymentId);
  if (!payment) throw notFound();
  if (payment.state === 'voided') return payment;
  if (payment.state !== 'authorized' && payment.state !== 'verified') {
    throw new DomainError('paymentStateConflict', 409);
  }
  if (payment.state === 'verified') return endVoided(knex, payment.id, payment.state, input.actorUserId);
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
  return endVoided(knex, payment.id, payment.state, input.actorUserId);
}

function endVoided(knex: Knex, paymentId: string, from: Payment['state'], actorUserId?: number | null) {
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, paymentId)) as Payment;
    if (locked.state !== from) return locked;
    return moveState(trx, locked, 'voided', { source: 'void', actorUserId });
  });
}
