// Annual pass benefits in the cart (issue 29, server/features/passes/README.md 2.11): the member discount on the
// items of the product's discount categories, priced server-side, kept on the order lines so a cancellation gives
// back exactly what was paid; guest vouchers on admission lines, counted once per term.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../common/dto/cart';
import { findProblems } from '../features/finance/services/reconcileLedgers';
import { body, type Caller, commerce } from './commerceFixtures';
import { makePassProduct, type PassProductOptions, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const grantCoins = (userId: number) =>
  c
    .knex()('coin_entries')
    .insert({
      user_id: userId,
      kind: 'plus',
      reason: 'reward',
      amount: 100_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
const shop = passShop(c, grantCoins);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

type Buyer = Caller & { id: number; token: string };

/** A paid single pass (valid from purchase) of a product with `percent` off events and quests; answers the pass. */
async function passHolder(percent = 10, o: PassProductOptions & { guestVouchers?: number } = {}) {
  const product = await makePassProduct(c.knex(), { kind: 'single', validityStart: 'purchase', ...o });
  await c
    .knex()('pass_products')
    .where({ item_id: product.itemId })
    .update({ discount_percent: percent, guest_vouchers: o.guestVouchers ?? 0 });
  const who = (await shop.buyer()) as Buyer;
  const added = await shop.addPass(who, product.itemId, { quantities: [{ age_group_id: 5, quantity: 1 }] });
  expect(added.statusCode, added.payload).toBe(201);
  const named = await shop.setHolders(who, product.parkId, body(added).data.id, [
    { position: 1, holder_user_id: who.id, name: '動物 花子', age_group_id: 5, unit_kind: 'basic' },
  ]);
  expect(named.statusCode, named.payload).toBe(200);
  const paid = await shop.pay(who, product.parkId, 6000);
  expect(paid.statusCode, paid.payload).toBe(201);
  const pass = await c
    .knex()('passes')
    .where({ first_order_id: body(paid).data.orderId })
    .first();
  return { who, product, pass: pass as { id: number; validUntil: string } };
}

async function parkCart(who: Caller, parkId: number): Promise<Cart> {
  const res = await c.call('GET', `/api/v1/carts/${parkId}`, who);
  expect(res.statusCode, res.payload).toBe(200);
  return body(res).data as Cart;
}

/** Empties the caller's cart of a park (each test starts from its own lines). */
async function clearCart(who: Caller, parkId: number) {
  const cart = await parkCart(who, parkId);
  if (cart.lines.length === 0) return;
  const res = await c.call('DELETE', '/api/v1/carts', who, { line_ids: cart.lines.map((l) => l.id) });
  expect(res.statusCode, res.payload).toBe(200);
}

describe('member discount', () => {
  it('takes the percentage off one event unit per holder (the discount rounded down), not admission', async () => {
    const { who, product } = await passHolder(15);
    const event = await c.makeItem(); // category 1 (event), adult 1,000 / child 500
    await c.addToCart(who, event, 2, 1);
    const cart = await parkCart(who, product.parkId);
    const line = cart.lines.find((l) => l.itemId === event.id);
    // One holder: one unit discounted (the dearest, an adult): 1,000 - floor(150) = 850; then 1,000 + 500 at list.
    expect(line).toMatchObject({ subtotal: 850 + 1000 + 500, memberDiscount: 150 });
    expect(line?.quantities).toEqual([
      expect.objectContaining({ ageGroupId: 5, quantity: 2, unitPrice: 1000 }),
      expect.objectContaining({ ageGroupId: 2, quantity: 1, unitPrice: 500 }),
    ]);
    expect(cart).toMatchObject({ subtotal: 2350, memberDiscount: 150 });

    const admission = await c.makeItem();
    await c.knex()('items').where({ id: admission.id }).update({ category: 0 });
    await c.addToCart(who, admission, 1);
    const again = await parkCart(who, product.parkId);
    expect(again.lines.find((l) => l.itemId === admission.id)).toMatchObject({ subtotal: 1000, memberDiscount: 0 });

    // A buyer without a pass pays the list price.
    const other = await shop.buyer();
    await c.addToCart(other, event, 1);
    expect((await parkCart(other, product.parkId)).lines[0]).toMatchObject({ subtotal: 1000, memberDiscount: 0 });
  });

  it('not when the holder is suspended, the pass expired, or for another park', async () => {
    const event = await c.makeItem();
    const suspended = await passHolder(10);
    await c.knex()('tickets').where({ pass_id: suspended.pass.id, unit_kind: 'pass' }).update({ state: 'suspended' });
    await c.addToCart(suspended.who, event, 1);
    expect((await parkCart(suspended.who, event.parkId)).lines[0]).toMatchObject({ subtotal: 1000, memberDiscount: 0 });

    // Expired before the use date: the pass ends today, the event is tomorrow or later.
    const expired = await passHolder(10);
    await c.knex()('passes').where({ id: expired.pass.id }).update({ valid_until: c.today });
    await c.knex()('tickets').where({ pass_id: expired.pass.id, unit_kind: 'pass' }).update({ use_date: c.today });
    await c.addToCart(expired.who, event, 1);
    expect((await parkCart(expired.who, event.parkId)).lines[0]).toMatchObject({ subtotal: 1000, memberDiscount: 0 });

    // A pass of another park (that does not admit at the event's park).
    const otherPark = (await c.knex()('parks').where('is_private', false).whereNot('id', event.parkId).first('id'))
      .id as number;
    const elsewhere = await passHolder(10, { parkId: otherPark });
    await c.addToCart(elsewhere.who, event, 1);
    expect((await parkCart(elsewhere.who, event.parkId)).lines[0]).toMatchObject({
      subtotal: 1000,
      memberDiscount: 0,
    });
  });

  it('is priced at checkout and kept on the order; a cancellation refunds the discounted price minus the fee', async () => {
    const { who } = await passHolder(10);
    const event = await c.makeItem();
    await c.knex()('item_cancellation_policies').insert({ item_id: event.id, days_before: 7, charge_rate: 30 });
    await clearCart(who, event.parkId);
    await c.addToCart(who, event, 1, 0, 3);
    const paid = await shop.pay(who, event.parkId, 900);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    expect(await c.knex()('orders').where({ id: orderId }).first()).toMatchObject({ subtotal: 900 });
    const [orderLine] = await c.knex()('order_lines').where({ order_id: orderId });
    const units = typeof orderLine.units === 'string' ? JSON.parse(orderLine.units) : orderLine.units;
    expect(units).toEqual([expect.objectContaining({ unitPrice: 900, listPrice: 1000, quantity: 1 })]);
    const [ticket] = await c.knex()('tickets').where({ order_id: orderId });
    expect(ticket.price).toBe(900);

    const quote = await c.call('GET', `/api/v1/me/tickets/cancellation-quote?ticket_ids[]=${ticket.id}`, who);
    expect(quote.statusCode, quote.payload).toBe(200);
    // 30% of the 900 paid: 270; 630 back (all in coins: it was paid with coins).
    expect(body(quote).data).toMatchObject({ fee: 270, refundAmount: 0, refundCoins: 630 });
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', who, { ticket_ids: [ticket.id] });
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data.quote).toMatchObject({ fee: 270, refundCoins: 630 });

    const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
  });
});

describe('guest vouchers', () => {
  /** An admission item (category 0) of a park: adult 1,000 yen. */
  async function admission(parkId?: number) {
    const item = await c.makeItem();
    await c
      .knex()('items')
      .where({ id: item.id })
      .update({ category: 0, ...(parkId ? { park_id: parkId } : {}) });
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 7, charge_rate: 0 });
    return { ...item, parkId: parkId ?? item.parkId };
  }
  const choose = (who: Caller, parkId: number, lineId: number, passId: number, quantity: number) =>
    c.call('PUT', `/api/v1/carts/${parkId}/lines/${lineId}/voucher`, who, { pass_id: passId, quantity });
  const uses = (passId: number) =>
    c.knex()('pass_voucher_uses').where({ pass_id: passId }).orderBy('id').select('state', 'order_id');
  const spent = (passId: number) =>
    c.knex()('pass_voucher_uses').where({ pass_id: passId }).orderBy('id').select('state', 'order_id', 'ticket_id');

  it('makes admission units free, at most N per term, refused on an event or for another pass (ja/en, naming the field)', async () => {
    const { who, pass } = await passHolder(0, { guestVouchers: 2 });
    const gate = await admission();
    await clearCart(who, gate.parkId);
    const lineId = await c.addToCart(who, gate, 3);
    const listed = (await parkCart(who, gate.parkId)).lines[0];
    expect(listed?.voucherPasses).toEqual([expect.objectContaining({ passId: pass.id, left: 2 })]);

    const tooMany = await choose({ ...who, lang: 'en' }, gate.parkId, lineId, pass.id, 3);
    expect(tooMany.statusCode, tooMany.payload).toBe(409);
    expect(body(tooMany).meta).toMatchObject({ code: 'passVouchersUsedUp' });
    expect(body(tooMany).meta.message).toContain('pass_voucher');
    const two = await choose(who, gate.parkId, lineId, pass.id, 2);
    expect(two.statusCode, two.payload).toBe(200);
    expect(body(two).data).toMatchObject({
      subtotal: 1000,
      passVoucher: { passId: pass.id, quantity: 2, amount: 2000 },
    });

    const event = await c.makeItem();
    const eventLine = await c.addToCart(who, event, 1);
    const onEvent = await choose(who, event.parkId, eventLine, pass.id, 1);
    expect(onEvent.statusCode, onEvent.payload).toBe(400);
    expect(body(onEvent).meta.code).toBe('passVoucherInvalid');
    expect(body(onEvent).meta.message).toContain('pass_voucher');
    const stranger = await shop.buyer();
    const theirLine = await c.addToCart(stranger, gate, 1);
    expect((await choose(stranger, gate.parkId, theirLine, pass.id, 1)).statusCode).toBe(400);
    const bad = await c.call('PUT', `/api/v1/carts/${gate.parkId}/lines/${lineId}/voucher`, who, { pass_id: 'x' });
    expect(bad.statusCode).toBe(400);

    await c.call('DELETE', '/api/v1/carts', who, { line_ids: [eventLine] });
    const paid = await shop.pay(who, gate.parkId, 1000);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    expect(await c.knex()('orders').where({ id: orderId }).first()).toMatchObject({ subtotal: 1000 });
    // Paid: each voucher is spent on one of the free admissions (price 0), not on the one paid for.
    const issued = (await c
      .knex()('tickets')
      .where({ order_id: orderId })
      .orderBy('ticket_number')
      .select('id', 'price')) as { id: string; price: number }[];
    const free = issued.filter((t) => t.price === 0).map((t) => t.id);
    expect(free).toHaveLength(2);
    expect(await spent(pass.id)).toEqual([
      { state: 'used', orderId, ticketId: free[0] },
      { state: 'used', orderId, ticketId: free[1] },
    ]);
    // Used up this term: the next line is refused.
    const next = await c.addToCart(who, gate, 1);
    const none = await choose(who, gate.parkId, next, pass.id, 1);
    expect(none.statusCode, none.payload).toBe(409);

    // Cancelling the order gives them back.
    const tickets = (await c.knex()('tickets').where({ order_id: orderId }).pluck('id')) as string[];
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', who, { ticket_ids: tickets });
    expect(done.statusCode, done.payload).toBe(200);
    expect((await uses(pass.id)).map((u: { state: string }) => u.state)).toEqual(['released', 'released']);
    expect((await choose(who, gate.parkId, next, pass.id, 1)).statusCode).toBe(200);
    const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
  });

  it('counts the last voucher once under two concurrent checkouts', async () => {
    const parks = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as number[];
    const [a, b] = parks as [number, number];
    const { who, pass } = await passHolder(0, { guestVouchers: 1, parkId: a, partnerParkIds: [b] });
    const gateA = await admission(a);
    const gateB = await admission(b);
    await clearCart(who, a);
    const lineA = await c.addToCart(who, gateA, 2);
    const lineB = await c.addToCart(who, gateB, 2);
    expect((await choose(who, a, lineA, pass.id, 1)).statusCode).toBe(200);
    expect((await choose(who, b, lineB, pass.id, 1)).statusCode).toBe(200);
    const both = await Promise.all([shop.pay(who, a, 1000), shop.pay(who, b, 1000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(body(refused as (typeof both)[number]).meta.code).toBe('passVouchersUsedUp');
    expect((await uses(pass.id)).map((u: { state: string }) => u.state)).toEqual(['used']);
  });

  it('a partial cancellation gives back the vouchers of the free admissions it cancels, and only those', async () => {
    const { who, pass } = await passHolder(0, { guestVouchers: 2 });
    const gate = await admission();
    await clearCart(who, gate.parkId);
    const lineId = await c.addToCart(who, gate, 3);
    expect((await choose(who, gate.parkId, lineId, pass.id, 2)).statusCode).toBe(200);
    const paid = await shop.pay(who, gate.parkId, 1000);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    const tickets = (await c
      .knex()('tickets')
      .where({ order_id: orderId })
      .orderBy('ticket_number')
      .select('id', 'price')) as { id: string; price: number }[];
    const charged = tickets.filter((t) => t.price > 0).map((t) => t.id);
    const free = tickets.filter((t) => t.price === 0).map((t) => t.id);
    const cancel = (ids: string[]) => c.call('POST', '/api/v1/me/tickets/cancellations', who, { ticket_ids: ids });

    // The paid admission: no voucher comes back.
    expect((await cancel(charged)).statusCode).toBe(200);
    expect((await spent(pass.id)).map((u: { state: string }) => u.state)).toEqual(['used', 'used']);
    // One free admission: its voucher comes back, the other stays spent.
    expect((await cancel([free[0] as string])).statusCode).toBe(200);
    expect(await spent(pass.id)).toEqual([
      { state: 'released', orderId, ticketId: free[0] },
      { state: 'used', orderId, ticketId: free[1] },
    ]);
    const next = await c.addToCart(who, gate, 1);
    const offered = (await parkCart(who, gate.parkId)).lines.find((l) => l.id === next);
    expect(offered?.voucherPasses).toEqual([expect.objectContaining({ passId: pass.id, left: 1 })]);
    const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
  });
});
