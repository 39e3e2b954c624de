import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { JOB_NAMES, jobQueueOf } from '../../jobs';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { providerSaysAlready, settlingPayment } from '../settling';
import { findPayment, lockPayment, moveState, type Payment, providerTxn } from '../store';

/**
 * Releases an authorisation (mode AUTH: lottery lost). A checked card (mode CHECK) has nothing reserved at the
 * provider: the payment just ends voided. Voiding twice is harmless, also at once (settlingPayment); a provider that
 * refuses is asked for the trade's status, which is recorded: "already voided" is the outcome, and a trade the
 * provider says is captured is recorded captured (the reconciliation sweep then gives that money back).
 */
export function voidPayment(
  knex: Knex,
  config: Config,
  input: { paymentId: string; actorUserId?: number | null },
): Promise<Payment> {
  return settlingPayment(knex, input.paymentId, () => voidOnce(knex, config, input));
}

async function voidOnce(
  knex: Knex,
  config: Config,
  input: { paymentId: string; actorUserId?: number | null },
): Promise<Payment> {
  const payment = await findPayment(knex, input.paymentId);
  if (!payment) throw notFound();
  if (payment.state === 'voided') return payment;
  if (payment.state === 'captured') return giveBackUnpaidCapture(knex, payment.id, input.actorUserId);
  if (payment.state !== 'authorized' && payment.state !== 'verified') {
    throw new DomainError('paymentStateConflict');
  }
  if (payment.state === 'verified') return endVoided(knex, payment.id, payment.state, input.actorUserId);
  try {
    await providerFor(config, payment.provider).void(providerTxn(payment));
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const done = await providerSaysAlready(knex, config, payment, 'voided', {
      source: 'void',
      actorUserId: input.actorUserId,
    });
    if (done?.state === 'voided') return done;
    if ((await findPayment(knex, payment.id))?.state === 'captured') {
      return giveBackUnpaidCapture(knex, payment.id, input.actorUserId);
    }
    // The provider answered and refused (already voided or lapsed there): retrying will not change it.
    if (!/^(http_|unreachable)/.test(err.code)) throw new DomainError('paymentStateConflict');
    throw new DomainError('paymentUnavailable');
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

/**
 * Voiding a payment already captured: if its order is not paid, the money goes back (paymentGiveBack, reason
 * reconciliation, queued in this transaction, once: the audit row is the mark); a paid order's payment is a conflict.
 */
function giveBackUnpaidCapture(knex: Knex, paymentId: string, actorUserId?: number | null): Promise<Payment> {
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, paymentId)) as Payment;
    if (locked.state !== 'captured') throw new DomainError('paymentStateConflict');
    const order = (await trx('orders').where({ id: locked.orderId }).first('state')) as { state: string } | undefined;
    if (order?.state === 'paid') throw new DomainError('paymentStateConflict');
    const marked = await trx('audit_logs')
      .where({ entity: 'payment', entity_id: String(locked.id), action: 'payment.void_found_captured' })
      .first('id');
    if (marked) return locked;
    await audit(trx, {
      entity: 'payment',
      entityId: locked.id,
      action: 'payment.void_found_captured',
      actorUserId,
      data: { orderState: order?.state ?? null },
    });
    await jobQueueOf(trx).send(trx, JOB_NAMES.paymentGiveBack, { paymentId: locked.id, reason: 'reconciliation' });
    return locked;
  });
}
