import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { type PaymentMethod, PaymentMode } from '../../../../common/enums';
import type { FailureReason } from '../../../../common/rules/paymentState';
import { isPendingPayment, SUCCEEDED_PAYMENT_STATES } from '../../../../common/rules/paymentState';
import type { Config } from '../../../config';
import { transaction } from '../../../db/timeouts';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import type { PaymentOutcomeHandler } from '../outcome';
import { type ChargeCard, type KonbiniRequest, ProviderError, type ProviderRefs } from '../provider';
import { METHOD_PROVIDER, providerFor } from '../providers';
import { settle } from '../settle';
import { findPayment, lockPayment, moveState, type Payment } from '../store';
import { registerCard } from './registerCard';

export interface StartPaymentInput {
  /** The order paid for (orders table comes with the order feature; no foreign key yet). */
  orderId: number;
  userId: number;
  method: PaymentMethod;
  mode: PaymentMode;
  /** Yen, tax included. 0 only for method 4 (full coin / free). */
  amount: number;
  /** Card payments: a one-time token from the tokeniser, or a registered card of this user. */
  card?: { token: string; holderName?: string | null } | { userCardId: number };
  /** With a token: register the card first (at most 5), then pay with it. Always so in mode CHECK. */
  saveCard?: boolean;
  /** Konbini payments: the store, the buyer's name, kana and telephone, the term in days. */
  konbini?: KonbiniRequest;
  /** PWA path the browser comes back to (default /payment/gmo/callback); payment_id and provider are added. */
  returnPath?: string;
  description?: string;
  /**
   * Runs first in the transaction that writes the payment's row: the caller's check, under its own lock, that what
   * is paid for still waits for this payment (an order a retry has given up on must not get one). Throws to refuse.
   */
  beforeCreate?: (trx: Knex.Transaction) => Promise<void>;
}

export type StartPaymentResult =
  /** Send the browser to `url` (3-D Secure challenge, PayPay / merpay approval). */
  | { kind: 'redirect'; url: string; payment: Payment }
  /** Authorised (AUTH), checked (CHECK) or captured (CAPTURE) already; the `succeeded` hook has run. */
  | { kind: 'completed'; payment: Payment }
  /** Declined; the `failed` hook has run. Another attempt is a new startPayment. */
  | { kind: 'failed'; reason: FailureReason; payment: Payment }
  /**
   * The provider knew the payment and its answer was lost (timeout, 5xx): still `created`. Its notification, the
   * browser's return call (which asks the provider) or the expiry sweep settles it; the buyer is shown that it is
   * being confirmed, never told to pay again.
   */
  | { kind: 'pending'; payment: Payment };

export const DEFAULT_RETURN_PATH = '/payment/gmo/callback';

/**
 * Starts one payment attempt. Call it outside any transaction: it talks to the provider between its own short
 * transactions. A provider that cannot be reached after it knew the payment leaves it `created` and answers
 * `pending` (its notification, the return call or the expiry sweep settles it later).
 */
export async function startPayment(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: StartPaymentInput,
): Promise<StartPaymentResult> {
  const providerName = METHOD_PROVIDER[input.method];
  if (!providerName) throw new DomainError('invalidParam', { field: 'method' });
  if (!Object.values(PaymentMode).includes(input.mode)) throw new DomainError('invalidParam', { field: 'mode' });
  const minimum = providerName === 'internal' ? 0 : 1;
  if (!Number.isSafeInteger(input.amount) || input.amount < minimum) {
    throw new DomainError('invalidParam', { field: 'amount' });
  }
  if (input.mode === PaymentMode.Auth && (providerName === 'paypay' || providerName === 'merpay')) {
    throw new DomainError('paymentModeUnsupported');
  }
  // A checked card is charged later with nobody present: only a card registered with the provider can be.
  if (input.mode === PaymentMode.Check && providerName !== 'gmo') throw new DomainError('paymentModeUnsupported');
  // Paid at a store days later: nothing to authorise now and capture at a draw.
  if (providerName === 'konbini' && input.mode !== PaymentMode.Capture) throw new DomainError('paymentModeUnsupported');
  if (providerName === 'konbini' && !input.konbini) throw new DomainError('required', { field: 'convenience' });
  const returnPath = input.returnPath ?? DEFAULT_RETURN_PATH;
  if (!/^\/(?!\/)[\w\-/.?=&%]*$/.test(returnPath)) throw new DomainError('invalidParam', { field: 'returnPath' });
  const provider = providerFor(config, providerName);

  const user = await knex('users').where({ id: input.userId }).whereNull('deleted_at').first('id', 'child_flag');
  if (!user) throw notFound();
  if (user.childFlag === 1) throw new DomainError('childRestricted');

  let card: ChargeCard | undefined;
  let userCardId: number | null = null;
  if (providerName === 'gmo') {
    if (!input.card) throw new DomainError('required', { field: 'card' });
    if ('userCardId' in input.card) {
      const row = await knex('user_cards').where({ id: input.card.userCardId, user_id: input.userId }).first();
      if (!row) throw notFound();
      card = { memberId: row.providerMemberId, cardSeq: row.providerCardSeq };
      userCardId = Number(row.id);
    } else if (input.saveCard || input.mode === PaymentMode.Check) {
      const saved = await registerCard(knex, config, input.userId, {
        token: input.card.token,
        holderName: input.card.holderName ?? null,
        limitMessage: 'cardLimit',
      });
      card = { memberId: saved.memberId, cardSeq: saved.cardSeq };
      userCardId = saved.card.id;
    } else {
      card = { token: input.card.token };
    }
  }

  const id = randomUUID();
  const orderRef = `ZP${input.orderId}-${randomBytes(5).toString('hex')}`;
  await transaction(knex, 'checkout', async (trx) => {
    await input.beforeCreate?.(trx);
    await trx('payments').insert({
      id,
      order_id: input.orderId,
      user_id: input.userId,
      method: input.method,
      mode: input.mode,
      amount: input.amount,
      state: 'created',
      provider: providerName,
      order_ref: orderRef,
      user_card_id: userCardId,
    });
    await audit(trx, {
      entity: 'payment',
      entityId: id,
      action: 'payment.created',
      actorUserId: input.userId,
      data: { orderId: input.orderId, method: input.method, mode: input.mode, amount: input.amount },
    });
  });

  const base = config.publicUrl;
  const returnUrl = `${base}${returnPath}${returnPath.includes('?') ? '&' : '?'}payment_id=${id}&provider=${providerName}`;
  let refsStored = false;
  const storeRefs = async (refs: ProviderRefs) => {
    await knex('payments')
      .where({ id })
      .update({
        provider_ref: refs.providerRef,
        access_id: refs.accessId ?? null,
        access_pass: refs.accessPass ?? null,
        updated_at: new Date(),
      });
    if (refs.konbini) {
      await knex('konbini_payments')
        .insert({
          payment_id: id,
          convenience: refs.konbini.convenience,
          conf_no: refs.konbini.confNo,
          receipt_no: refs.konbini.receiptNo,
          // Never later than the places are held (provider.ts KonbiniRequest.deadline).
          payment_term: earlier(refs.konbini.paymentTerm, input.konbini?.deadline),
          receipt_url: refs.konbini.receiptUrl,
        })
        .onConflict('payment_id')
        .ignore();
    }
    refsStored = true;
  };

  let result: Awaited<ReturnType<typeof provider.start>>;
  try {
    result = await provider.start({
      paymentId: id,
      orderRef,
      amount: input.amount,
      mode: input.mode,
      returnUrl,
      notifyUrl: `${base}/api/v1/payments/notifications/${providerName}`,
      description: input.description ?? `ZooPass order ${input.orderId}`,
      card,
      konbini: input.konbini,
      onProviderRefs: storeRefs,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (refsStored) {
      // The provider knows the payment: its notification (or the browser return) will settle it.
      await audit(knex, {
        entity: 'payment',
        entityId: id,
        action: 'payment.start_error',
        data: { error: err.message },
      });
      return outcomeOf((await findPayment(knex, id)) as Payment);
    }
    // Nothing happened at the provider: this attempt failed.
    const payment = await transaction(knex, 'checkout', async (trx) => {
      const locked = (await lockPayment(trx, id)) as Payment;
      const failed = await moveState(trx, locked, 'failed', {
        source: 'start',
        reason: 'provider_error',
        data: { error: err.message },
      });
      await outcome.failed(trx, failed);
      return failed;
    });
    return { kind: 'failed', reason: 'provider_error', payment };
  }
  if (!refsStored || result.konbini) await storeRefs(result);

  if (result.kind === 'redirect') {
    const payment = await transaction(knex, 'checkout', async (trx) => {
      const locked = (await lockPayment(trx, id)) as Payment;
      // A notification may already have settled it.
      if (locked.state !== 'created') return locked;
      return moveState(trx, locked, 'redirected', {
        source: 'start',
        data: { url: result.url },
        set: { redirect_url: result.url },
      });
    });
    if (payment.state === 'redirected') return { kind: 'redirect', url: result.url, payment };
    return outcomeOf(payment);
  }
  const settled = await settle(knex, outcome, id, result.event, 'start');
  return outcomeOf(settled.payment);
}

const earlier = (a: Date, b: Date | undefined): Date => (b && b.getTime() < a.getTime() ? b : a);

function outcomeOf(payment: Payment): StartPaymentResult {
  if (payment.state === 'failed') return { kind: 'failed', reason: payment.failureReason ?? 'provider_error', payment };
  if (SUCCEEDED_PAYMENT_STATES.includes(payment.state)) return { kind: 'completed', payment };
  if (isPendingPayment(payment.state)) return { kind: 'pending', payment };
  throw new DomainError('paymentUnavailable');
}
