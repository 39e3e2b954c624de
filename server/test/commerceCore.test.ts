// The commerce core as a hostile client would try it (issue: one path for stock and money): a line of an order
// awaiting payment cannot change; a checkout submitted twice is one order; a payment approved after its window
// takes its places again or is refunded (never a 500, never money kept without tickets); a cart DELETE racing the
// confirmation loses nothing; cancelling gives back the reward coins; the receipt is a durable job.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { body, type Caller, commerce } from './commerceFixtures';
import { sandboxFlow } from './sandboxFlow';
import { startSmtp } from './smtp';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const c = commerce(() => ctx);
const { press, returnOf, placed } = sandboxFlow(() => base, c);

beforeAll(async () => {
  smtp = await startSmtp();
  const listening = await createHttpTestServer({ SMTP_URL: smtp.url, HOLD_SWEEP_INTERVAL_MS: '0' });
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const clock = () => ctx.server.app.testClock as NonNullable<typeof ctx.server.app.testClock>;
const runJobs = () => ctx.server.plugins.jobs.runOnce();

async function stockOf(itemId: number) {
  const units = await c.knex()('stock_units').where({ item_id: itemId }).select('capacity', 'sold', 'held');
  const tickets = await c
    .knex()('tickets')
    .where({ item_id: itemId })
    .whereNotIn('state', ['cancelled', 'cancel_waiting']);
  return {
    sold: units.reduce((n, u) => n + u.sold, 0),
    held: units.reduce((n, u) => n + u.held, 0),
    tickets: tickets.length,
  };
}

const changeLine = (who: Caller, id: number, adults: number) =>
  c.call('PUT', '/api/v1/carts', who, {
    data: { lines: [{ id, quantities: [{ age_group_id: 5, quantity: adults }] }] },
  });
const removeLine = (who: Caller, id: number) => c.call('DELETE', '/api/v1/carts', who, { line_ids: [id] });

describe('an order awaiting payment', () => {
  it('freezes its lines: a change or removal is refused in ja and en, and the payment sells exactly what it paid for', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const lineId = await c.addToCart(buyer, item, 3);
    const o = await placed(buyer, item.parkId, { payment_method: 3 });
    expect(o.payment.kind).toBe('redirect');

    const changed = await changeLine(buyer, lineId, 1);
    expect(changed.statusCode).toBe(409);
    expect(body(changed).meta).toMatchObject({ code: 'cartLineInPayment' });
    expect(body(changed).meta.message).toContain('お支払い手続き中');
    const removed = await removeLine({ ...buyer, lang: 'en' }, lineId);
    expect(removed.statusCode).toBe(409);
    expect(body(removed).meta.message).toContain('being paid for');

    const back = await press(o.payment.url as string, 'approve');
    expect((await returnOf(back, buyer.token as string)).statusCode).toBe(200);
    expect((await c.knex()('orders').where({ id: o.orderId }).first('state')).state).toBe('paid');
    expect(await stockOf(item.id)).toEqual({ sold: 3, held: 0, tickets: 3 });
  });

  it('a checkout submitted twice with one idempotency key is one order; a second without it is refused', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 2);
    const key = randomUUID();
    const keyed = { ...buyer, headers: { 'idempotency-key': key } };
    const [a, b] = await Promise.all([
      c.call('POST', '/api/v1/orders', keyed, { park_id: item.parkId, agreement: true, payment_method: 3 }),
      c.call('POST', '/api/v1/orders', keyed, { park_id: item.parkId, agreement: true, payment_method: 3 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(body(a).data.orderId).toBe(body(b).data.orderId);
    expect(body(a).data.payment.url).toBe(body(b).data.payment.url);
    const third = await c.call('POST', '/api/v1/orders', buyer, {
      park_id: item.parkId,
      agreement: true,
      payment_method: 3,
    });
    expect(third.statusCode).toBe(409);
    expect(await c.knex()('orders').where({ user_id: buyer.id })).toHaveLength(1);
    expect(await c.knex()('payments').where({ user_id: buyer.id })).toHaveLength(1);
  });

  it('a cart DELETE racing the confirmation never loses the order: 10 rounds, tickets always equal places sold', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({ capacity: 100 });
    for (let round = 0; round < 10; round++) {
      const lineId = await c.addToCart(buyer, item, 2);
      const o = await placed(buyer, item.parkId, { payment_method: 3 });
      const back = await press(o.payment.url as string, 'approve');
      const [deleted, returned] = await Promise.all([removeLine(buyer, lineId), returnOf(back, buyer.token as string)]);
      expect([409, 404]).toContain(deleted.statusCode);
      expect(returned.statusCode).toBe(200);
      expect((await c.knex()('orders').where({ id: o.orderId }).first('state')).state).toBe('paid');
    }
    expect(await stockOf(item.id)).toEqual({ sold: 20, held: 0, tickets: 20 });
  }, 120_000);

  it('the owner can give up the payment: the lines open again and can change', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const lineId = await c.addToCart(buyer, item, 2);
    const o = await placed(buyer, item.parkId, { payment_method: 3 });
    const other = await c.user();
    expect((await c.call('POST', `/api/v1/orders/${o.orderId}/cancel-payment`, other)).statusCode).toBe(404);
    const cancelled = await c.call('POST', `/api/v1/orders/${o.orderId}/cancel-payment`, buyer);
    expect(cancelled.statusCode, cancelled.payload).toBe(200);
    expect(body(cancelled).data.state).toBe('failed');
    expect((await changeLine(buyer, lineId, 1)).statusCode).toBe(200);
    expect(await stockOf(item.id)).toEqual({ sold: 0, held: 1, tickets: 0 });
  });
});

describe('an order whose payment never started', () => {
  it('(the process stopped between the two) fails after the payment window: coins back, lines open again', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const lineId = await c.addToCart(buyer, item, 2);
    const o = await placed(buyer, item.parkId, { payment_method: 3, coins: 100 });
    // As if the process had stopped before the payment's first row: no payment, the order pending, the line frozen.
    await c.knex()('orders').where({ id: o.orderId }).update({ payment_id: null });
    await c
      .knex()('payment_events')
      .whereIn('payment_id', c.knex()('payments').where({ order_id: o.orderId }).select('id'))
      .delete();
    await c.knex()('payments').where({ order_id: o.orderId }).delete();
    expect((await changeLine(buyer, lineId, 1)).statusCode).toBe(409);
    clock().advance(25 * 60_000);
    try {
      expect(((await runJobs()) as Record<string, unknown>).failStalledOrders).toEqual({ failed: 1 });
      expect(await c.knex()('orders').where({ id: o.orderId }).first('state', 'failure_reason')).toEqual({
        state: 'failed',
        failureReason: 'not_started',
      });
      expect((await c.knex()('coin_entries').where({ order_id: o.orderId, kind: 'minus' }).first('state')).state).toBe(
        'cancelled',
      );
      expect((await c.knex()('cart_lines').where({ id: lineId }).first('order_id'))?.orderId ?? null).toBeNull();
    } finally {
      clock().reset();
    }
  });
});

describe('a payment approved after its window', () => {
  it('takes its places again when they are free: paid, tickets, coins and receipt once', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({ capacity: 10 });
    await c.addToCart(buyer, item, 3);
    const o = await placed(buyer, item.parkId, { payment_method: 3, coins: 100 });
    clock().advance(25 * 60_000);
    try {
      await runJobs(); // the payment is given up (expired), its lines open again
      await runJobs(); // their holds, past their deadline, go back to stock
      expect((await c.knex()('payments').where({ id: o.payment.paymentId }).first('state')).state).toBe('failed');
      expect(await stockOf(item.id)).toEqual({ sold: 0, held: 0, tickets: 0 });

      const back = await press(o.payment.url as string, 'approve');
      const returned = await returnOf(back, buyer.token as string);
      expect(returned.statusCode, returned.payload).toBe(200);
      expect(body(returned).data).toMatchObject({ state: 'captured', failureReason: null });
      expect((await c.knex()('orders').where({ id: o.orderId }).first('state')).state).toBe('paid');
      expect(await stockOf(item.id)).toEqual({ sold: 3, held: 0, tickets: 3 });
      const coins = await c.knex()('coin_entries').where({ order_id: o.orderId, kind: 'minus' }).first('state');
      expect(coins.state).toBe('settled');
      await runJobs();
      expect(smtp.count(buyer.email)).toBe(1);
    } finally {
      clock().reset();
    }
  });

  it('refunds automatically when the places are gone: 200 (never 500), no tickets, the buyer told by page and e-mail', async () => {
    const buyer = await c.user();
    const rival = await c.user();
    const item = await c.makeItem({ capacity: 3 });
    await c.addToCart(buyer, item, 3);
    const o = await placed(buyer, item.parkId, { payment_method: 3 });
    clock().advance(25 * 60_000);
    try {
      await runJobs();
      await runJobs();
      await c.addToCart(rival, item, 3); // the places go to someone else
      const back = await press(o.payment.url as string, 'approve');
      const returned = await returnOf(back, buyer.token as string);
      expect(returned.statusCode, returned.payload).toBe(200);
      expect(body(returned).data).toMatchObject({ failureReason: 'places_gone' });
      expect(body(returned).meta.message).toContain('返金');
      const order = await c.knex()('orders').where({ id: o.orderId }).first('state', 'failure_reason');
      expect(order).toMatchObject({ state: 'failed', failureReason: 'places_gone' });
      expect(await stockOf(item.id)).toEqual({ sold: 0, held: 3, tickets: 0 });

      await runJobs(); // the give-back job refunds, then queues the mail
      await runJobs();
      const payment = await c.knex()('payments').where({ id: o.payment.paymentId }).first();
      expect(payment).toMatchObject({ state: 'refunded', refundedAmount: payment.amount });
      const mail = await smtp.latest(buyer.email);
      expect(mail.subject).toContain('返金');
      // Replays change nothing: one refund, one mail.
      expect((await returnOf(back, buyer.token as string)).statusCode).toBe(200);
      await runJobs();
      expect(await c.knex()('payment_refunds').where({ payment_id: o.payment.paymentId })).toHaveLength(1);
      expect(smtp.count(buyer.email)).toBe(1);
    } finally {
      clock().reset();
    }
  });
});

describe('cancellation gives back what the order gave', () => {
  it('takes back the reward coins of cancelled tickets (a minus entry), so coins cannot be farmed', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({ rewardCoins: 20 });
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 3, charge_rate: 0 });
    const date = addDays(c.today, 5);
    const add = await c.call('POST', '/api/v1/carts', buyer, {
      item_id: item.id,
      date,
      quantities: [{ age_group_id: 2, quantity: 1 }],
    });
    expect(add.statusCode, add.payload).toBe(201);
    const o = await placed(buyer, item.parkId, { payment_method: 4, coins: 500 });
    expect(o.payment.kind).toBe('completed');
    const balance = async () =>
      body(await c.call('GET', '/api/v1/me/coins/current_coin', buyer)).data.balance as number;
    expect(await balance()).toBe(20);
    const [ticket] = await c.knex()('tickets').where({ order_id: o.orderId });
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [ticket.id] });
    expect(done.statusCode, done.payload).toBe(200);
    // 500 coins paid come back, the 20 coins the ticket earned go.
    expect(await balance()).toBe(500);
    const back = await c.knex()('coin_entries').where({ user_id: buyer.id, kind: 'minus', reason: 'reward_back' });
    expect(back.map((e: { amount: number }) => e.amount)).toEqual([-20]);
  });
});
