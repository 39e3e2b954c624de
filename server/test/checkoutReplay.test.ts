// Checkout end to end over real HTTP with the real order-side outcome: a card payment with 3-D Secure and a
// PayPay payment whose notification and browser return are each delivered 5 times concurrently produce one
// paid order, one set of tickets and one coin movement; a declined card charges nothing and keeps the holds
// until their deadline; a payment abandoned at the provider fails after the payment window (coins back).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, commerce } from './commerceFixtures';
import { sandboxFlow } from './sandboxFlow';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
const c = commerce(() => ctx);

beforeAll(async () => {
  const listening = await createHttpTestServer();
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
});
afterAll(async () => {
  await ctx?.close();
});

const { http, press, tokenize, returnOf, placed } = sandboxFlow(() => base, c);

async function outcomeOf(orderId: number, userId: number) {
  const [order, tickets, coins, units] = await Promise.all([
    c.knex()('orders').where({ id: orderId }).first(),
    c.knex()('tickets').where({ order_id: orderId }),
    c.knex()('coin_entries').where({ user_id: userId }).whereNot('reason', 'welcome').orderBy('id'),
    c
      .knex()('stock_units')
      .join('order_lines', 'order_lines.item_id', 'stock_units.item_id')
      .where('order_lines.order_id', orderId)
      .select('stock_units.*'),
  ]);
  return { order, tickets, coins, units };
}

describe('checkout replays', () => {
  it('PayPay: notification and return 5 times each, concurrently: one paid order, one set of tickets, one coin movement', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({ rewardCoins: 5 });
    await c.addToCart(buyer, item, 2, 1);
    const o = await placed(buyer, item.parkId, { payment_method: 3, coins: 100 });
    expect(o.payment.kind).toBe('redirect');
    const back = await press(o.payment.url as string, 'approve');
    const [n] = await c
      .knex()('sandbox_notifications')
      .whereNull('delivered_at')
      .where({ provider: 'paypay' })
      .orderBy('id', 'desc');
    const deliveries = await Promise.all([
      ...Array.from({ length: 5 }, () => http('POST', '/sandbox/notifications/deliver')),
      ...Array.from({ length: 5 }, () => returnOf(back, buyer.token as string)),
    ]);
    expect(deliveries.slice(5).every((r) => 'statusCode' in r && r.statusCode === 200)).toBe(true);
    expect(n).toBeTruthy();
    const { order, tickets, coins, units } = await outcomeOf(o.orderId, buyer.id);
    expect(order).toMatchObject({ state: 'paid', subtotal: 2500, coinDiscount: 100, total: 2400, amountPaid: 2400 });
    expect(tickets).toHaveLength(3);
    expect(coins.map((x: { kind: string; amount: number; state: string }) => [x.kind, x.amount, x.state])).toEqual([
      ['minus', -100, 'settled'],
      ['plus', 15, 'settled'],
    ]);
    expect(units[0]).toMatchObject({ sold: 3, held: 0 });
    const completed = body(await c.call('GET', `/api/v1/orders/${o.orderId}`, buyer)).data;
    expect(completed.lines[0].ticketNumbers).toHaveLength(3);
  });

  it('card with 3-D Secure: notification first, then the return 5 times; a declined card charges nothing', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1);
    const declined = await placed(buyer, item.parkId, {
      payment_method: 1,
      card_token: await tokenize('4000000000000002'),
    });
    expect(declined.payment.kind).toBe('failed');
    expect((await outcomeOf(declined.orderId, buyer.id)).order.state).toBe('failed');
    const cart = body(await c.call('GET', `/api/v1/carts/${item.parkId}`, buyer)).data;
    expect(cart.lines).toHaveLength(1); // still held, to try again until its deadline

    const o = await placed(buyer, item.parkId, { payment_method: 1, card_token: await tokenize('4000000000003220') });
    expect(o.payment.kind).toBe('redirect');
    const back = await press(o.payment.url as string, 'approve');
    await http('POST', '/sandbox/notifications/deliver');
    const returns = await Promise.all(Array.from({ length: 5 }, () => returnOf(back, buyer.token as string)));
    for (const r of returns) expect(body(r).data.state).toBe('captured');
    const { order, tickets, units } = await outcomeOf(o.orderId, buyer.id);
    expect(order.state).toBe('paid');
    expect(tickets).toHaveLength(1);
    expect(units[0]).toMatchObject({ sold: 1, held: 0 });
  });

  it('3-D Secure failure fails the order with the spec message', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1);
    const o = await placed(buyer, item.parkId, { payment_method: 1, card_token: await tokenize('4000000000003220') });
    const back = await press(o.payment.url as string, 'fail');
    const r = await returnOf(back, buyer.token as string);
    expect(body(r).data.state).toBe('failed');
    expect(body(r).data.failureMessage).toContain('3Dセキュア認証に失敗しました');
    expect((await outcomeOf(o.orderId, buyer.id)).order.state).toBe('failed');
  });
});

describe("a provider's answer lost after it charged", () => {
  it('answers pending (not 503): the return page settles it paid with tickets; the order is never abandoned', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 2);
    // 4000000000000119: the sandbox charges, then answers 504 (a gateway timeout after the provider acted).
    const o = await placed(buyer, item.parkId, { payment_method: 1, card_token: await tokenize('4000000000000119') });
    expect(o.payment).toMatchObject({ kind: 'pending', provider: 'gmo' });
    const before = await outcomeOf(o.orderId, buyer.id);
    expect(before.order.state).toBe('pending_payment');
    expect(before.tickets).toHaveLength(0);
    expect(before.units[0]).toMatchObject({ sold: 0, held: 2 });
    // The return page asks the server, which asks the provider: captured, so paid, twice over or not.
    const back = `${base}/payment/gmo/callback?payment_id=${o.payment.paymentId}&provider=gmo`;
    const returns = await Promise.all([returnOf(back, buyer.token as string), returnOf(back, buyer.token as string)]);
    for (const r of returns) expect(body(r).data.state).toBe('captured');
    const after = await outcomeOf(o.orderId, buyer.id);
    expect(after.order).toMatchObject({ state: 'paid', amountPaid: 2000 });
    expect(after.tickets).toHaveLength(2);
    expect(after.units[0]).toMatchObject({ sold: 2, held: 0 });
  });

  it('left alone, the expiry sweep asks the provider and fulfils it', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1);
    const o = await placed(buyer, item.parkId, { payment_method: 1, card_token: await tokenize('4000000000000119') });
    expect(o.payment.kind).toBe('pending');
    const ran = (await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 21 * 60_000))) as Record<string, unknown>;
    expect(ran.expirePendingPayments).toMatchObject({ expired: 0 });
    const { order, tickets } = await outcomeOf(o.orderId, buyer.id);
    expect(order.state).toBe('paid');
    expect(tickets).toHaveLength(1);
  });
});

// bench:waiting-room killed an instance while card payments were starting: their buyers' retries answered 409
// checkoutInProgress ("check My Tickets in a moment") for the 20 minutes until the expiry sweep.
describe('a payment whose start was lost (still created)', () => {
  it('the sweep asks the provider within minutes: a charge it made is fulfilled', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1);
    // 4000000000000119: the sandbox charges, then answers 504 (the start's answer lost).
    const o = await placed(buyer, item.parkId, { payment_method: 1, card_token: await tokenize('4000000000000119') });
    expect(o.payment.kind).toBe('pending');
    // Within its start's time the sweep leaves it alone.
    await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 30_000));
    expect((await outcomeOf(o.orderId, buyer.id)).order.state).toBe('pending_payment');
    const ran = (await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 3 * 60_000))) as Record<string, unknown>;
    expect(ran.expirePendingPayments).toEqual({ expired: 0, settled: 1 });
    const { order, tickets } = await outcomeOf(o.orderId, buyer.id);
    expect(order.state).toBe('paid');
    expect(tickets).toHaveLength(1);
  });

  it('a start the provider never heard of fails within minutes: coins and places back; a payment at an approval page waits', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1);
    const o = await placed(buyer, item.parkId, { payment_method: 3, coins: 100 });
    expect(o.payment.kind).toBe('redirect');
    const other = await c.user();
    await c.addToCart(other, item, 1);
    const waiting = await placed(other, item.parkId, { payment_method: 3 });
    expect(waiting.payment.kind).toBe('redirect');
    // What a start that died before the provider answered leaves: the row, created, with no reference.
    await c
      .knex()('payments')
      .where({ id: o.payment.paymentId })
      .update({ state: 'created', provider_ref: null, access_id: null, access_pass: null, redirect_url: null });
    const ran = (await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 3 * 60_000))) as Record<string, unknown>;
    expect(ran.expirePendingPayments).toEqual({ expired: 1, settled: 0 });
    const { order, tickets, units } = await outcomeOf(o.orderId, buyer.id);
    expect(order.state).toBe('failed');
    expect(tickets).toHaveLength(0);
    expect(units[0]).toMatchObject({ sold: 0 });
    expect(await balance(buyer)).toBe(500);
    // The other buyer, at PayPay's approval page, is not hurried: they approve and come back, paid.
    expect((await c.knex()('payments').where({ id: waiting.payment.paymentId }).first('state')).state).toBe(
      'redirected',
    );
    const back = await press(waiting.payment.url as string, 'approve');
    expect(body(await returnOf(back, other.token as string)).data.state).toBe('captured');
  });
});

const balance = async (who: { token?: string }) =>
  body(await c.call('GET', '/api/v1/me/coins/current_coin', who)).data.balance as number;

describe('a payment left at the provider', () => {
  it('fails once the payment window is over: pending coins come back, the order fails, nothing is sold', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1);
    const o = await placed(buyer, item.parkId, { payment_method: 3, coins: 100 });
    expect(o.payment.kind).toBe('redirect');
    expect(await balance(buyer)).toBe(400);

    // Within the window the job leaves it alone.
    await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 60_000));
    expect((await c.knex()('payments').where('id', o.payment.paymentId).first('state')).state).toBe('redirected');

    const later = new Date(Date.now() + 21 * 60_000);
    const ran = (await ctx.server.plugins.jobs.runOnce(later)) as Record<string, unknown>;
    expect(ran.expirePendingPayments).toEqual({ expired: 1, settled: 0 });
    const payment = await c.knex()('payments').where('id', o.payment.paymentId).first('state', 'failure_reason');
    expect(payment).toMatchObject({ state: 'failed', failureReason: 'expired' });
    const detail = body(await c.call('GET', `/api/v1/orders/${o.orderId}`, buyer)).data;
    expect(detail.state).toBe('failed');
    expect(await balance(buyer)).toBe(500);
    expect(await c.knex()('tickets').where({ order_id: o.orderId })).toHaveLength(0);
    expect((await c.knex()('stock_units').where({ item_id: item.id }).first()).sold).toBe(0);
    // A second run finds nothing.
    expect(((await ctx.server.plugins.jobs.runOnce(later)) as Record<string, unknown>).expirePendingPayments).toEqual({
      expired: 0,
      settled: 0,
    });
  });
});

// An instance that died after the order's commit and before its payment's row left the order waiting for a payment
// that never comes: the buyer's retry (same key) waited, answered 409 checkoutInProgress, and a new checkout met the
// frozen lines, for the 20 minutes until failStalledOrders (bench:waiting-room, an instance killed halfway).
describe('a checkout whose payment was never written (its instance died)', () => {
  it('answers the retry within seconds that it did not start, gives the places back, and a new checkout pays', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 2);
    const key = randomUUID();
    const order = (lang: 'ja' | 'en') =>
      c.call(
        'POST',
        '/api/v1/orders',
        { ...buyer, lang, headers: { 'idempotency-key': key } },
        { park_id: item.parkId, agreement: true, payment_method: 3 },
      );
    const first = await order('ja');
    expect(first.statusCode, first.payload).toBe(201);
    const orderId = body(first).data.orderId as number;
    // What the crash leaves: the order committed, its payment never written.
    await c.knex()('orders').where({ id: orderId }).update({ payment_id: null });
    await c.knex()('payments').where({ order_id: orderId }).delete();
    const started = Date.now();
    const retry = await order('en');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(retry.statusCode, retry.payload).toBe(409);
    expect(body(retry).meta).toMatchObject({
      code: 'checkoutNotStarted',
      message: 'The payment could not be started, so the order was cancelled. Please check out again.',
    });
    const ja = await order('ja');
    expect(body(ja).meta.message).toBe(
      'お支払いを開始できなかったため、お申し込みを取り消しました。もう一度お手続きください。',
    );
    expect(await c.knex()('orders').where({ id: orderId }).first('state')).toEqual({ state: 'failed' });
    // The places are the buyer's again: a new checkout pays for them.
    const again = await placed(buyer, item.parkId, { payment_method: 3 });
    expect(again.orderId).not.toBe(orderId);
    const back = await press(again.payment.url as string, 'approve');
    expect((await returnOf(back, buyer.token as string)).statusCode).toBe(200);
    expect(await c.knex()('orders').where({ id: again.orderId }).first('state')).toEqual({ state: 'paid' });
    expect(await c.knex()('tickets').where({ order_id: again.orderId })).toHaveLength(2);
  });
});
