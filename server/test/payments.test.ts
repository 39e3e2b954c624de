// The payment layer end to end over real HTTP: the server listens, the adapters call the sandboxes on the
// same server, the browser steps (challenge page, approval page, return) are followed with fetch, and the
// sandboxes deliver their notifications by POSTing to our notify URL.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod, PaymentMode } from '../../common/enums';
import { loadConfig } from '../config';
import { JOB_NAMES } from '../features/jobs';
import { JOB_SCHEMA } from '../features/jobs/queue';
import type { PaymentOutcomeHandler } from '../features/payments/outcome';
import { providerFor } from '../features/payments/providers';
import { gmoCheckString, gmoEncode } from '../features/payments/providers/gmoCard';
import { signMerpayWebhook } from '../features/payments/providers/merpay';
import { signPaypayWebhook } from '../features/payments/providers/payPay';
import { enabledSandboxes } from '../features/payments/sandbox';
import {
  BACKOFF_BASE_MS,
  deliverDueNotifications,
  enqueueNotification,
  MAX_ATTEMPTS,
  startNotificationPump,
} from '../features/payments/sandbox/notifications';
import { cancelPendingPayment } from '../features/payments/services/cancelPendingPayment';
import { capturePayment } from '../features/payments/services/capturePayment';
import { refundPayment } from '../features/payments/services/refundPayment';
import { type StartPaymentInput, startPayment } from '../features/payments/services/startPayment';
import { voidPayment } from '../features/payments/services/voidPayment';
import { findPayment, type Payment, providerTxn } from '../features/payments/store';
import { DomainError } from '../lib/errors';
import { createHttpTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

let ctx: TestContext;
let base: string;
let knex: Knex;

// ---- The order side's hook, recorded ----
interface Call {
  kind: 'succeeded' | 'failed';
  paymentId: string;
  state: string;
  /** The state as seen inside the hook's transaction: the move happened in the same transaction. */
  stateInTrx: string;
}
const calls: Call[] = [];
/** Payments the recorded order side answers 'unfulfillable' for (their places are gone). */
const unfulfillable = new Set<string>();
const recorder: PaymentOutcomeHandler = {
  async succeeded(trx, payment) {
    const row = await trx('payments').where({ id: payment.id }).first('state');
    calls.push({ kind: 'succeeded', paymentId: payment.id, state: payment.state, stateInTrx: row.state });
    return unfulfillable.has(payment.id) ? 'unfulfillable' : 'fulfilled';
  },
  async failed(trx, payment) {
    const row = await trx('payments').where({ id: payment.id }).first('state');
    calls.push({ kind: 'failed', paymentId: payment.id, state: payment.state, stateInTrx: row.state });
  },
  // The real give-back job, queued in the payment's transaction as the order side does.
  giveBack: (trx, request) => ctx.server.app.jobs.send(trx, 'paymentGiveBack', request),
};
const callsOf = (id: string) => calls.filter((c) => c.paymentId === id).map((c) => `${c.kind}:${c.state}`);

beforeAll(async () => {
  const listening = await createHttpTestServer();
  ctx = listening;
  base = listening.base;
  ctx.server.app.paymentOutcome = recorder;
  await ctx.server.start();
  knex = ctx.db.knex;
});
afterAll(async () => {
  await ctx?.close();
});

// ---- HTTP helpers ----
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
type Json = any;
async function http(
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; lang?: 'ja' | 'en'; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Json; text: string; headers: Headers }> {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'ja', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: Json = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

const user = (extra: Record<string, unknown> = {}) => signedInUser(ctx, extra);

/** The browser posts card data straight to the tokeniser and gets a one-time token. */
async function tokenize(cardno: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await http('POST', '/sandbox/gmo/token', {
    json: { cardno, expire: '12/30', securitycode: '123', holdername: 'HANAKO YAMADA', ...extra },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.resultCode).toBe('000');
  return res.body.tokenObject.token[0];
}

let orderCounter = 1000;
const config = () => ctx.server.app.config;
function start(userId: number, input: Partial<StartPaymentInput>) {
  return startPayment(knex, config(), recorder, {
    orderId: ++orderCounter,
    userId,
    method: PaymentMethod.Visa,
    mode: PaymentMode.Capture,
    amount: 1500,
    ...input,
  });
}

/** GET the provider page, check it, press a button: answers where the browser is sent back to. */
async function pressButton(url: string, decision: string, expectText: string[] = []): Promise<string> {
  const page = await http('GET', url);
  expect(page.status).toBe(200);
  for (const t of expectText) expect(page.text).toContain(t);
  expect(page.text).toContain(`value="${decision}"`);
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
  const res = await http('POST', new URL(action.replace(/&amp;/g, '&'), url).toString(), {
    body: `decision=${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(303);
  return res.headers.get('location') as string;
}

/** What the PWA's return page does: post the query it got to the return endpoint. */
async function browserReturn(location: string, token: string) {
  const url = new URL(location);
  const query = Object.fromEntries(url.searchParams);
  const paymentId = query.payment_id as string;
  return http('POST', `/api/v1/payments/${paymentId}/return`, { token, json: { query } });
}

const deliver = async () => (await http('POST', '/sandbox/notifications/deliver')).body.delivered as number;
const stateOf = async (id: string) => (await knex('payments').where({ id }).first('state')).state as string;
const eventsOf = async (id: string) => knex('payment_events').where({ payment_id: id }).orderBy('id');
const pendingNotifications = () => knex('sandbox_notifications').whereNull('delivered_at').whereNull('gave_up_at');

// ---------------------------------------------------------------------------------------------------------

describe('sandbox tokeniser', () => {
  it('validates with the shared card rules and never hands the number back', async () => {
    const bad = await http('POST', '/sandbox/gmo/token', {
      json: { cardno: '4111111111111112', expire: '13/30', securitycode: '12', holdername: '' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.number.code).toBe('cardNumberInvalid');
    expect(bad.body.errors.expiry.message).toBe('Enter the expiry date as MM/YY (month 01-12)');
    expect(bad.body.errors.cvc.code).toBe('cardCvcInvalid');
    expect(bad.body.errors.holderName.code).toBe('cardHolderRequired');
    const ok = await http('POST', '/sandbox/gmo/token', {
      json: {
        cardno: '4111111111111111',
        expire: '12/30',
        securitycode: '123',
        holdername: 'TARO ZOO',
        tokennumber: 2,
      },
    });
    expect(ok.body.tokenObject.token).toHaveLength(2);
    expect(ok.body.tokenObject.maskedCardNo).toBe('411111******1111');
    expect(ok.text).not.toContain('4111111111111111');
    const stored = await knex('sandbox_gmo_tokens').where({ token: ok.body.tokenObject.token[0] }).first();
    expect(JSON.stringify(stored)).not.toContain('4111111111111111');
  });
});

describe('card payments', () => {
  it('succeed without 3-D Secure: completed at once, succeeded once, the later notification changes nothing', async () => {
    const u = await user();
    const r = await start(u.id, { card: { token: await tokenize('4111111111111111') } });
    expect(r.kind).toBe('completed');
    expect(r.payment.state).toBe('captured');
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    expect(calls.find((c) => c.paymentId === r.payment.id)?.stateInTrx).toBe('captured');
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    const events = await eventsOf(r.payment.id);
    expect(events.map((e) => `${e.kind}:${e.status}`)).toEqual(['start:captured']);
    const view = await http('GET', `/api/v1/payments/${r.payment.id}`, { token: u.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ state: 'captured', method: 1, mode: 'CAPTURE', amount: 1500 });
    const trade = await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first();
    expect(trade.status).toBe('CAPTURE');
    const audits = await knex('audit_logs').where({ entity: 'payment', entity_id: r.payment.id }).orderBy('id');
    expect(audits.map((a) => a.action)).toEqual(['payment.created', 'payment.captured']);
  });

  it('with 3-D Secure: challenge page, Approve, back to /payment/gmo/callback, confirmed server-to-server', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 2480, card: { token: await tokenize('4000000000003220') } });
    expect(r.kind).toBe('redirect');
    if (r.kind !== 'redirect') return;
    expect(r.url).toMatch(new RegExp(`^${base}/sandbox/gmo/challenge/[0-9a-f]{32}$`));
    expect(await stateOf(r.payment.id)).toBe('redirected');
    const back = await pressButton(r.url, 'approve', ['¥2,480', 'ZooPass', '400000******3220']);
    const backUrl = new URL(back);
    expect(backUrl.pathname).toBe('/payment/gmo/callback');
    expect(backUrl.searchParams.get('payment_id')).toBe(r.payment.id);
    expect(backUrl.searchParams.get('AccessID')).toBe(r.payment.accessId);
    const res = await browserReturn(back, u.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.payment.id, state: 'captured', amount: 2480 });
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    // The notification arrives after the browser: nothing more happens.
    await deliver();
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    expect((await eventsOf(r.payment.id)).map((e) => e.kind)).toEqual(['return']);
  });

  it('3-D Secure failure: "Fail authentication" ends the payment failed with the 3-D Secure message', async () => {
    const u = await user();
    const r = await start(u.id, { card: { token: await tokenize('4000000000003220') } });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await pressButton(r.url, 'fail');
    const res = await browserReturn(back, u.token);
    expect(res.body.data).toMatchObject({ state: 'failed', failureReason: 'three_ds_failed' });
    expect(res.body.data.failureMessage).toBe(
      '3Dセキュア認証に失敗しました。カード情報をご確認の上、カード発行会社にお問い合わせください。',
    );
    expect(res.body.meta.message).toBe(res.body.data.failureMessage);
    expect(callsOf(r.payment.id)).toEqual(['failed:failed']);
    await deliver();
    expect(callsOf(r.payment.id)).toEqual(['failed:failed']);
    // A second press of the button changes nothing.
    const again = await http('POST', r.url, {
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(303);
    await browserReturn(back, u.token);
    expect(await stateOf(r.payment.id)).toBe('failed');
  });

  it('declines: "card cannot be used" and insufficient funds', async () => {
    const u = await user();
    const declined = await start(u.id, { card: { token: await tokenize('4000000000000002') } });
    expect(declined).toMatchObject({ kind: 'failed', reason: 'card_declined' });
    expect(callsOf(declined.payment.id)).toEqual(['failed:failed']);
    const view = await http('GET', `/api/v1/payments/${declined.payment.id}`, { token: u.token });
    expect(view.body.data.failureMessage).toBe('このカードはご利用いただけません');
    const en = await http('GET', `/api/v1/payments/${declined.payment.id}`, { token: u.token, lang: 'en' });
    expect(en.body.data.failureMessage).toBe('This card cannot be used');

    const poor = await start(u.id, { card: { token: await tokenize('4000000000009995') } });
    expect(poor).toMatchObject({ kind: 'failed', reason: 'insufficient_funds' });
    await deliver();
    expect(callsOf(poor.payment.id)).toEqual(['failed:failed']);
  });

  it('a token is used once', async () => {
    const u = await user();
    const token = await tokenize('4111111111111111');
    expect((await start(u.id, { card: { token } })).kind).toBe('completed');
    const again = await start(u.id, { card: { token } });
    expect(again).toMatchObject({ kind: 'failed', reason: 'invalid_card' });
  });

  it('AUTH then capture: authorised (succeeded once), captured at the provider, no second hook', async () => {
    const u = await user();
    const r = await start(u.id, {
      mode: PaymentMode.Auth,
      amount: 3000,
      card: { token: await tokenize('4111111111111111') },
    });
    expect(r.payment.state).toBe('authorized');
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).status).toBe('AUTH');
    const captured = await capturePayment(knex, config(), { paymentId: r.payment.id });
    expect(captured.state).toBe('captured');
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).status).toBe('SALES');
    expect(await capturePayment(knex, config(), { paymentId: r.payment.id })).toMatchObject({ state: 'captured' });
    await deliver();
    expect(callsOf(r.payment.id)).toEqual(['succeeded:authorized']);
    expect(await stateOf(r.payment.id)).toBe('captured');
    await expect(capturePayment(knex, config(), { paymentId: r.payment.id, amount: 1 })).resolves.toMatchObject({
      state: 'captured',
    });
  });

  it('AUTH then void: the authorisation is released; a voided payment cannot be captured', async () => {
    const u = await user();
    const r = await start(u.id, { mode: PaymentMode.Auth, card: { token: await tokenize('5555555555554444') } });
    const voided = await voidPayment(knex, config(), { paymentId: r.payment.id });
    expect(voided.state).toBe('voided');
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).status).toBe('VOID');
    await expect(capturePayment(knex, config(), { paymentId: r.payment.id })).rejects.toMatchObject({
      key: 'paymentStateConflict',
      status: 409,
    });
    await deliver();
    expect(await stateOf(r.payment.id)).toBe('voided');
    expect(callsOf(r.payment.id)).toEqual(['succeeded:authorized']);
  });

  it('a void of an authorisation captured at the provider without our commit (a crash) gives the money back', async () => {
    // The capture reached the provider and our commit died; the provider's notice then records it captured while
    // the order is not paid. The lost draw's void must not leave that money kept: its give-back is queued at once.
    const u = await user();
    const r = await start(u.id, { mode: PaymentMode.Auth, card: { token: await tokenize('4111111111111111') } });
    const payment = (await findPayment(knex, r.payment.id)) as Payment;
    await providerFor(config(), payment.provider).capture(providerTxn(payment), payment.amount);
    await deliver();
    expect(await stateOf(r.payment.id)).toBe('captured');
    const voided = await voidPayment(knex, config(), { paymentId: r.payment.id });
    expect(voided.state).toBe('captured');
    const queued = (await knex.raw(`SELECT data FROM ${JOB_SCHEMA}.job WHERE name = ? AND data->>'paymentId' = ?`, [
      JOB_NAMES.paymentGiveBack,
      r.payment.id,
    ])) as { rows: { data: unknown }[] };
    expect(queued.rows.map((x) => x.data)).toEqual([{ paymentId: r.payment.id, reason: 'reconciliation' }]);
    // Asked again (a retried draw settlement): still one give-back.
    await voidPayment(knex, config(), { paymentId: r.payment.id });
    const again = (await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = ? AND data->>'paymentId' = ?`, [
      JOB_NAMES.paymentGiveBack,
      r.payment.id,
    ])) as { rows: unknown[] };
    expect(again.rows).toHaveLength(1);
  });

  it('refunds: partial, then the rest; never more than was paid; a retried refund id is done once', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 1000, card: { token: await tokenize('4111111111111111') } });
    const first = await refundPayment(knex, config(), {
      paymentId: r.payment.id,
      amount: 300,
      reason: 'cancellation fee 70%',
    });
    expect(first.payment).toMatchObject({ state: 'partially_refunded', refundedAmount: 300 });
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).amount).toBe(700);
    const retry = await refundPayment(knex, config(), {
      paymentId: r.payment.id,
      amount: 300,
      refundId: first.refund.id,
    });
    expect(retry.refund).toEqual(first.refund);
    expect(retry.payment.refundedAmount).toBe(300);
    await expect(refundPayment(knex, config(), { paymentId: r.payment.id, amount: 701 })).rejects.toMatchObject({
      key: 'paymentRefundTooLarge',
    });
    const rest = await refundPayment(knex, config(), { paymentId: r.payment.id, amount: 700 });
    expect(rest.payment).toMatchObject({ state: 'refunded', refundedAmount: 1000 });
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).status).toBe('RETURN');
    await expect(refundPayment(knex, config(), { paymentId: r.payment.id, amount: 1 })).rejects.toMatchObject({
      key: 'paymentStateConflict',
    });
    const audits = await knex('audit_logs').where({ entity: 'payment', entity_id: r.payment.id }).pluck('action');
    expect(audits).toEqual(
      expect.arrayContaining(['payment.refund_requested', 'payment.partially_refunded', 'payment.refunded']),
    );
  });

  it('a refund the provider refused can be retried with the same refund id', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 1000, card: { token: await tokenize('4111111111111111') } });
    const trade = () => knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef });
    await trade().update({ status: 'UNPROCESSED' }); // the provider refuses ChangeTran in this state
    const refundId = '7d1b8a53-3f0e-4a4e-9d3a-2f6f1c0b9e11';
    await expect(
      refundPayment(knex, config(), { paymentId: r.payment.id, amount: 200, refundId }),
    ).rejects.toMatchObject({
      key: 'paymentUnavailable',
    });
    expect(await knex('payment_refunds').where({ id: refundId }).first()).toMatchObject({ state: 'failed' });
    expect(await stateOf(r.payment.id)).toBe('captured');
    await trade().update({ status: 'CAPTURE' });
    const retried = await refundPayment(knex, config(), { paymentId: r.payment.id, amount: 200, refundId });
    expect(retried.refund).toEqual({ id: refundId, amount: 200, state: 'succeeded' });
    expect(retried.payment).toMatchObject({ state: 'partially_refunded', refundedAmount: 200 });
    expect((await trade().first()).amount).toBe(800);
  });

  it('concurrent partial refunds: one at a time, never more than the amount, the provider agrees', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 1000, card: { token: await tokenize('4111111111111111') } });
    const attempt = () => refundPayment(knex, config(), { paymentId: r.payment.id, amount: 300 });
    let done = 0;
    for (let round = 0; round < 4; round++) {
      const results = await Promise.allSettled([attempt(), attempt(), attempt()]);
      for (const x of results) {
        if (x.status === 'fulfilled') done++;
        else expect(['paymentStateConflict', 'paymentRefundTooLarge']).toContain((x.reason as DomainError).key);
      }
    }
    expect(done).toBe(3);
    const row = await knex('payments').where({ id: r.payment.id }).first();
    expect(row).toMatchObject({ refundedAmount: 900, state: 'partially_refunded' });
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).amount).toBe(100);
    expect(await knex('payment_refunds').where({ payment_id: r.payment.id, state: 'succeeded' })).toHaveLength(3);
  });
});

describe('payments left at the provider', () => {
  it('cancelling a pending payment fails it; a later approval is applied late (the order side fulfils it)', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 2600 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    const cancelled = await cancelPendingPayment(knex, config(), recorder, { paymentId: r.payment.id });
    expect(cancelled).toMatchObject({ state: 'failed', failureReason: 'expired' });
    expect(callsOf(r.payment.id)).toEqual(['failed:failed']);
    // The visitor comes back to the still open PayPay page and approves.
    const back = await pressButton(r.url, 'approve');
    await deliver();
    expect((await browserReturn(back, u.token)).body.data).toMatchObject({ state: 'captured', failureReason: null });
    expect(callsOf(r.payment.id)).toEqual(['failed:failed', 'succeeded:captured']);
    const actions = await knex('audit_logs').where({ entity: 'payment', entity_id: r.payment.id }).pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['payment.late_success', 'payment.captured']));
  });

  it('cancelling asks the provider first: a result it already has is settled instead', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 3300, card: { token: await tokenize('4000000000003220') } });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    await pressButton(r.url, 'approve'); // the browser never comes back, the notification is not delivered yet
    const now = await cancelPendingPayment(knex, config(), recorder, { paymentId: r.payment.id });
    expect(now.state).toBe('captured');
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
  });

  it('a late 3-D Secure approval the order side cannot fulfil any more is refunded at GMO by the give-back job', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 1100, card: { token: await tokenize('4000000000003220') } });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    await cancelPendingPayment(knex, config(), recorder, { paymentId: r.payment.id });
    unfulfillable.add(r.payment.id);
    await pressButton(r.url, 'approve');
    await deliver();
    expect(await knex('payments').where({ id: r.payment.id }).first('state', 'failure_reason')).toEqual({
      state: 'captured',
      failureReason: 'places_gone',
    });
    // The give-back job: run here, or by this listening server's own worker.
    await ctx.server.plugins.jobs.runOnce();
    await expect.poll(() => stateOf(r.payment.id), { timeout: 10_000 }).toBe('refunded');
    expect((await knex('sandbox_gmo_trades').where({ order_id: r.payment.orderRef }).first()).status).toBe('RETURN');
    expect(callsOf(r.payment.id)).toEqual(['failed:failed', 'succeeded:captured']);
  });
});

describe('PayPay and merpay', () => {
  it('PayPay approve: approval page, back to the return URL, captured; the webhook changes nothing more', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 1800 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    expect(r.url).toMatch(new RegExp(`^${base}/sandbox/paypay/pay/`));
    const back = await pressButton(r.url, 'approve', ['PayPay', '¥1,800']);
    expect(new URL(back).searchParams.get('provider')).toBe('paypay');
    const res = await browserReturn(back, u.token);
    expect(res.body.data).toMatchObject({ state: 'captured', method: 3, amount: 1800 });
    await deliver();
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
  });

  it('PayPay decline: failed, "cancelled" message', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 1800 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await pressButton(r.url, 'decline');
    const res = await browserReturn(back, u.token);
    expect(res.body.data).toMatchObject({ state: 'failed', failureReason: 'user_declined' });
    expect(res.body.data.failureMessage).toBe('決済がキャンセルされました');
    await deliver();
    expect(callsOf(r.payment.id)).toEqual(['failed:failed']);
  });

  it('PayPay refund: partial then full', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 1000 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    await browserReturn(await pressButton(r.url, 'approve'), u.token);
    const part = await refundPayment(knex, config(), { paymentId: r.payment.id, amount: 400 });
    expect(part.payment.state).toBe('partially_refunded');
    const rest = await refundPayment(knex, config(), { paymentId: r.payment.id, amount: 600 });
    expect(rest.payment.state).toBe('refunded');
    const row = await knex('sandbox_wallet_payments').where({ merchant_payment_id: r.payment.orderRef }).first();
    expect(row).toMatchObject({ status: 'REFUNDED', refundedAmount: 1000 });
  });

  it('merpay approve with the notification arriving before the browser returns', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.MPay, amount: 2200 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    expect(r.url).toMatch(new RegExp(`^${base}/sandbox/merpay/checkout/mp_`));
    const back = await pressButton(r.url, 'approve', ['merpay', '¥2,200']);
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(r.payment.id)).toBe('captured');
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    const res = await browserReturn(back, u.token);
    expect(res.body.data.state).toBe('captured');
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    expect((await eventsOf(r.payment.id)).map((e) => `${e.kind}:${e.status}`)).toEqual(['notification:captured']);
  });

  it('merpay decline', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.MPay, amount: 900 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    const res = await browserReturn(await pressButton(r.url, 'decline'), u.token);
    expect(res.body.data).toMatchObject({ state: 'failed', failureReason: 'user_declined' });
  });

  it('a browser back before approving leaves the payment redirected', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 500 });
    const res = await http('POST', `/api/v1/payments/${r.payment.id}/return`, {
      token: u.token,
      json: { query: { state: 'COMPLETED', payment_id: r.payment.id } },
    });
    expect(res.body.data.state).toBe('redirected');
    expect(callsOf(r.payment.id)).toEqual([]);
  });

  it('lottery-style AUTH is card only', async () => {
    const u = await user();
    await expect(start(u.id, { method: PaymentMethod.PayPay, mode: PaymentMode.Auth })).rejects.toMatchObject({
      key: 'paymentModeUnsupported',
    });
  });
});

describe('full coin and free', () => {
  it('complete at once without a provider', async () => {
    const u = await user();
    const free = await start(u.id, { method: PaymentMethod.FullCoin, amount: 0 });
    expect(free.kind).toBe('completed');
    expect(free.payment).toMatchObject({ state: 'captured', provider: 'internal' });
    expect(callsOf(free.payment.id)).toEqual(['succeeded:captured']);
    const res = await http('POST', `/api/v1/payments/${free.payment.id}/return`, { token: u.token, json: {} });
    expect(res.body.data.state).toBe('captured');
  });
});

describe('exactly once', () => {
  it('the same notification and return delivered 5 times concurrently call succeeded once (PayPay)', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 4321 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await pressButton(r.url, 'approve');
    const [n] = await pendingNotifications()
      .where({ provider: 'paypay' })
      .where('body', 'like', `%${r.payment.orderRef}%`);
    expect(n).toBeTruthy();
    const headers = {
      'content-type': 'application/json',
      ...signPaypayWebhook(config().payments.paypay?.apiSecret ?? '', n.body),
    };
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        http('POST', '/api/v1/payments/notifications/paypay', { body: n.body, headers }),
      ),
      ...Array.from({ length: 5 }, () => browserReturn(back, u.token)),
      deliver(),
    ]);
    for (const res of results.slice(0, 10) as { status: number; text: string }[])
      expect(res.status, res.text).toBe(200);
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    expect(await stateOf(r.payment.id)).toBe('captured');
    const events = await eventsOf(r.payment.id);
    expect(events).toHaveLength(1);
    expect(events[0].eventId).toBe(`${r.payment.orderRef}:captured`);
  });

  it('the same for a 3-D Secure card payment (GMO notification + /payment/gmo/callback return)', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 5000, card: { token: await tokenize('4000000000003220') } });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await pressButton(r.url, 'approve');
    const [n] = await pendingNotifications()
      .where({ provider: 'gmo' })
      .where('body', 'like', `%${r.payment.orderRef}%`);
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => http('POST', '/api/v1/payments/notifications/gmo', { body: n.body, headers })),
      ...Array.from({ length: 5 }, () => browserReturn(back, u.token)),
    ]);
    for (const res of results) expect(res.status, res.text).toBe(200);
    expect(results[0]?.text).toBe('0'); // GMO expects "0"
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    const rows = await knex('payment_events').where({ provider: 'gmo', event_id: `${r.payment.accessId}:captured` });
    expect(rows).toHaveLength(1);
  });
});

describe('tampering and forgery', () => {
  it('a provider result with another amount fails the payment (never succeeds) and gives the money back', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.PayPay, amount: 6000 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    // As if the amount had been changed on its way to the provider: PayPay charges 1 yen.
    await knex('sandbox_wallet_payments').where({ merchant_payment_id: r.payment.orderRef }).update({ amount: 1 });
    const back = await pressButton(r.url, 'approve', ['¥1']);
    await deliver();
    expect(await stateOf(r.payment.id)).toBe('failed');
    expect(callsOf(r.payment.id)).toEqual(['failed:failed']);
    const res = await browserReturn(back, u.token);
    expect(res.body.data).toMatchObject({ state: 'failed', failureReason: 'amount_mismatch' });
    await ctx.server.plugins.jobs.runOnce(); // the give-back job queued with the failure (or the server's worker)
    await expect
      .poll(
        async () =>
          (await knex('audit_logs').where({ entity: 'payment', entity_id: r.payment.id }).pluck('action')).includes(
            'payment.given_back',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const actions = await knex('audit_logs').where({ entity: 'payment', entity_id: r.payment.id }).pluck('action');
    expect(actions).toEqual(
      expect.arrayContaining(['payment.amount_mismatch', 'payment.failed', 'payment.given_back']),
    );
    const wallet = await knex('sandbox_wallet_payments').where({ merchant_payment_id: r.payment.orderRef }).first();
    expect(wallet.status).toBe('REFUNDED');
  });

  it('the browser query string is never trusted', async () => {
    const u = await user();
    const r = await start(u.id, { amount: 7000, card: { token: await tokenize('4000000000003220') } });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    // Claims success before the challenge was answered.
    const forged = await http('POST', `/api/v1/payments/${r.payment.id}/return`, {
      token: u.token,
      json: { query: { AccessID: r.payment.accessId, Status: 'CAPTURE', Amount: '1', ErrCode: '' } },
    });
    expect(forged.body.data.state).toBe('redirected');
    const back = await pressButton(r.url, 'approve');
    const tampered = new URL(back);
    tampered.searchParams.set('Amount', '1');
    tampered.searchParams.set('AccessID', 'f'.repeat(32));
    const res = await browserReturn(tampered.toString(), u.token);
    expect(res.body.data).toMatchObject({ state: 'captured', amount: 7000 });
  });

  it('forged notifications are refused: wrong PayPay / merpay signature, stale timestamp, wrong GMO CheckString', async () => {
    const u = await user();
    const pp = await start(u.id, { method: PaymentMethod.PayPay, amount: 800 });
    const body = JSON.stringify({
      notification_type: 'Transaction',
      merchant_order_id: pp.payment.orderRef,
      order_amount: 800,
      state: 'COMPLETED',
    });
    const wrongSecret = signPaypayWebhook('not-the-secret', body);
    const forged = await http('POST', '/api/v1/payments/notifications/paypay', {
      body,
      headers: { 'content-type': 'application/json', ...wrongSecret },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.meta.message).toBe('通知の署名が正しくありません');
    const stale = signPaypayWebhook(
      config().payments.paypay?.apiSecret ?? '',
      body,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(
      (
        await http('POST', '/api/v1/payments/notifications/paypay', {
          body,
          headers: { 'content-type': 'application/json', ...stale },
        })
      ).status,
    ).toBe(401);
    const unsigned = await http('POST', '/api/v1/payments/notifications/paypay', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);

    const mp = await start(u.id, { method: PaymentMethod.MPay, amount: 800 });
    const mbody = JSON.stringify({
      id: 'evt_x',
      data: { id: mp.payment.providerRef, merchant_order_id: mp.payment.orderRef, amount: 800, status: 'CAPTURED' },
    });
    const mforged = await http('POST', '/api/v1/payments/notifications/merpay', {
      body: mbody,
      headers: { 'content-type': 'application/json', ...signMerpayWebhook('not-the-secret', mbody) },
    });
    expect(mforged.status).toBe(401);

    const card = await start(u.id, { amount: 800, card: { token: await tokenize('4000000000003220') } });
    const fields: Record<string, string> = {
      ShopID: config().payments.gmo?.shopId ?? '',
      AccessID: card.payment.accessId ?? '',
      OrderID: card.payment.orderRef,
      Status: 'CAPTURE',
      JobCd: 'CAPTURE',
      Amount: '800',
    };
    fields.CheckString = gmoCheckString(fields, 'guessed-shop-pass');
    const gforged = await http('POST', '/api/v1/payments/notifications/gmo', {
      body: gmoEncode(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(gforged.status).toBe(401);

    for (const p of [pp, mp, card]) {
      expect(await stateOf(p.payment.id)).toBe('redirected');
      expect(callsOf(p.payment.id)).toEqual([]);
    }
    expect(await knex('payment_events').whereIn('payment_id', [pp.payment.id, mp.payment.id, card.payment.id])).toEqual(
      [],
    );
  });

  it('a correctly signed notification for an unknown payment answers 404 (the provider retries)', async () => {
    const fields: Record<string, string> = {
      ShopID: config().payments.gmo?.shopId ?? '',
      AccessID: 'a'.repeat(32),
      OrderID: 'ZP1-unknown',
      Status: 'CAPTURE',
      JobCd: 'CAPTURE',
      Amount: '100',
    };
    fields.CheckString = gmoCheckString(fields, config().payments.gmo?.shopPass ?? '');
    const res = await http('POST', '/api/v1/payments/notifications/gmo', {
      body: gmoEncode(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(404);
  });
});

describe('notification delivery', () => {
  it('retries with exponential backoff and gives up after a few attempts', async () => {
    const fields: Record<string, string> = {
      ShopID: config().payments.gmo?.shopId ?? '',
      AccessID: 'b'.repeat(32),
      OrderID: 'ZP2-unknown',
      Status: 'CAPTURE',
      JobCd: 'CAPTURE',
      Amount: '100',
    };
    fields.CheckString = gmoCheckString(fields, config().payments.gmo?.shopPass ?? '');
    await enqueueNotification(knex, {
      provider: 'gmo',
      url: `${base}/api/v1/payments/notifications/gmo`,
      contentType: 'application/x-www-form-urlencoded',
      body: gmoEncode(fields),
    });
    const row = () => knex('sandbox_notifications').where('body', 'like', '%ZP2-unknown%').first();
    const before = Date.now();
    await deliverDueNotifications(knex, config());
    let n = await row();
    expect(n).toMatchObject({ attempts: 1, lastStatus: 404, deliveredAt: null });
    const delay1 = new Date(n.nextAttemptAt).getTime() - before;
    expect(delay1).toBeGreaterThanOrEqual(BACKOFF_BASE_MS - 50);
    expect(delay1).toBeLessThan(BACKOFF_BASE_MS + 5000);
    // Not due yet: a normal round leaves it alone.
    await deliverDueNotifications(knex, config());
    expect((await row()).attempts).toBe(1);
    const t2 = Date.now();
    await deliverDueNotifications(knex, config(), { all: true });
    n = await row();
    expect(n.attempts).toBe(2);
    expect(new Date(n.nextAttemptAt).getTime() - t2).toBeGreaterThanOrEqual(2 * BACKOFF_BASE_MS - 50);
    for (let i = 2; i < MAX_ATTEMPTS; i++) await deliverDueNotifications(knex, config(), { all: true });
    n = await row();
    expect(n.attempts).toBe(MAX_ATTEMPTS);
    expect(n.gaveUpAt).not.toBeNull();
  });

  it('the interval pump delivers while the server runs', async () => {
    const u = await user();
    const r = await start(u.id, { method: PaymentMethod.MPay, amount: 1234 });
    if (r.kind !== 'redirect') throw new Error('expected a redirect');
    await pressButton(r.url, 'approve');
    const stop = startNotificationPump(knex, config(), 50, (err) => {
      throw err;
    });
    try {
      const deadline = Date.now() + 10_000;
      while ((await stateOf(r.payment.id)) !== 'captured' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      stop();
    }
    expect(await stateOf(r.payment.id)).toBe('captured');
    expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
  });
});

describe('a running server', () => {
  it('delivers sandbox notifications on its own (SANDBOX_NOTIFY_INTERVAL_MS) and stops with the server', async () => {
    const other = await createHttpTestServer({ SANDBOX_NOTIFY_INTERVAL_MS: '100' });
    other.server.app.paymentOutcome = recorder;
    try {
      await other.server.start();
      const [row] = await other.db.knex('users').insert({ email: 'pump@example.jp', name: 'ポンプ' }).returning('id');
      const r = await startPayment(other.db.knex, other.server.app.config, recorder, {
        orderId: 1,
        userId: row.id,
        method: PaymentMethod.MPay,
        mode: PaymentMode.Capture,
        amount: 990,
      });
      if (r.kind !== 'redirect') throw new Error('expected a redirect');
      await pressButton(r.url, 'approve');
      const deadline = Date.now() + 10_000;
      let state = '';
      while (Date.now() < deadline) {
        state = (await other.db.knex('payments').where({ id: r.payment.id }).first('state')).state;
        if (state === 'captured') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(state).toBe('captured');
      expect(callsOf(r.payment.id)).toEqual(['succeeded:captured']);
    } finally {
      await other.close();
    }
  });
});

describe('registered cards', () => {
  async function addCard(token: string, number = '4111111111111111', extra: Record<string, unknown> = {}) {
    return http('POST', '/api/v1/me/cards', {
      token,
      json: { token: await tokenize(number), holder_name: 'HANAKO YAMADA', ...extra },
    });
  }

  it('CRUD with at most 5 cards, owner only, references only', async () => {
    const a = await user();
    const b = await user();
    const numbers = ['4111111111111111', '5555555555554444', '3530111333300000', '378282246310005', '4000000000003220'];
    for (const [i, number] of numbers.entries()) {
      const res = await addCard(a.token, number);
      expect(res.status, res.text).toBe(201);
      expect(res.body.meta.message).toBe('カードの変更を保存しました');
      expect(res.body.data).toMatchObject({ last4: number.slice(-4), expiry: '12/30', isDefault: i === 0 });
    }
    const sixth = await addCard(a.token);
    expect(sixth.status).toBe(400);
    expect(sixth.body.meta.message).toBe('カードは5枚まで登録できます。不要なカードを削除してから登録してください。');

    const list = await http('GET', '/api/v1/me/cards', { token: a.token });
    expect(list.body.data).toHaveLength(5);
    expect(list.body.data.map((c: Json) => c.brand)).toEqual(['VISA', 'MASTER', 'JCB', 'AMEX', 'VISA']);
    expect(list.text).not.toMatch(/provider|member|seq|4111111111111111/i);

    // While paying, the limit answers the spec's message.
    await expect(
      start(a.id, { card: { token: await tokenize('4111111111111111'), holderName: 'HANAKO YAMADA' }, saveCard: true }),
    ).rejects.toSatisfy((e: unknown) => e instanceof DomainError && e.key === 'cardLimit' && e.status === 400);

    const third = list.body.data[2].id as number;
    const def = await http('PUT', `/api/v1/me/cards/${third}/default`, { token: a.token, json: {} });
    expect(def.status).toBe(200);
    expect(def.body.data[0]).toMatchObject({ id: third, isDefault: true });
    expect(def.body.data.filter((c: Json) => c.isDefault)).toHaveLength(1);

    // User B sees none of them and cannot touch them.
    expect((await http('GET', '/api/v1/me/cards', { token: b.token })).body.data).toEqual([]);
    expect((await http('PUT', `/api/v1/me/cards/${third}/default`, { token: b.token, json: {} })).status).toBe(404);
    expect((await http('DELETE', `/api/v1/me/cards/${third}`, { token: b.token })).status).toBe(404);
    await expect(start(b.id, { card: { userCardId: third } })).rejects.toMatchObject({ status: 404 });

    // Paying with a registered card (a member card at the provider).
    const paid = await start(a.id, { card: { userCardId: list.body.data[0].id } });
    expect(paid).toMatchObject({ kind: 'completed' });
    expect(paid.payment.userCardId).toBe(list.body.data[0].id);
    // The 3-D Secure test card keeps its behaviour when registered.
    const challenged = await start(a.id, { card: { userCardId: list.body.data[4].id } });
    expect(challenged.kind).toBe('redirect');

    const del = await http('DELETE', `/api/v1/me/cards/${third}`, { token: a.token });
    expect(del.status).toBe(200);
    expect(del.body.meta.message).toBe('カードを削除しました');
    const after = await http('GET', '/api/v1/me/cards', { token: a.token });
    expect(after.body.data).toHaveLength(4);
    expect(after.body.data.filter((c: Json) => c.isDefault)).toHaveLength(1);
    const card = await knex('user_cards').where({ user_id: a.id }).first();
    expect(
      (await knex('sandbox_gmo_cards').where({ member_id: card.providerMemberId }).where({ deleted: true })).length,
    ).toBe(1);
    // Room again: saving while paying registers the card, then pays with it.
    const saved = await start(a.id, {
      card: { token: await tokenize('4111111111111111'), holderName: 'HANAKO YAMADA' },
      saveCard: true,
    });
    expect(saved.kind).toBe('completed');
    expect((await http('GET', '/api/v1/me/cards', { token: a.token })).body.data).toHaveLength(5);
  });

  it('deleting the account deletes its cards at the provider', async () => {
    const a = await user();
    for (const number of ['4111111111111111', '5555555555554444'])
      expect((await addCard(a.token, number)).status).toBe(201);
    const members = (await knex('user_cards').where({ user_id: a.id }).pluck('provider_member_id')) as string[];
    const res = await http('DELETE', '/api/v1/me', { token: a.token });
    expect(res.status, res.text).toBe(200);
    expect(await knex('user_cards').where({ user_id: a.id })).toHaveLength(0);
    const atProvider = await knex('sandbox_gmo_cards').whereIn('member_id', members).pluck('deleted');
    expect(atProvider).toEqual([true, true]);
  });

  it('concurrent registrations stop at 5', async () => {
    const a = await user();
    for (let i = 0; i < 3; i++) expect((await addCard(a.token)).status).toBe(201);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => tokenize('4111111111111111')));
    const results = await Promise.all(
      tokens.map((token) => http('POST', '/api/v1/me/cards', { token: a.token, json: { token } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
    expect(await knex('user_cards').where({ user_id: a.id })).toHaveLength(5);
    const member = (await knex('user_cards').where({ user_id: a.id }).first()).providerMemberId;
    expect(await knex('sandbox_gmo_cards').where({ member_id: member, deleted: false })).toHaveLength(5);
  });

  it('kids accounts are refused; guests must sign in; a used token is refused', async () => {
    const parent = await user();
    const kid = await user({ child_flag: 1, parent_id: parent.id, email: null });
    for (const [method, path] of [
      ['GET', '/api/v1/me/cards'],
      ['POST', '/api/v1/me/cards'],
      ['PUT', '/api/v1/me/cards/1/default'],
      ['DELETE', '/api/v1/me/cards/1'],
    ] as const) {
      const res = await http(method, path, { token: kid.token, json: method === 'POST' ? { token: 'x' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.meta.message).toBe('キッズアカウントではご利用いただけません');
      expect((await http(method, path, { json: method === 'POST' ? { token: 'x' } : undefined })).status).toBe(401);
    }
    await expect(start(kid.id, { card: { token: 'x' } })).rejects.toMatchObject({ key: 'childRestricted' });
    const token = await tokenize('4111111111111111');
    expect((await http('POST', '/api/v1/me/cards', { token: parent.token, json: { token } })).status).toBe(201);
    const reused = await http('POST', '/api/v1/me/cards', { token: parent.token, json: { token }, lang: 'en' });
    expect(reused.status).toBe(400);
    expect(reused.body.meta.message).toBe('The card details have expired. Please enter them again');
  });
});

describe('payment reads', () => {
  it('owner only; guests 401; malformed ids 400', async () => {
    const a = await user();
    const b = await user();
    const r = await start(a.id, { method: PaymentMethod.FullCoin, amount: 0 });
    expect((await http('GET', `/api/v1/payments/${r.payment.id}`, { token: b.token })).status).toBe(404);
    expect((await http('POST', `/api/v1/payments/${r.payment.id}/return`, { token: b.token, json: {} })).status).toBe(
      404,
    );
    expect((await http('GET', `/api/v1/payments/${r.payment.id}`)).status).toBe(401);
    expect((await http('GET', '/api/v1/payments/not-a-uuid', { token: a.token })).status).toBe(400);
    const cfg = await http('GET', '/api/v1/payments/config');
    expect(cfg.body.data).toMatchObject({
      card: { available: true, sandbox: true, tokenUrl: '/sandbox/gmo/token' },
      paypay: { available: true },
      merpay: { available: true },
    });
  });
});

describe('configuration', () => {
  it('sandboxes only with DEMO=true and without real credentials', () => {
    const dev = loadConfig({ DEMO: 'true' });
    expect(enabledSandboxes(dev)).toEqual(['gmo', 'paypay', 'merpay']);
    expect(dev.payments.gmo?.apiUrl).toBe('http://localhost:3000/sandbox/gmo');
    const real = loadConfig({
      DEMO: 'true',
      GMO_SHOP_ID: 'tshop0001',
      GMO_SHOP_PASS: 'secret',
      PAYPAY_API_KEY: 'k',
      PAYPAY_API_SECRET: 's',
    });
    expect(enabledSandboxes(real)).toEqual(['merpay']);
    expect(real.payments.gmo).toMatchObject({ sandbox: false, apiUrl: 'https://pt01.mul-pay.jp' });
    const prod = loadConfig({ NODE_ENV: 'development', APP_SECRET: 'x'.repeat(40) });
    expect(enabledSandboxes(prod)).toEqual([]);
    expect(prod.payments).toMatchObject({ gmo: undefined, paypay: undefined, merpay: undefined });
  });
});
