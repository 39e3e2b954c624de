// Konbini payment (issue 32) over real HTTP with the GMO CVS sandbox: the order gets a slip (store, numbers,
// deadline) and its places stay held until the deadline; the store's payment notification fulfils it once however
// often it comes; the deadline passing releases exactly its places and tells the buyer; a payment reported after
// that is applied late (places again if free, else the money goes back); lottery and waitlist stay card only.
import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../../common/enums';
import { endOfTokyoDay } from '../../common/rules/konbini';
import { addDays, tokyoDate } from '../../common/time';
import { JOB_SCHEMA } from '../features/jobs/queue';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, ctx, smtp, flow, clock } = commerceServer();
oneTokyoDayPerTest();

const LAWSON = '10001';

async function konbiniOrder(who: Caller, parkId: number, extra: object = {}) {
  return flow.placed(who, parkId, { payment_method: PaymentMethod.Konbini, convenience: LAWSON, ...extra });
}

const payment = (id: string) => c.knex()('payments').where({ id }).first();
const orderOf = (id: number) => c.knex()('orders').where({ id }).first();
const unitsOf = (itemId: number) => c.knex()('stock_units').where({ item_id: itemId }).orderBy('id');
const slipOf = async (who: Caller, paymentId: string) =>
  body(await c.call('GET', `/api/v1/payments/${paymentId}`, who)).data.konbini as {
    convenience: string;
    confNo: string;
    receiptNo: string;
    deadline: string;
    receiptUrl: string;
  };

/** The sandbox's slip page: "pay at the store" (answers the page after). */
async function payAtStore(receiptUrl: string) {
  const page = await flow.http('GET', receiptUrl);
  expect(page.status).toBe(200);
  expect(page.text).toContain('<svg');
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
  return flow.http('POST', new URL(action, receiptUrl).toString(), {
    body: 'decision=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const deliver = () => flow.http('POST', '/sandbox/notifications/deliver');

async function everyUnitWithinCapacity(itemId: number) {
  for (const u of await unitsOf(itemId)) expect(u.sold + u.held).toBeLessThanOrEqual(u.capacity);
}

describe('konbini payment', () => {
  it('issues a slip with a deadline; the places stay held; the store payment (notified twice) gives tickets once', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({ rewardCoins: 0 });
    await c.addToCart(buyer, item, 2, 0, 10);
    const o = await konbiniOrder(buyer, item.parkId);
    expect(o.payment.kind).toBe('redirect');
    expect(o.payment.url).toMatch(/\/payment\/konbini\?payment_id=/);
    const slip = await slipOf(buyer, o.payment.paymentId);
    expect(slip).toMatchObject({ convenience: LAWSON });
    expect(slip.confNo).toMatch(/^\d+$/);
    expect(slip.receiptNo).toMatch(/^\d{12}$/);
    // Default park term: 3 days, 23:59:59 Japan time.
    expect(slip.deadline).toBe(endOfTokyoDay(addDays(tokyoDate(clock().now()), 3)).toISOString());
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'redirected', method: 5, provider: 'konbini' });
    expect((await orderOf(o.orderId)).state).toBe('pending_payment');

    // Past the card's 20-minute window (and the cart's 15 minutes) the places stay held.
    await ctx().server.plugins.jobs.runOnce(new Date(clock().now().getTime() + 2 * 3_600_000));
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'redirected' });
    expect((await unitsOf(item.id))[0]).toMatchObject({ held: 2, sold: 0 });

    const paid = await payAtStore(slip.receiptUrl);
    expect(paid.text).toContain('Paid at the store');
    const [n] = await c.knex()('sandbox_notifications').whereNull('delivered_at').orderBy('id', 'desc');
    expect(n.body).toContain('Status=PAYSUCCESS');
    expect(n.body).toContain('PayType=3');
    // The notification delivered, then the same one posted again (a provider retry): one fulfilment.
    await deliver();
    const again = await flow.http('POST', '/api/v1/payments/notifications/konbini', {
      body: n.body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(200);
    expect(again.text).toBe('0');
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'captured' });
    expect(await orderOf(o.orderId)).toMatchObject({ state: 'paid', amountPaid: 2000 });
    expect(await c.knex()('tickets').where({ order_id: o.orderId })).toHaveLength(2);
    expect((await unitsOf(item.id))[0]).toMatchObject({ held: 0, sold: 2 });
    expect(await c.knex()('payment_events').where({ payment_id: o.payment.paymentId })).toHaveLength(1);
    // A notification with a wrong CheckString is refused and changes nothing.
    const forged = await flow.http('POST', '/api/v1/payments/notifications/konbini', {
      body: n.body.replace(/CheckString=\w+/, 'CheckString=00'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(401);

    // Money paid at a store cannot go back through GMO: a cancellation the policy allows is made, and its refund is
    // owed by bank transfer (konbiniGiveBack.test follows it to the transfer); GMO is never asked for a refund.
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 30, charge_rate: 0 });
    const ids = (await c.knex()('tickets').where({ order_id: o.orderId }).pluck('id')) as string[];
    const quote = await c.call('GET', `/api/v1/me/tickets/cancellation-quote?ticket_ids=${ids.join(',')}`, buyer);
    expect(quote.statusCode, quote.payload).toBe(200);
    expect(body(quote).data).toMatchObject({
      refundAmount: 2000,
      refundByBankTransfer: true,
      needsProviderConfirmation: false,
    });
    const cancel = await c.call(
      'POST',
      '/api/v1/me/tickets/cancellations',
      { ...buyer, lang: 'en' },
      { ticket_ids: ids },
    );
    expect(cancel.statusCode, cancel.payload).toBe(200);
    expect(body(cancel).data.bankTransfer).toMatchObject({ amount: 2000, state: 'awaiting_account' });
    expect(await c.knex()('tickets').where({ order_id: o.orderId }).pluck('state')).toEqual(['cancelled', 'cancelled']);
    expect((await unitsOf(item.id))[0]).toMatchObject({ held: 0, sold: 0 });
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'captured', refundedAmount: 0 });
    expect(await c.knex()('payment_refunds').where({ payment_id: o.payment.paymentId })).toHaveLength(0);
  });

  it('the deadline passing releases exactly the order’s places and tells the buyer (inbox and mail)', async () => {
    const buyer = await c.user();
    const other = await c.user();
    const item = await c.makeItem({ capacity: 3 });
    await c.addToCart(buyer, item, 2, 0, 10);
    await c.addToCart(other, item, 1, 0, 10);
    const o = await konbiniOrder(buyer, item.parkId);
    const slip = await slipOf(buyer, o.payment.paymentId);
    expect((await unitsOf(item.id))[0]).toMatchObject({ held: 3, sold: 0, capacity: 3 });

    // Just before the deadline nothing happens; just after, the payment expires and its two places go back.
    const deadline = new Date(slip.deadline).getTime();
    const before = (await ctx().server.plugins.jobs.runOnce(new Date(deadline - 1000))) as Record<string, unknown>;
    expect(before.expireKonbiniPayments).toEqual({ expired: 0, settled: 0 });
    const ran = (await ctx().server.plugins.jobs.runOnce(new Date(deadline + 1000))) as Record<string, unknown>;
    expect(ran.expireKonbiniPayments).toEqual({ expired: 1, settled: 0 });
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'failed', failureReason: 'expired' });
    expect((await orderOf(o.orderId)).state).toBe('failed');
    // The other buyer's cart line is past its own 15 minutes too at that time: everything is free again.
    const [unit] = await unitsOf(item.id);
    expect(unit).toMatchObject({ sold: 0 });
    expect(unit.held).toBeLessThanOrEqual(1);
    await everyUnitWithinCapacity(item.id);
    expect(
      await c
        .knex()('stock_holds')
        .whereIn('id', (await c.knex()('order_lines').where({ order_id: o.orderId }).first()).holdIds)
        .pluck('state'),
    ).toEqual(['expired']);
    const cart = body(await c.call('GET', `/api/v1/carts/${item.parkId}`, buyer)).data;
    expect(cart?.lines ?? []).toHaveLength(0);

    const inbox = body(await c.call('GET', '/api/v1/me/notifications', buyer)).data as { kind: string; body: string }[];
    expect(inbox.find((x) => x.kind === 'konbiniExpired')?.body).toContain('取り消しました');
    const mail = await smtp().latest(buyer.email as string, 10_000);
    expect(mail.subject).toContain('お支払い期限切れ');
    // A second run finds nothing; the notice is not repeated.
    const again = (await ctx().server.plugins.jobs.runOnce(new Date(deadline + 2000))) as Record<string, unknown>;
    expect(again.expireKonbiniPayments).toEqual({ expired: 0, settled: 0 });
  });

  it('a store payment reported after expiry is applied late: places again if free, else the money goes back', async () => {
    const early = await c.user();
    const item = await c.makeItem({ capacity: 2 });
    await c.addToCart(early, item, 2, 0, 10);
    const o = await konbiniOrder(early, item.parkId);
    const slip = await slipOf(early, o.payment.paymentId);
    await ctx().server.plugins.jobs.runOnce(new Date(new Date(slip.deadline).getTime() + 1000));
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'failed', failureReason: 'expired' });
    // Paid at the store (its clock still before the term) and notified after we gave up: the places are free.
    await payAtStore(slip.receiptUrl);
    await deliver();
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'captured', failureReason: null });
    expect(await orderOf(o.orderId)).toMatchObject({ state: 'paid' });
    expect(await c.knex()('tickets').where({ order_id: o.orderId })).toHaveLength(2);
    expect((await unitsOf(item.id))[0]).toMatchObject({ sold: 2, held: 0 });

    // The same, but someone bought the places meanwhile: the order cannot be fulfilled, the money goes back.
    const late = await c.user();
    const item2 = await c.makeItem({ capacity: 1 });
    const date = await c.openDate(item2.id, 10);
    const add = await c.call('POST', '/api/v1/carts', late, {
      item_id: item2.id,
      date,
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(add.statusCode).toBe(201);
    const o2 = await konbiniOrder(late, item2.parkId);
    const slip2 = await slipOf(late, o2.payment.paymentId);
    await ctx().server.plugins.jobs.runOnce(new Date(new Date(slip2.deadline).getTime() + 1000));
    const rival = await c.user();
    const add2 = await c.call('POST', '/api/v1/carts', rival, {
      item_id: item2.id,
      date,
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(add2.statusCode, add2.payload).toBe(201);
    await payAtStore(slip2.receiptUrl);
    await deliver();
    expect(await payment(o2.payment.paymentId)).toMatchObject({ state: 'captured', failureReason: 'places_gone' });
    expect(await orderOf(o2.orderId)).toMatchObject({ state: 'failed', failureReason: 'places_gone' });
    expect(await c.knex()('tickets').where({ order_id: o2.orderId })).toHaveLength(0);
    const giveBack = (await c
      .knex()
      .raw(`SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = 'paymentGiveBack' AND data->>'paymentId' = ?`, [
        o2.payment.paymentId,
      ])) as { rows: unknown[] };
    expect(giveBack.rows.length).toBeGreaterThan(0);
    // The give-back owes the money by bank transfer (GMO has no konbini refund): never a provider refund.
    await ctx().server.plugins.jobs.runOnce(new Date(new Date(slip2.deadline).getTime() + 2000));
    expect(await c.knex()('bank_transfer_refunds').where({ payment_id: o2.payment.paymentId })).toMatchObject([
      { amount: 1000, reason: 'places_gone', state: 'awaiting_account' },
    ]);
    expect(await c.knex()('payment_refunds').where({ payment_id: o2.payment.paymentId })).toHaveLength(0);
    await everyUnitWithinCapacity(item2.id);
  });

  it('an order placed as the day ends in Tokyo: the slip never says later than its places are held', async () => {
    // We count the term's days on the order's day; GMO counts them from the day its request arrives, some
    // milliseconds later. Orders placed at moments up to 0.3 s before midnight: some reach GMO on the next day.
    const item = await c.makeItem();
    const today = tokyoDate(clock().now());
    const midnight = new Date(`${addDays(today, 1)}T00:00:00+09:00`).getTime();
    try {
      for (const msBefore of [1, 5, 10, 20, 40, 80, 160, 320]) {
        const buyer = await c.user();
        clock().set(new Date(`${today}T23:59:00+09:00`));
        await c.addToCart(buyer, item, 1, 0, 2);
        clock().set(new Date(midnight - msBefore));
        const o = await konbiniOrder(buyer, item.parkId);
        const line = await c.knex()('order_lines').where({ order_id: o.orderId }).first();
        const hold = await c.knex()('stock_holds').whereIn('id', line.holdIds).first();
        const slip = await slipOf(buyer, o.payment.paymentId);
        expect(slip.deadline, `${msBefore} ms before midnight`).toBe(new Date(hold.expiresAt).toISOString());
        expect(new Date(slip.deadline).getTime()).toBeLessThanOrEqual(endOfTokyoDay(addDays(line.date, -1)).getTime());
      }
    } finally {
      clock().reset();
    }
  });

  it('deadline: the park term, never past the day before use; refused when no day is left', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    // The park owner sets the term (1 to 30 days); a scanner may not, nor can 0 or 31 be set.
    const owner = await c.user();
    await c.knex()('park_staff').insert({ user_id: owner.id, park_id: item.parkId, role: 'owner' });
    const settings = `/api/v1/staff/parks/${item.parkId}/konbini-settings`;
    expect(body(await c.call('GET', settings, owner)).data).toEqual({ paymentDays: 3 });
    for (const days of [0, 31]) {
      const bad = await c.call('PUT', settings, { ...owner, lang: 'en' }, { payment_days: days });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).meta.message).toContain('payment_days');
    }
    expect((await c.call('PUT', settings, buyer, { payment_days: 5 })).statusCode).toBe(403);
    const set = await c.call('PUT', settings, owner, { payment_days: 5 });
    expect(set.statusCode, set.payload).toBe(200);
    expect(body(set).data).toEqual({ paymentDays: 5 });
    expect(
      await c
        .knex()('audit_logs')
        .where({ entity: 'park', entity_id: String(item.parkId), action: 'konbini_settings' }),
    ).toHaveLength(1);
    try {
      await c.addToCart(buyer, item, 1, 0, 20);
      // The order's day: the one before it or after it (the same but for an order placed across midnight).
      const before = tokyoDate(clock().now());
      const far = await konbiniOrder(buyer, item.parkId);
      const after = tokyoDate(clock().now());
      expect([before, after].map((day) => endOfTokyoDay(addDays(day, 5)).toISOString())).toContain(
        (await slipOf(buyer, far.payment.paymentId)).deadline,
      );

      // Use tomorrow: pay by the end of today.
      const soon = await c.user();
      await c.addToCart(soon, item, 1, 0, 1);
      const o = await konbiniOrder(soon, item.parkId);
      const line = await c.knex()('order_lines').where({ order_id: o.orderId }).first();
      expect((await slipOf(soon, o.payment.paymentId)).deadline).toBe(
        endOfTokyoDay(addDays(line.date, -1)).toISOString(),
      );
      const hold = await c.knex()('stock_holds').whereIn('id', line.holdIds).first();
      expect(new Date(hold.expiresAt).toISOString()).toBe(endOfTokyoDay(addDays(line.date, -1)).toISOString());

      // Use today: no time to pay first.
      const today = await c.user();
      const date = tokyoDate(clock().now());
      const add = await c.call('POST', '/api/v1/carts', today, {
        item_id: item.id,
        date,
        quantities: [{ age_group_id: 5, quantity: 1 }],
      });
      expect(add.statusCode, add.payload).toBe(201);
      const refused = await c.call('POST', '/api/v1/orders', today, {
        park_id: item.parkId,
        agreement: true,
        payment_method: 5,
        convenience: LAWSON,
      });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).meta.code).toBe('konbiniNoTime');
      const en = await c.call(
        'POST',
        '/api/v1/orders',
        { ...today, lang: 'en' },
        {
          park_id: item.parkId,
          agreement: true,
          payment_method: 5,
          convenience: LAWSON,
        },
      );
      expect(body(en).meta.message).toContain('Convenience-store payment is not available');
      // Nothing changed: no order, the line still open in the cart.
      expect(await c.knex()('orders').where({ user_id: today.id })).toHaveLength(0);
      // No store chosen, or an unknown one: refused naming the field.
      const noStore = await c.call('POST', '/api/v1/orders', today, {
        park_id: item.parkId,
        agreement: true,
        payment_method: 5,
      });
      expect(noStore.statusCode).toBe(400);
      expect(JSON.stringify(body(noStore).meta)).toContain('convenience');
      const badStore = await c.call('POST', '/api/v1/orders', today, {
        park_id: item.parkId,
        agreement: true,
        payment_method: 5,
        convenience: '99999',
      });
      expect(badStore.statusCode).toBe(400);
    } finally {
      await c.knex()('parks').where({ id: item.parkId }).update({ konbini_payment_days: 3 });
    }
  });

  it('the visitor cancels the slip: cancelled at the provider, the lines back in the cart for 15 minutes, no notice', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 1, 0, 10);
    const o = await konbiniOrder(buyer, item.parkId);
    const slip = await slipOf(buyer, o.payment.paymentId);
    const res = await c.call('POST', `/api/v1/orders/${o.orderId}/cancel-payment`, buyer, {});
    expect(res.statusCode, res.payload).toBe(200);
    expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'failed', failureReason: 'cancelled' });
    expect((await orderOf(o.orderId)).state).toBe('failed');
    const trade = await c
      .knex()('sandbox_gmo_cvs_trades')
      .where({ order_id: (await payment(o.payment.paymentId)).orderRef })
      .first();
    expect(trade.status).toBe('CANCEL');
    // The store refuses the cancelled slip.
    const page = await flow.http('GET', slip.receiptUrl);
    expect(page.text).not.toContain('<form');
    const cart = body(await c.call('GET', `/api/v1/carts/${item.parkId}`, buyer)).data;
    expect(cart.lines).toHaveLength(1);
    const line = await c.knex()('cart_lines').where({ id: cart.lines[0].id }).first();
    expect(new Date(line.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 5_000);
    expect((await unitsOf(item.id))[0]).toMatchObject({ held: 1, sold: 0 });
    const inbox = body(await c.call('GET', '/api/v1/me/notifications', buyer)).data as { kind: string }[];
    expect(inbox.map((n) => n.kind)).not.toContain('konbiniExpired');
  });

  it('lottery entries and waitlist offers cannot be paid at a konbini', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ lottery: true });
    await c.lotteryRound(item.id, clock().now());
    await c.addToCart(buyer, item, 1, 0, 2);
    const refused = await c.call('POST', '/api/v1/orders', buyer, {
      park_id: item.parkId,
      agreement: true,
      payment_method: 5,
      convenience: LAWSON,
    });
    expect(refused.statusCode, refused.payload).toBe(400);
    expect(body(refused).meta.code).toBe('paymentModeUnsupported');
    expect(await c.knex()('orders').where({ user_id: buyer.id })).toHaveLength(0);
    // A waitlist offer is accepted by card only: the accept call takes no payment method.
    const accept = await c.call('POST', '/api/v1/me/waitlist/1/accept', buyer, { payment_method: 5 });
    expect(accept.statusCode).toBe(400);
  });
});
