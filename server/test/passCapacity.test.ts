// Places set aside for annual-pass holders on timed items (issue 29, server/features/passes/README.md 2.11): the
// park's owner sets them per time slot; a holder books them (`pass_pool`) for at most their active holders; they
// are stock rows of their own (pool 1), so a holder never takes a general place nor the other way round, and
// `sold + held <= capacity` holds per row under concurrency; cancellation gives the place back to its pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, DateAvailability, PassPlaces } from '../../common/dto/cart';
import type { OfficePassProduct } from '../../common/dto/pass';
import { addDays } from '../../common/time';
import { userOwner } from '../features/carts/owner';
import { addCartLine } from '../features/carts/services/addLine';
import { findProblems } from '../features/finance/services/reconcileLedgers';
import { body, type Caller, commerce } from './commerceFixtures';
import { makePassProduct, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const shop = passShop(c);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

type Buyer = Caller & { id: number; token: string };
let parkId: number;
let owner: Caller;
let passItemId: number;

beforeAll(async () => {
  parkId = (await c.knex()('parks').where('is_private', false).orderBy('id').first('id')).id as number;
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role: 'owner' });
  owner = user;
  passItemId = (await makePassProduct(c.knex(), { kind: 'single', validityStart: 'purchase', parkId })).itemId;
}, 240_000);

/** A buyer with a paid single pass valid from today at the park (one active holder: themself). */
async function holder(): Promise<Buyer> {
  const who = (await shop.buyer()) as Buyer;
  const added = await shop.addPass(who, passItemId, { quantities: [{ age_group_id: 5, quantity: 1 }] });
  expect(added.statusCode, added.payload).toBe(201);
  const named = await shop.setHolders(who, parkId, body(added).data.id, [
    { position: 1, holder_user_id: who.id, name: '会員 花子', age_group_id: 5, unit_kind: 'basic' },
  ]);
  expect(named.statusCode, named.payload).toBe(200);
  const paid = await shop.pay(who, parkId, 6000);
  expect(paid.statusCode, paid.payload).toBe(201);
  return who;
}

/** A timed item of the park (adult 1,000 yen) with one slot of `capacity` places, `passCapacity` set by the owner. */
async function timedItem(capacity: number, passCapacity: number) {
  const item = await c.makeItem();
  const [slot] = await c
    .knex()('item_time_slots')
    .insert({ item_id: item.id, start_time: '10:00', end_time: '11:00', capacity })
    .returning('id');
  const slotId = Number(slot.id);
  if (passCapacity > 0) {
    const res = await setPassCapacity(item.id, slotId, passCapacity);
    expect(res.statusCode, res.payload).toBe(200);
  }
  const date = await c.openDate(item.id);
  return { ...item, slotId, date };
}

const setPassCapacity = (itemId: number, slotId: number, value: unknown, who: Caller = owner) =>
  c.call('PUT', `/api/v1/staff/parks/${parkId}/items/${itemId}/time-slots/${slotId}/pass-capacity`, who, {
    pass_capacity: value,
  });

type Timed = Awaited<ReturnType<typeof timedItem>>;
const add = (who: Caller, item: Timed, adults: number, passPool?: boolean) =>
  c.call('POST', '/api/v1/carts', who, {
    item_id: item.id,
    date: item.date,
    time_slot_id: item.slotId,
    quantities: [{ age_group_id: 5, quantity: adults }],
    ...(passPool === undefined ? {} : { pass_pool: passPool }),
  });

async function rows(item: Timed) {
  const list = (await c
    .knex()('stock_units')
    .where({ item_id: item.id, date: item.date, time_slot_id: item.slotId })
    .orderBy('pool')
    .select('pool', 'capacity', 'sold', 'held')) as { pool: number; capacity: number; sold: number; held: number }[];
  return Object.fromEntries(list.map((r) => [r.pool === 1 ? 'pass' : 'general', r]));
}

async function clearCart(who: Caller) {
  const cart = body(await c.call('GET', `/api/v1/carts/${parkId}`, who)).data as Cart;
  if (cart.lines.length === 0) return;
  const res = await c.call('DELETE', '/api/v1/carts', who, { line_ids: cart.lines.map((l) => l.id) });
  expect(res.statusCode, res.payload).toBe(200);
}

describe('pass-holder places', () => {
  it('a holder books from the pool: the general pool is untouched, the public sees general places only', async () => {
    const item = await timedItem(10, 4);
    const who = await holder();
    const res = await add(who, item, 1, true);
    expect(res.statusCode, res.payload).toBe(201);
    expect(body(res).data).toMatchObject({ passPool: true, people: 1 });
    expect(await rows(item)).toEqual({ pass: { pool: 1, capacity: 4, sold: 0, held: 1 } });

    const general = await add(who, item, 2);
    expect(general.statusCode, general.payload).toBe(201);
    expect(body(general).data).toMatchObject({ passPool: false, people: 2 });
    expect(await rows(item)).toEqual({
      general: { pool: 0, capacity: 6, sold: 0, held: 2 },
      pass: { pool: 1, capacity: 4, sold: 0, held: 1 },
    });

    const availability = await c.call('GET', `/api/v1/items/${item.id}/availability?from=${item.date}&to=${item.date}`);
    const slot = (body(availability).data as DateAvailability[])[0]?.slots[0];
    expect(slot).toMatchObject({ capacity: 6, remaining: 4 });

    const places = await c.call('GET', `/api/v1/items/${item.id}/pass-places?date=${item.date}`, who);
    expect(places.statusCode, places.payload).toBe(200);
    expect(body(places).data as PassPlaces).toEqual({
      holders: 1,
      slots: [{ timeSlotId: item.slotId, startTime: '10:00', endTime: '11:00', capacity: 4, remaining: 3 }],
    });
    const stranger = await c.user({ telephone: '090-1111-2222' });
    expect(body(await c.call('GET', `/api/v1/items/${item.id}/pass-places?date=${item.date}`, stranger)).data).toEqual({
      holders: 0,
      slots: [],
    });
    expect((await c.call('GET', `/api/v1/items/${item.id}/pass-places?date=${item.date}`)).statusCode).toBe(401);

    // The office stock page shows both pools.
    const day = await c.call('GET', `/api/v1/staff/parks/${parkId}/items/${item.id}/stock/${item.date}`, owner);
    expect(day.statusCode, day.payload).toBe(200);
    expect(body(day).data[0]).toMatchObject({
      capacity: 6,
      held: 2,
      remaining: 4,
      passCapacity: 4,
      pass: { capacity: 4, sold: 0, held: 1, remaining: 3 },
    });
  });

  it('refuses the pool to a non-holder (403) and to a guest, in ja and en, naming pass_pool', async () => {
    const item = await timedItem(10, 4);
    const stranger = await c.user({ telephone: '090-1111-3333' });
    const ja = await add(stranger, item, 1, true);
    expect(ja.statusCode, ja.payload).toBe(403);
    expect(body(ja).meta).toMatchObject({ code: 'passPoolNotHolder', message: expect.stringContaining('pass_pool') });
    expect(body(ja).meta.message).toContain('パス会員枠');
    const en = await add({ ...stranger, lang: 'en' }, item, 1, true);
    expect(body(en).meta.message).toContain('Pass-holder places (pass_pool)');
    const guest = await add({ guest: crypto.randomUUID() }, item, 1, true);
    expect(guest.statusCode, guest.payload).toBe(403);
    expect(await rows(item)).toEqual({});
  });

  it('refuses more people than active holders (409 with the number), counting the pool lines already in the cart', async () => {
    const item = await timedItem(10, 5);
    const who = await holder();
    const two = await add({ ...who, lang: 'en' }, item, 2, true);
    expect(two.statusCode, two.payload).toBe(409);
    expect(body(two).meta).toMatchObject({ code: 'passPoolTooMany' });
    expect(body(two).meta.message).toContain('at most 1');
    expect((await add(who, item, 1, true)).statusCode).toBe(201);
    expect((await add(who, item, 1, true)).statusCode).toBe(409);
    // Growing the line past the holders is refused too.
    const cart = body(await c.call('GET', `/api/v1/carts/${parkId}`, who)).data as Cart;
    const line = cart.lines.find((l) => l.passPool) as Cart['lines'][number];
    const grow = await c.call('PUT', '/api/v1/carts', who, {
      data: { lines: [{ id: line.id, quantities: [{ age_group_id: 5, quantity: 2 }] }] },
    });
    expect(grow.statusCode, grow.payload).toBe(409);
    expect(body(grow).meta.code).toBe('passPoolTooMany');
    // A suspended pass is no pass for the pool.
    await clearCart(who);
    await c
      .knex()('tickets')
      .where({ unit_kind: 'pass' })
      .whereIn('pass_holder_id', c.knex()('pass_holders').where('holder_user_id', who.id).select('id'))
      .update({ state: 'suspended' });
    expect((await add(who, item, 1, true)).statusCode).toBe(403);
  });

  it('a sold-out pool answers soldOut while general places are left; a sold-out general pool leaves the pool alone', async () => {
    const item = await timedItem(3, 1);
    const first = await holder();
    const second = await holder();
    expect((await add(first, item, 1, true)).statusCode).toBe(201);
    const out = await add(second, item, 1, true);
    expect(out.statusCode, out.payload).toBe(409);
    expect(body(out).meta.code).toBe('soldOut');
    // The general places are still there for the same buyer.
    expect((await add(second, item, 2)).statusCode).toBe(201);
    const full = await add(await c.user({ telephone: '090-1111-4444' }), item, 1);
    expect(full.statusCode).toBe(409);
    expect(body(full).meta.code).toBe('soldOut');
    expect(await rows(item)).toEqual({
      general: { pool: 0, capacity: 2, sold: 0, held: 2 },
      pass: { pool: 1, capacity: 1, sold: 0, held: 1 },
    });

    // General sold out first: the pool is still the holders'.
    const other = await timedItem(3, 1);
    expect((await add(await c.user({ telephone: '090-1111-5555' }), other, 2)).statusCode).toBe(201);
    expect((await add(await c.user({ telephone: '090-1111-6666' }), other, 1)).statusCode).toBe(409);
    expect((await add(first, other, 1, true)).statusCode).toBe(201);
    expect(await rows(other)).toMatchObject({ general: { held: 2 }, pass: { held: 1 } });
  });

  it('paid, cancelled: the place goes back to the pool it was sold from; the books reconcile', async () => {
    const item = await timedItem(10, 2);
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 0, charge_rate: 0 });
    const who = await holder();
    await clearCart(who);
    expect((await add(who, item, 1, true)).statusCode).toBe(201);
    expect((await add(who, item, 1)).statusCode).toBe(201);
    const paid = await shop.pay(who, parkId, 2000);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    expect(await rows(item)).toMatchObject({ general: { sold: 1, held: 0 }, pass: { sold: 1, held: 0 } });
    const pooled = (await c
      .knex()('tickets as t')
      .join('order_lines as l', 'l.id', 't.order_line_id')
      .where('t.order_id', orderId)
      .select('t.id', 'l.places')) as { id: string; places: { stockUnitId: number }[] }[];
    const passUnit = (await c
      .knex()('stock_units')
      .where({ item_id: item.id, date: item.date, pool: 1 })
      .first('id')) as { id: number };
    const ticket = pooled.find((t) => t.places.some((p) => Number(p.stockUnitId) === Number(passUnit.id)));
    expect(ticket).toBeDefined();
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', who, { ticket_ids: [ticket?.id] });
    expect(done.statusCode, done.payload).toBe(200);
    expect(await rows(item)).toMatchObject({ general: { sold: 1 }, pass: { sold: 0, held: 0 } });
    const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
  });

  it('a pass suspended after the add no longer buys the places at checkout (403), and nothing is sold', async () => {
    const item = await timedItem(10, 2);
    const who = await holder();
    await clearCart(who);
    expect((await add(who, item, 1, true)).statusCode).toBe(201);
    const { id: holderId } = (await c
      .knex()('pass_holders')
      .where({ holder_user_id: who.id })
      .orderBy('id', 'desc')
      .first('id')) as { id: number };
    const suspended = await c.call('POST', `/api/v1/staff/parks/${parkId}/pass-holders/${holderId}/suspension`, owner, {
      reason: '不正利用の確認中',
    });
    expect(suspended.statusCode, suspended.payload).toBe(204);
    for (const lang of ['ja', 'en'] as const) {
      const paid = await shop.pay({ ...who, lang }, parkId, 1000);
      expect(paid.statusCode, paid.payload).toBe(403);
      expect(body(paid).meta.code).toBe('passPoolNotHolder');
      expect(body(paid).meta.message).toContain('pass_pool');
    }
    expect(await rows(item)).toMatchObject({ pass: { sold: 0, held: 1 } });
    expect(
      await c.knex()('orders').where({ user_id: who.id }).whereIn('state', ['paid', 'awaiting_payment']),
    ).toHaveLength(1);
    // Reinstated, the same cart buys.
    const back = await c.call('DELETE', `/api/v1/staff/parks/${parkId}/pass-holders/${holderId}/suspension`, owner, {
      reason: '確認済み',
    });
    expect(back.statusCode, back.payload).toBe(204);
    const paid = await shop.pay(who, parkId, 1000);
    expect(paid.statusCode, paid.payload).toBe(201);
    expect(await rows(item)).toMatchObject({ pass: { sold: 1, held: 0 } });
  });

  it('checkout counts holders per slot as the add does: one holder books pool places of two items on one day', async () => {
    const first = await timedItem(10, 2);
    const other = await timedItem(10, 2);
    expect(other.date).toBe(first.date);
    const who = await holder();
    await clearCart(who);
    expect((await add(who, first, 1, true)).statusCode).toBe(201);
    expect((await add(who, other, 1, true)).statusCode).toBe(201);
    // The same slot twice is still too many for one holder, at the add.
    const again = await add(who, first, 1, true);
    expect(again.statusCode).toBe(409);
    expect(body(again).meta).toMatchObject({ code: 'passPoolTooMany' });
    const paid = await shop.pay(who, parkId, 2000);
    expect(paid.statusCode, paid.payload).toBe(201);
    expect(await rows(first)).toMatchObject({ pass: { sold: 1, held: 0 } });
    expect(await rows(other)).toMatchObject({ pass: { sold: 1, held: 0 } });
  });

  it('a stock row made right after the office changed the slot has the new places, whatever rules the add had cached', async () => {
    const item = await timedItem(10, 0);
    const buyer = await c.user();
    const cached = { catalogueTtlMs: 60_000 };
    const request = {
      itemId: item.id,
      date: item.date,
      timeSlotId: item.slotId,
      quantities: [{ ageGroupId: 5, quantity: 1 }],
    };
    // The add reads the item's rules (kept for a minute here) and is refused before any stock row is made.
    await expect(
      addCartLine(c.knex(), userOwner(buyer.id), { ...request, passPool: true }, new Date(), cached),
    ).rejects.toMatchObject({ key: 'passPoolUnavailable' });
    expect(await rows(item)).toEqual({});
    expect((await setPassCapacity(item.id, item.slotId, 4)).statusCode).toBe(200);
    await addCartLine(c.knex(), userOwner(buyer.id), request, new Date(), cached);
    expect(await rows(item)).toMatchObject({ general: { capacity: 6, sold: 0, held: 1 } });
  });

  it('one holder adding at once several times gets one place: the holders are counted again under the cart lock', async () => {
    const item = await timedItem(10, 5);
    const who = await holder();
    const results = await Promise.all(Array.from({ length: 4 }, () => add(who, item, 1, true)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(body(r).meta).toMatchObject({ code: 'passPoolTooMany' });
    }
    expect(await rows(item)).toEqual({ pass: { pool: 1, capacity: 5, sold: 0, held: 1 } });
  });

  it('concurrent adds never oversell: 20 holders at once for 5 places (sold + held <= capacity on every row)', async () => {
    const item = await timedItem(8, 5);
    const holders: Buyer[] = [];
    for (let i = 0; i < 20; i++) holders.push(await holder());
    const results = await Promise.all(holders.map((h) => add(h, item, 1, true)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(5);
    expect(codes.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(body(r).meta.code).toBe('soldOut');
    expect(await rows(item)).toEqual({ pass: { pool: 1, capacity: 5, sold: 0, held: 5 } });
    const over = await c.knex()('stock_units').whereRaw('sold + held > capacity').count({ n: '*' }).first();
    expect(Number(over?.n)).toBe(0);
  }, 240_000);
});

describe('the office sets pass-holder places', () => {
  it('moves places between the pools of dates already made; never below sold + held (409 naming the field); audited', async () => {
    const item = await timedItem(10, 2);
    const who = await holder();
    expect((await add(who, item, 1, true)).statusCode).toBe(201);
    expect((await add(await c.user({ telephone: '090-1111-7777' }), item, 7)).statusCode).toBe(201);
    expect(await rows(item)).toMatchObject({ general: { capacity: 8, held: 7 }, pass: { capacity: 2, held: 1 } });

    // 2 -> 0 would leave the pool below its 1 held; 2 -> 4 would leave general (6) below its 7 held.
    for (const [value, pool] of [
      [0, 'pass-holder places'],
      [4, 'general places'],
    ] as const) {
      const res = await setPassCapacity(item.id, item.slotId, value, { ...owner, lang: 'en' });
      expect(res.statusCode, res.payload).toBe(409);
      expect(body(res).meta).toMatchObject({ code: 'passCapacityBelowTaken' });
      expect(body(res).meta.message).toContain('pass_capacity');
      expect(body(res).meta.message).toContain(`${item.date}'s ${pool}`);
    }
    const ja = await setPassCapacity(item.id, item.slotId, 0);
    expect(body(ja).meta.message).toContain('パス会員枠（pass_capacity）');
    expect(await rows(item)).toMatchObject({ general: { capacity: 8 }, pass: { capacity: 2 } });

    const ok = await setPassCapacity(item.id, item.slotId, 3);
    expect(ok.statusCode, ok.payload).toBe(200);
    expect(body(ok).data).toEqual({
      itemId: item.id,
      timeSlotId: item.slotId,
      capacity: 10,
      passCapacity: 3,
      datesResized: 1,
    });
    expect(await rows(item)).toMatchObject({ general: { capacity: 7, held: 7 }, pass: { capacity: 3, held: 1 } });
    const audit = await c
      .knex()('staff_audit')
      .where({ park_id: parkId, entity: 'stock', action: 'pass_capacity', entity_id: `${item.id}:slot:${item.slotId}` })
      .orderBy('id', 'desc')
      .first('before', 'after');
    expect(audit).toMatchObject({ before: { passCapacity: 2 }, after: { passCapacity: 3, datesResized: 1 } });

    // A new date gets the slot's split.
    const later = { ...item, date: addDays(item.date, 1) };
    expect((await add(who, later, 1, true)).statusCode).toBe(201);
    expect(await rows(later)).toEqual({ pass: { pool: 1, capacity: 3, sold: 0, held: 1 } });
  });

  it('names the field of bad input, refuses more than the slot, lottery and seat items, and non-owners', async () => {
    const item = await timedItem(10, 0);
    for (const value of [-1, 1.5, 'x', null]) {
      const res = await setPassCapacity(item.id, item.slotId, value, { ...owner, lang: 'en' });
      expect(res.statusCode, res.payload).toBe(400);
      expect(body(res).meta.message).toContain('pass_capacity');
    }
    const over = await setPassCapacity(item.id, item.slotId, 11);
    expect(over.statusCode).toBe(400);
    expect(body(over).meta).toMatchObject({ code: 'passCapacityOverSlot' });
    expect(body(over).meta.message).toContain('capacity: 10');

    const editor = await c.user();
    await c.knex()('park_staff').insert({ user_id: editor.id, park_id: parkId, role: 'editor' });
    expect((await setPassCapacity(item.id, item.slotId, 1, editor)).statusCode).toBe(403);
    expect((await setPassCapacity(item.id, 2_000_000, 1)).statusCode).toBe(404);

    // A lottery's places are drawn: no pool there, either way round.
    await c.knex()('items').where({ id: item.id }).update({ lottery: true });
    const lottery = await setPassCapacity(item.id, item.slotId, 1);
    expect(lottery.statusCode, lottery.payload).toBe(409);
    expect(body(lottery).meta.code).toBe('passCapacityNotForItem');
    await c.knex()('items').where({ id: item.id }).update({ lottery: false });
    expect((await setPassCapacity(item.id, item.slotId, 1)).statusCode).toBe(200);
    const made = await c.call('PUT', `/api/v1/staff/parks/${parkId}/items/${item.id}`, owner, { lottery: true });
    expect(made.statusCode, made.payload).toBe(409);
    expect(body(made).meta.code).toBe('passCapacityNotForItem');
    // The item editor cannot shrink the slot below its pass-holder places.
    const shrink = await c.call('PUT', `/api/v1/staff/parks/${parkId}/items/${item.id}`, owner, {
      time_slots: [{ id: item.slotId, start_time: '10:00', end_time: '11:00', capacity: 0 }],
    });
    expect(shrink.statusCode, shrink.payload).toBe(400);
    expect(body(shrink).meta.code).toBe('passCapacityOverSlot');
  });

  it("the pass product says it has holders' places once a timed item of its park has some", async () => {
    const product = await makePassProduct(c.knex(), { kind: 'single', parkId });
    const read = async () => {
      const res = await c.call('GET', `/api/v1/items/${product.itemId}`);
      return body(res).data.pass.benefits.holderCapacity as boolean;
    };
    await c.knex()('item_time_slots').where('pass_capacity', '>', 0).update({ pass_capacity: 0 });
    expect(await read()).toBe(false);
    await timedItem(10, 1);
    expect(await read()).toBe(true);
    const office = await c.call('GET', `/api/v1/staff/parks/${parkId}/pass-products`, owner);
    expect(office.statusCode, office.payload).toBe(200);
    const mine = (body(office).data as OfficePassProduct[]).find((p) => p.itemId === product.itemId);
    expect(mine?.benefits.holderCapacity).toBe(true);
  });
});
