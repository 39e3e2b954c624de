import type { Knex } from 'knex';
import { CAPTURED_PAYMENT_STATES } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { ProviderError } from '../provider';
import { providerFor } from '../providers';
import { providerSaysAlready, settlingPayment } from '../settling';
import { findPayment, lockPayment, moveState, type Payment, providerTxn } from '../store';

/**
 * Captures an authorised payment (mode AUTH: lottery win, waitlist offer taken), or charges the checked card of a
 * verified one (mode CHECK: a lottery win whose draw was beyond an authorisation's lifetime). The whole amount;
 * `amount`, when given, must equal it. Capturing twice is harmless (answers the captured payment), also at once:
 * the payment is settled by one caller at a time (settlingPayment), and a provider that answers "already captured"
 * (our record was lost after its capture) is asked for the trade's status, which is recorded as the outcome.
 */
export function capturePayment(
  knex: Knex,
  config: Config,
  input: { paymentId: string; amount?: number; actorUserId?: number | null },
): Promise<Payment> {
  return settlingPayment(knex, input.paymentId, () => captureOnce(knex, config, input));
}

async function captureOnce(
  knex: Knex,
  config: Config,
  input: { paymentId: string; amount?: number; actorUserId?: number | null },
): Promise<Payment> {
  const payment = await findPayment(knex, input.paymentId);
  if (!payment) throw notFound();
  if (CAPTURED_PAYMENT_STATES.includes(payment.state)) return payment;
  if (payment.state !== 'authorized' && payment.state !== 'verified') {
    throw new DomainError('paymentStateConflict');
  }
  const amount = input.amount ?? payment.amount;
  if (amount !== payment.amount) throw new DomainError('invalidParam', { field: 'amount' });
  if (payment.state === 'verified') return chargeCheckedCard(knex, config, payment, input.actorUserId);
  try {
    await providerFor(config, payment.provider).capture(providerTxn(payment), amount);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const done = await providerSaysAlready(knex, config, payment, 'captured', {
      source: 'capture',
      actorUserId: input.actorUserId,
    });
    if (done) return done;
    throw refusalOrOutage(err);
  }
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, payment.id)) as Payment;
    if (locked.state !== 'authorized') return locked;
    return moveState(trx, locked, 'captured', { source: 'capture', actorUserId: input.actorUserId, data: { amount } });
  });
}

/** The provider answered and refused (authorisation lapsed or voided, card declined): retrying will not help. */
const refusalOrOutage = (err: ProviderError) =>
  /^(http_|unreachable)/.test(err.code)
    ? new DomainError('paymentUnavailable')
    : new DomainError('paymentCaptureRefused');

/**
 * A new trade on the registered card, its reference derived from the payment's (so a repeat after a lost answer
 * finds the first charge, never makes a second). The payment then points at the charge: refunds go there.
 */
async function chargeCheckedCard(
  knex: Knex,
  config: Config,
  payment: Payment,
  actorUserId?: number | null,
): Promise<Payment> {
  const provider = providerFor(config, payment.provider);
  const card = payment.userCardId
    ? await knex('user_cards').where({ id: payment.userCardId }).first('provider_member_id', 'provider_card_seq')
    : null;
  if (!card || !provider.chargeStoredCard) throw new DomainError('paymentCaptureRefused');
  const chargeRef = `${payment.orderRef}C`;
  let refs: Awaited<ReturnType<NonNullable<typeof provider.chargeStoredCard>>>;
  try {
    refs = await provider.chargeStoredCard({
      orderRef: chargeRef,
      amount: payment.amount,
      card: { memberId: card.providerMemberId, cardSeq: card.providerCardSeq },
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    throw refusalOrOutage(err);
  }
  return knex.transaction(async (trx) => {
    const locked = (await lockPayment(trx, payment.id)) as Payment;
    if (locked.state !== 'verified') return locked;
    return moveState(trx, locked, 'captured', {
      source: 'capture',
      actorUserId,
      data: { amount: payment.amount, checkRef: payment.orderRef, chargeRef },
      set: {
        order_ref: chargeRef,
        provider_ref: refs.providerRef,
        access_id: refs.accessId ?? null,
        access_pass: refs.accessPass ?? null,
      },
    });
  });
}
