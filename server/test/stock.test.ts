import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, DateAvailability } from '../../common/dto/cart';
import { addDays, tokyoDate } from '../../common/time';
import { cartForCheckout } from '../features/carts/services/cartForCheckout';
import { expireHolds } from '../features/carts/services/expireHolds';
import { changeHeld, HoldNotHeldError, releaseHolds, sellHolds } from '../features/stock/ledger';
import { ensureStockUnits } from '../features/stock/queries';
import { createTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const body = (res: Res) => JSON.parse(res.payload) as { data: any; meta: any };
const knex = () => ctx.db.knex;
const today = tokyoDate();

const buyer = () => signedInUser(ctx, { telephone: '0312345678' });

function post(token: string, payload: object) {
  return ctx.server.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

async function seeded(code: string) {
  return knex()('items').where('code', code).first('id', 'park_id', 'daily_capacity', 'disability_price') as Promise<{
    id: number;
    parkId: number;
    dailyCapacity: number;
    disabilityPrice: number | null;
  }>;
}

async function openDate(itemId: number, offset = 1): Promise<string> {
  const res = await ctx.server.inject(
    `/api/v1/items/${itemId}/availability?from=${addDays(today, offset)}&to=${addDays(today, offset + 20)}`,
  );
  const day = (body(res).data as DateAvailability[]).find((d) => d.status === 'available');
  if (!day) throw new Error('no open date');
  return day.date;
}

const unit = (itemId: number, date: string) =>
  knex()('stock_units')
    .where({ item_id: itemId, date })
    .whereNull('time_slot_id')
    .first('id', 'capacity', 'sold', 'held');

describe('stock rows', () => {
  it('are made lazily and once, with the slot capacity or the daily capacity', async () => {
    const admission = await seeded('ueno-zoo--admission');
    const seats = await seeded('sendai-umino-mori--performance-seats');
    const slot = await knex()('item_time_slots')
      .where('item_id', seats.id)
      .orderBy('start_time')
      .first('id', 'capacity');
    const date = addDays(today, 40);
    const specs = [
      { itemId: admission.id, date, timeSlotId: null, capacity: admission.dailyCapacity },
      { itemId: seats.id, date, timeSlotId: slot.id, capacity: slot.capacity },
    ];
    const [a, b] = await Promise.all([ensureStockUnits(knex(), specs), ensureStockUnits(knex(), specs)]);
    expect(a).toEqual(b);
    expect(await ensureStockUnits(knex(), specs)).toEqual(a);
    const rows = await knex()('stock_units')
      .whereIn(
        'id',
        (a ?? []).map((u) => u.id),
      )
      .orderBy('id')
      .select('capacity', 'sold', 'held');
    expect(rows.map((r: { capacity: number }) => r.capacity).sort()).toEqual(
      [admission.dailyCapacity, slot.capacity].sort(),
    );
    expect(rows.every((r: { sold: number; held: number }) => r.sold === 0 && r.held === 0)).toBe(true);
  });

  it('cannot hold more than their capacity, even by a wrong statement (CHECK constraint)', async () => {
    const admission = await seeded('ueno-zoo--admission');
    const [state] = await ensureStockUnits(knex(), [
      { itemId: admission.id, date: addDays(today, 41), timeSlotId: null },
    ]);
    // A new row takes the item's daily places; 5 here (set by hand) keep the numbers below small.
    expect(state?.remaining).toBe(admission.dailyCapacity);
    const id = state?.id;
    await knex()('stock_units').where('id', id).update({ capacity: 5 });
    await expect(knex()('stock_units').where('id', id).update({ held: 6 })).rejects.toThrow(/stock_units_counts_check/);
    await expect(knex()('stock_units').where('id', id).update({ sold: 3, held: 3 })).rejects.toThrow(
      /stock_units_counts_check/,
    );
    await expect(knex()('stock_units').where('id', id).update({ held: -1 })).rejects.toThrow(
      /stock_units_counts_check/,
    );
    // The conditional UPDATE: 5 fit, the 6th is sold out and the transaction changes nothing.
    await knex().transaction((trx) => changeHeld(trx, new Map([[id as number, 5]])));
    await expect(knex().transaction((trx) => changeHeld(trx, new Map([[id as number, 1]])))).rejects.toMatchObject({
      key: 'soldOut',
      status: 409,
    });
    expect(await knex()('stock_units').where('id', id).first('held', 'sold')).toEqual({ held: 5, sold: 0 });
    await knex().transaction((trx) => changeHeld(trx, new Map([[id as number, -5]])));
    expect(await knex()('stock_units').where('id', id).first('held')).toEqual({ held: 0 });
  });
});

describe('checkout services', () => {
  it('cartForCheckout prices the lines; sellHolds turns holds into sold stock once', async () => {
    const u = await buyer();
    const admission = await seeded('ueno-zoo--admission');
    const date = await openDate(admission.id);
    const prices = await knex()('item_plans as p')
      .join('item_plan_prices as pp', 'pp.item_plan_id', 'p.id')
      .where({ 'p.item_id': admission.id, 'p.kind': 'basic' })
      .select('pp.age_group_id', 'pp.price');
    const adult = prices.find((p: { ageGroupId: number }) => p.ageGroupId === 5).price as number;
    const res = await post(u.token, {
      item_id: admission.id,
      date,
      quantities: [{ age_group_id: 5, quantity: 2 }],
      disability_quantity: 1,
      companion_quantity: 1,
    });
    expect(res.statusCode, res.payload).toBe(201);
    const pack = await knex()('ticket_packs')
      .where('code', 'ueno-zoo--quest-set')
      .first('id', 'price', 'selectable_times');
    const packRes = await post(u.token, { ticket_pack_id: pack.id, date, time: pack.selectableTimes[0], quantity: 1 });
    expect(packRes.statusCode, packRes.payload).toBe(201);

    const cart = await cartForCheckout(knex(), u.id, admission.parkId);
    const disability = admission.disabilityPrice as number;
    expect(cart.lines.map((l) => l.subtotal)).toEqual([2 * adult + 2 * disability, pack.price]);
    expect(cart.subtotal).toBe(2 * adult + 2 * disability + pack.price);
    expect(cart.lines[0]?.components.map((c) => [c.kind, c.ageGroupId, c.quantity, c.unitPrice, c.amount])).toEqual([
      ['basic', 5, 2, adult, 2 * adult],
      ['disability', null, 1, disability, disability],
      ['companion', null, 1, disability, disability],
    ]);
    expect(cart.lines[1]?.components).toEqual([
      { kind: 'pack', planId: null, ageGroupId: null, quantity: 1, unitPrice: pack.price, amount: pack.price },
    ]);
    expect(cart.holdIds.length).toBe(1 + (await knex()('ticket_pack_items').where('ticket_pack_id', pack.id)).length);
    expect(cart.expiresAt?.getTime()).toBe(Date.parse((body(res).data as CartLine).expiresAt));
    expect(await cartForCheckout(knex(), u.id, 999999)).toMatchObject({ cartId: null, lines: [], subtotal: 0 });
    // Another user's cart is not this user's.
    const other = await buyer();
    expect((await cartForCheckout(knex(), other.id, admission.parkId)).lines).toEqual([]);

    const before = await unit(admission.id, date);
    await knex().transaction(async (trx) => {
      const locked = await cartForCheckout(trx, u.id, admission.parkId, { lock: true });
      await sellHolds(trx, locked.holdIds, { actorUserId: u.id });
    });
    const after = await unit(admission.id, date);
    // 2 adults, 1 disabled person, 1 companion, and the admission in the pack.
    expect(after).toMatchObject({ sold: before.sold + 5, held: before.held - 5 });
    expect(after.held).toBe(0);
    const states = await knex()('stock_holds').whereIn('id', cart.holdIds).pluck('state');
    expect(states.every((s: string) => s === 'sold')).toBe(true);
    const audits = await knex()('audit_logs')
      .where({ entity: 'stock_hold', action: 'hold.sold' })
      .whereIn('entity_id', cart.holdIds.map(String));
    expect(audits).toHaveLength(cart.holdIds.length);

    // Selling again fails loudly and changes nothing.
    const again = knex().transaction((trx) => sellHolds(trx, cart.holdIds));
    await expect(again).rejects.toBeInstanceOf(HoldNotHeldError);
    await expect(knex().transaction((trx) => sellHolds(trx, cart.holdIds))).rejects.toThrow(/sold/);
    expect(await unit(admission.id, date)).toEqual(after);
  });

  it('sellHolds refuses released, expired or missing holds, all or nothing; releaseHolds is idempotent', async () => {
    const u = await buyer();
    const admission = await seeded('ueno-zoo--admission');
    // Two lines on two dates (the same ticket on one date would grow one line).
    const date = await openDate(admission.id, 3);
    const other = await openDate(admission.id, 12);
    const one = body(
      await post(u.token, { item_id: admission.id, date: other, quantities: [{ age_group_id: 5, quantity: 1 }] }),
    ).data as CartLine;
    const two = body(
      await post(u.token, { item_id: admission.id, date, quantities: [{ age_group_id: 5, quantity: 2 }] }),
    ).data as CartLine;
    const holdOf = async (lineId: number) =>
      Number((await knex()('stock_holds').where('cart_line_id', lineId).first('id')).id);
    const h1 = await holdOf(one.id);
    const h2 = await holdOf(two.id);
    expect(await unit(admission.id, date)).toMatchObject({ held: 2, sold: 0 });
    expect(await unit(admission.id, other)).toMatchObject({ held: 1, sold: 0 });

    expect(await knex().transaction((trx) => releaseHolds(trx, [h1]))).toEqual([h1]);
    expect(await knex().transaction((trx) => releaseHolds(trx, [h1]))).toEqual([]);
    expect(await unit(admission.id, other)).toMatchObject({ held: 0, sold: 0 });
    expect(await unit(admission.id, date)).toMatchObject({ held: 2, sold: 0 });

    const err = await knex()
      .transaction((trx) => sellHolds(trx, [h2, h1, 987654321]))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HoldNotHeldError);
    expect((err as HoldNotHeldError).holdIds).toEqual([h1, 987654321]);
    expect((err as HoldNotHeldError).states[h1]).toBe('released');
    expect(await unit(admission.id, date)).toMatchObject({ held: 2, sold: 0 });
    expect((await knex()('stock_holds').where('id', h2).first('state')).state).toBe('held');

    // A hold past its deadline but not swept yet can still be sold; once swept it cannot.
    await knex()('cart_lines')
      .where('id', two.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    await expireHolds(knex());
    expect((await knex()('stock_holds').where('id', h2).first('state')).state).toBe('expired');
    await expect(knex().transaction((trx) => sellHolds(trx, [h2]))).rejects.toBeInstanceOf(HoldNotHeldError);
    expect(await unit(admission.id, date)).toMatchObject({ held: 0, sold: 0 });
  });

  it('sold seats stay taken after their line is gone; a sold line leaves quietly when it expires', async () => {
    const u = await buyer();
    const item = await seeded('sendai-umino-mori--performance-seats');
    const slot = await knex()('item_time_slots').where('item_id', item.id).orderBy('start_time').first('id');
    const res = await ctx.server.inject(
      `/api/v1/items/${item.id}/availability?from=${addDays(today, 1)}&to=${addDays(today, 20)}`,
    );
    const date = (body(res).data as DateAvailability[]).find((d) => d.status === 'available')?.date as string;
    const add = await post(u.token, {
      item_id: item.id,
      date,
      time_slot_id: slot.id,
      quantities: [{ age_group_id: 5, quantity: 2 }],
      seat_codes: ['C-3', 'C-4'],
    });
    expect(add.statusCode, add.payload).toBe(201);
    const line = body(add).data as CartLine;
    const cart = await cartForCheckout(knex(), u.id, item.parkId);
    expect(cart.lines.find((l) => l.id === line.id)?.seatCodes).toEqual(['C-3', 'C-4']);
    await knex().transaction((trx) => sellHolds(trx, cart.holdIds));
    expect(await knex()('seat_holds').whereIn('stock_hold_id', cart.holdIds).pluck('state')).toEqual(['sold', 'sold']);

    const notices = Number((await knex()('cart_notices').count({ n: '*' }).first())?.n);
    await knex()('cart_lines')
      .where('id', line.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    await expireHolds(knex());
    expect(await knex()('cart_lines').where('id', line.id).first()).toBeUndefined();
    expect(Number((await knex()('cart_notices').count({ n: '*' }).first())?.n)).toBe(notices);
    const seatsUrl = `/api/v1/items/${item.id}/seats?date=${date}&time_slot_id=${slot.id}`;
    const taken = (body(await ctx.server.inject(seatsUrl)).data as { code: string; taken: boolean }[])
      .filter((s) => s.taken)
      .map((s) => s.code);
    expect(taken).toEqual(['C-3', 'C-4']);
    const again = await post((await buyer()).token, {
      item_id: item.id,
      date,
      time_slot_id: slot.id,
      quantities: [{ age_group_id: 5, quantity: 1 }],
      seat_codes: ['C-4'],
    });
    expect(again.statusCode).toBe(409);
  });

  it('the expiry sweep skips holds that a payment is busy with, and takes them on a later run', async () => {
    const u = await buyer();
    const admission = await seeded('ueno-zoo--admission');
    const date = await openDate(admission.id, 5);
    const line = body(
      await post(u.token, { item_id: admission.id, date, quantities: [{ age_group_id: 5, quantity: 1 }] }),
    ).data as CartLine;
    await knex()('cart_lines')
      .where('id', line.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const hold = Number((await knex()('stock_holds').where('cart_line_id', line.id).first('id')).id);
    if (ctx.db.kind === 'postgres') {
      // A payment holds the hold's row lock; the sweep must neither wait for it nor take it.
      let release = () => {};
      const busy = new Promise<void>((r) => {
        release = r;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const payment = knex().transaction(async (trx) => {
        await trx('stock_holds').where('id', hold).forUpdate().first();
        locked();
        await busy;
      });
      await isLocked;
      const started = Date.now();
      expect(await expireHolds(knex())).toMatchObject({ lines: 0, holds: 0 });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await knex()('cart_lines').where('id', line.id).first('id')).toBeDefined();
      release();
      await payment;
    }
    expect(await expireHolds(knex())).toMatchObject({ lines: 1, holds: 1 });
    expect((await knex()('stock_holds').where('id', hold).first('state')).state).toBe('expired');
    expect(await unit(admission.id, date)).toMatchObject({ held: 0 });
  });

  it('empty carts older than a day are cleaned up by the job', async () => {
    const owner = `g:${randomUUID()}`;
    const park = (await knex()('parks').first('id')).id;
    await knex()('carts').insert({
      owner_key: owner,
      guest_user_id: owner.slice(2),
      park_id: park,
      updated_at: new Date(Date.now() - 2 * 86_400_000),
    });
    await expireHolds(knex());
    expect(await knex()('carts').where('owner_key', owner).first()).toBeUndefined();
  });
});
