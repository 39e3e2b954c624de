// Settling one payment (capture, void) is exclusive and idempotent: one caller at a time holds the payment's lease
// (two sweeps, two instances, a visitor's withdrawal and the draw never act on it together), and after a provider
// refusal the provider's own word on the trade decides: its "already done" is the outcome we record, not a failure.
import type { Knex } from 'knex';
import type { PaymentState } from '../../../common/rules/paymentState';
import type { Config } from '../../config';
import { withLease } from '../../db/leases';
import { DomainError } from '../../lib/errors';
import { ProviderError } from './provider';
import { providerFor } from './providers';
import { findPayment, lockPayment, type MoveOptions, moveState, type Payment, providerTxn } from './store';

/** Runs `work` as the only settler of the payment; a settler that does not finish within 30 s: try again later. */
export async function settlingPayment<T>(knex: Knex, paymentId: string, work: () => Promise<T>): Promise<T> {
  const leased = await withLease(knex, `payment:${paymentId}`, work, { ttlMs: 120_000, waitMs: 30_000 });
  if (!leased.ran) throw new DomainError('paymentUnavailable');
  return leased.value;
}

/**
 * After the provider refused to capture or void: what it says the trade is now. A trade it reports captured or
 * voided is recorded so (when our state allows the move) and answered; anything else answers null (a real refusal).
 */
export async function providerSaysAlready(
  knex: Knex,
  config: Config,
  payment: Payment,
  wanted: Extract<PaymentState, 'captured' | 'voided'>,
  options: MoveOptions,
): Promise<Payment | null> {
  const seen = await findPayment(knex, payment.id);
  if (seen?.state === wanted) return seen;
  let status: string;
  try {
    status = (await providerFor(config, payment.provider).queryStatus(providerTxn(payment))).status;
  } catch (err) {
    if (err instanceof ProviderError) return null;
    throw err;
  }
  if (status !== 'captured' && status !== 'voided') return null;
  const recorded = await knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, payment.id)) as Payment;
    if (locked.state !== 'authorized') return locked;
    return moveState(trx, locked, status as 'captured' | 'voided', {
      ...options,
      data: { ...options.data, providerSaid: status, alreadyDone: true },
    });
  });
  return recorded.state === wanted ? recorded : null;
}
