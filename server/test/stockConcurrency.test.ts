// Under any concurrency: sold + held <= capacity on every row, exactly the successful holds are held, and the
// rest get a clear "sold out". Runs on PGlite (one connection: transactions queue) and on PostgreSQL (a pool of
// connections racing for one row).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays, tokyoDate } from '../../common/time';
import { addCartLineStatement, groupCommits } from '../features/stock/addCartLines';
import { changeHeld } from '../features/stock/ledger';
import { ensureStockUnits } from '../features/stock/queries';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

const knex = () => ctx.db.knex;
const today = tokyoDate();

async function hotItem(capacity: number, seatSelection = false) {
  const park = (await knex()('parks').where('is_private', false).orderBy('id').first('id')).id as number;
  const [item] = await knex()('items')
    .insert({
      code: `test-hot-${randomUUID()}`,
      park_id: park,
      category: 1,
      name_ja: '人気イベント',
      name_en: 'Popular event',
      description_ja: '先着順です。',
      sale_label: 4,
      combination_label: 99,
      usage_trigger: 1,
      seat_selection: seatSelection,
      max_per_order: 10,
      available_from: addDays(today, -1),
      available_until: addDays(today, 60),
      daily_capacity: 1000,
      image_url: '/media/test.svg',
      link_id: randomUUID(),
    })
    .returning('id');
  const [plan] = await knex()('item_plans')
    .insert({ item_id: item.id, kind: 'basic', name_ja: '基本プラン', sort: 0 })
    .returning('id');
  await knex()('item_plan_prices').insert({ item_plan_id: plan.id, age_group_id: 5, price: 2000 });
  const [slot] = await knex()('item_time_slots')
    .insert({ item_id: item.id, start_time: '10:00', end_time: '11:00', capacity })
    .returning('id');
  if (seatSelection) {
    await knex()('item_seats').insert(
      Array.from({ length: capacity }, (_, i) => ({
        item_id: item.id,
        seat_code: `A-${i + 1}`,
        row_label: 'A',
        number: i + 1,
        sort: i,
      })),
    );
  }
  const res = await ctx.server.inject(
    `/api/v1/items/${item.id}/availability?from=${addDays(today, 1)}&to=${addDays(today, 20)}`,
  );
  const date = (JSON.parse(res.payload).data as DateAvailability[]).find((d) => d.status === 'available')?.date;
  if (!date) throw new Error('no open date');
  return { itemId: item.id as number, slotId: slot.id as number, date };
}

const add = (payload: object, lang: 'ja' | 'en' = 'ja', guest = randomUUID()) =>
  ctx.server.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers: { 'x-guest-user-id': guest, 'accept-language': lang },
    payload,
  });

async function assertInvariant() {
  const over = await knex()('stock_units').whereRaw('sold + held > capacity OR sold < 0 OR held < 0').count({ n: '*' });
  expect(Number(over[0]?.n)).toBe(0);
  // Every row's held count is exactly the sum of its live holds.
  const { rows } = (await knex().raw(`
    SELECT u.id, u.held, COALESCE(SUM(h.quantity) FILTER (WHERE h.state = 'held'), 0) AS live
    FROM stock_units u LEFT JOIN stock_holds h ON h.stock_unit_id = u.id
    GROUP BY u.id, u.held HAVING u.held <> COALESCE(SUM(h.quantity) FILTER (WHERE h.state = 'held'), 0)`)) as {
    rows: unknown[];
  };
  expect(rows).toEqual([]);
}

describe('hold concurrency', () => {
  it('1,000 concurrent holds on a slot of 100: exactly 100 held, the rest a clear sold out', async () => {
    const { itemId, slotId, date } = await hotItem(100);
    const payload = { item_id: itemId, date, time_slot_id: slotId, quantities: [{ age_group_id: 5, quantity: 1 }] };
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => add(payload, i % 2 ? 'en' : 'ja')));
    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 100, 409: 900 });
    for (const [i, r] of results.entries()) {
      if (r.statusCode !== 409) continue;
      expect(JSON.parse(r.payload).meta).toMatchObject({
        code: 'soldOut',
        message: i % 2 ? 'Sold out' : '売り切れました',
      });
    }
    const unit = await knex()('stock_units')
      .where({ item_id: itemId, date, time_slot_id: slotId })
      .first('capacity', 'sold', 'held');
    expect(unit).toEqual({ capacity: 100, sold: 0, held: 100 });
    const lines = await knex()('cart_lines').where('item_id', itemId).count({ n: '*' });
    expect(Number(lines[0]?.n)).toBe(100);
    const created = await knex()('audit_logs as a')
      .join('stock_holds as h', knex().raw('a.entity_id = h.id::text'))
      .join('stock_units as u', 'u.id', 'h.stock_unit_id')
      .where({ 'a.entity': 'stock_hold', 'a.action': 'hold.created', 'u.item_id': itemId })
      .count({ n: '*' });
    expect(Number(created[0]?.n)).toBe(100);
    await assertInvariant();
  }, 180_000);

  it('mixed sizes racing for the last places never oversell', async () => {
    const { itemId, slotId, date } = await hotItem(50);
    const sizes = Array.from({ length: 200 }, (_, i) => (i % 4) + 1);
    const results = await Promise.all(
      sizes.map((quantity) =>
        add({ item_id: itemId, date, time_slot_id: slotId, quantities: [{ age_group_id: 5, quantity }] }),
      ),
    );
    const taken = results.reduce((n, r, i) => n + (r.statusCode === 201 ? (sizes[i] as number) : 0), 0);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const unit = await knex()('stock_units').where({ item_id: itemId, date, time_slot_id: slotId }).first('held');
    expect(unit.held).toBe(taken);
    expect(taken).toBeLessThanOrEqual(50);
    // At least 47 places went: every failure came when fewer places were left than it asked for.
    expect(taken).toBeGreaterThanOrEqual(47);
    await assertInvariant();
  });

  it('one seat, 50 people at once: one gets it, the others are asked to select again', async () => {
    const { itemId, slotId, date } = await hotItem(20, true);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        add(
          {
            item_id: itemId,
            date,
            time_slot_id: slotId,
            quantities: [{ age_group_id: 5, quantity: 1 }],
            seat_codes: ['A-7'],
          },
          'en',
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(JSON.parse(refused[0]?.payload ?? '{}').meta.message).toBe(
      'The seat reservation deadline has passed. Please select again.',
    );
    const unit = await knex()('stock_units').where({ item_id: itemId, date, time_slot_id: slotId }).first('id', 'held');
    expect(unit.held).toBe(1);
    expect(Number((await knex()('seat_holds').where('stock_unit_id', unit.id).count({ n: '*' }))[0]?.n)).toBe(1);
    await assertInvariant();
  });

  it('the conditional UPDATE alone (no read before it) holds the line: 300 transactions for 60 places', async () => {
    const { itemId, slotId, date } = await hotItem(60);
    const [unit] = await ensureStockUnits(knex(), [{ itemId, date, timeSlotId: slotId }]);
    const id = unit?.id as number;
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, () => knex().transaction((trx) => changeHeld(trx, new Map([[id, 1]])))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(240);
    expect(refused.every((r) => (r.reason as { key?: string }).key === 'soldOut')).toBe(true);
    expect(await knex()('stock_units').where('id', id).first('held', 'sold')).toEqual({ held: 60, sold: 0 });
  });
});

describe('group commit of adds on one hot stock row (the add statement called as the cart route calls it)', () => {
  async function hotCalls() {
    const { itemId, slotId, date } = await hotItem(100);
    const park = (await knex()('items').where('id', itemId).first('park_id')).parkId as number;
    const call = (options: { quantity?: number; guest?: string; timeSlotId?: number } = {}) => {
      const guest = options.guest ?? randomUUID();
      const quantity = options.quantity ?? 1;
      const timeSlotId = options.timeSlotId ?? slotId;
      return {
        ownerKey: `g:${guest}`,
        userId: null,
        guestUserId: guest,
        parkId: park,
        line: {
          kind: 'item',
          itemId,
          date,
          timeSlotId,
          quantities: [{ ageGroupId: 5, quantity }],
          people: quantity,
        },
        maxPeople: 10,
        units: [{ itemId, date, timeSlotId, capacity: 100, quantity }],
        seatCodes: [],
        expiresAt: new Date(Date.now() + 15 * 60_000),
      };
    };
    const unit = async () => {
      const u = await knex()('stock_units')
        .where({ item_id: itemId, date, time_slot_id: slotId })
        .first('id', 'capacity', 'sold', 'held');
      const live = await knex()('stock_holds').where({ stock_unit_id: u.id, state: 'held' }).sum({ n: 'quantity' });
      return { capacity: u.capacity, sold: u.sold, held: u.held, live: Number(live[0]?.n ?? 0) };
    };
    const lines = async () => Number((await knex()('cart_lines').where('item_id', itemId).count({ n: '*' }))[0]?.n);
    // One key for all: they queue behind the first and go to the database together.
    const run = (calls: ReturnType<typeof call>[]) =>
      Promise.allSettled(calls.map((c) => addCartLineStatement(knex(), c, `test:${itemId}`)));
    const unitId = async () =>
      (await knex()('stock_units').where({ item_id: itemId, date, time_slot_id: slotId }).first('id')).id as number;
    return { call, unit, unitId, lines, run };
  }

  it('each add keeps its own answer: the same ticket again grows its line, max per order refuses that add alone', async () => {
    const { call, unit, lines, run } = await hotCalls();
    const twice = randomUUID();
    const greedy = randomUUID();
    const before = { ...groupCommits };
    const settled = await run([
      ...Array.from({ length: 20 }, () => call()),
      ...Array.from({ length: 3 }, () => call({ guest: twice })),
      call({ guest: greedy, quantity: 6 }),
      call({ guest: greedy, quantity: 6 }),
    ]);
    // The first two went alone (two statements in flight per row); the 23 that queued behind them went as one.
    expect(groupCommits.statements - before.statements).toBe(1);
    expect(groupCommits.adds - before.adds).toBe(23);
    expect(settled.slice(0, 24).map((r) => r.status)).toEqual(Array(24).fill('fulfilled'));
    expect(settled[24]).toMatchObject({ status: 'rejected', reason: { code: 'P0001', message: 'maxPerOrder' } });
    const merged = await knex()('cart_lines as l')
      .join('carts as c', 'c.id', 'l.cart_id')
      .where('c.owner_key', `g:${twice}`)
      .select('l.people');
    expect(merged).toEqual([{ people: 3 }]);
    expect(await unit()).toEqual({ capacity: 100, sold: 0, held: 29, live: 29 });
    expect(await lines()).toBe(22);
    // The refused add left no cart behind of its own, and the greedy guest's one cart has its one line.
    expect(Number((await knex()('carts').where('owner_key', `g:${greedy}`).count({ n: '*' }))[0]?.n)).toBe(1);
  });

  it('an add that fails inside a statement of several leaves nothing behind; the others are written', async () => {
    const { call, unit, lines, run } = await hotCalls();
    const before = { ...groupCommits };
    // The first two go alone, the other four together. The fourth names a slot that does not exist: no stock row is made for it and it is sold out (as when a slot is
    // removed while an add is in flight).
    const settled = await run([call(), call(), call(), call({ timeSlotId: 2_000_000_000 }), call(), call()]);
    expect(groupCommits.statements - before.statements).toBe(1);
    expect(settled.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'P0001', message: 'soldOut' });
    expect(await knex()('stock_units').where({ time_slot_id: 2_000_000_000 }).first()).toBeUndefined();
    expect(await lines()).toBe(5);
    expect(await unit()).toEqual({ capacity: 100, sold: 0, held: 5, live: 5 });
  });

  it('sold out inside a statement of several: exactly the places left are taken', async () => {
    const { call, unit, lines, run } = await hotCalls();
    await run([call({ quantity: 10 })]);
    const settled = await run(Array.from({ length: 40 }, () => call({ quantity: 3 })));
    const ok = settled.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(30);
    expect(
      settled.every((r) => r.status === 'fulfilled' || (r.reason as { message?: string }).message === 'soldOut'),
    ).toBe(true);
    expect(await unit()).toEqual({ capacity: 100, sold: 0, held: 100, live: 100 });
    expect(await lines()).toBe(31);
  });

  it('waits for a cart in use (its checkout) before it takes the hot stock row, not while holding it', async () => {
    const { call, unit, unitId, run } = await hotCalls();
    const busy = randomUUID();
    await run([call({ guest: busy })]);
    const id = await unitId();
    const checkout = await knex().transaction();
    let adds: Promise<PromiseSettledResult<unknown>[]> | undefined;
    try {
      // As a checkout does: the cart first, then (below) the stock row.
      await checkout('carts').where('owner_key', `g:${busy}`).forUpdate().select('id');
      // The first two adds go alone; the next three together, the busy cart's in the middle of them.
      adds = run([call(), call(), call(), call({ guest: busy }), call()]);
      await new Promise((r) => setTimeout(r, 300));
      // Had the statement taken the stock row before it waits for the busy cart, this would wait for it: a deadlock
      // (PostgreSQL would end it after deadlock_timeout, 1 s; this gives up before).
      await checkout.raw("SET LOCAL lock_timeout = '500ms'");
      await changeHeld(checkout, new Map([[id, 1]]));
    } finally {
      await checkout.rollback();
    }
    expect((await adds).map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
    expect(await unit()).toEqual({ capacity: 100, sold: 0, held: 6, live: 6 });
  });

  // Needs a second connection: a transaction holding the stock row while the add waits for it (PGlite has one).
  async function waitUntilSomeoneWaitsForALock() {
    for (let i = 0; i < 200; i++) {
      const { rows } = await knex().raw(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the add never waited for the stock row');
  }
  async function isSuperuser() {
    const { rows } = await knex().raw('select rolsuper from pg_roles where rolname = current_user');
    return rows[0]?.rolsuper === true;
  }

  it.skipIf(!process.env.DATABASE_URL)('an add that PostgreSQL ends as a deadlock victim runs again', async () => {
    const { call, unitId, unit, run } = await hotCalls();
    const guest = randomUUID();
    await run([call({ guest })]);
    const id = await unitId();
    const other = await knex().transaction();
    try {
      await other('stock_units').where({ id }).forUpdate().select('id');
      // The add locks the guest's cart, then waits for the stock row.
      const adding = addCartLineStatement(knex(), call({ guest }), null);
      await waitUntilSomeoneWaitsForALock();
      // PostgreSQL ends whichever waiter's deadlock_timeout runs out first; on a loaded machine that can be the
      // other one when both start waiting within a few milliseconds. A long timeout here makes the add the victim.
      if (await isSuperuser()) await other.raw(`set local deadlock_timeout = '20s'`);
      // Now the other wants that cart: a deadlock, and the add is the one PostgreSQL ends.
      await other('carts').where('owner_key', `g:${guest}`).forUpdate().select('id');
      await other.commit();
      await expect(adding).resolves.toMatchObject({ merged: true });
    } finally {
      if (!other.isCompleted()) await other.rollback();
    }
    expect(await unit()).toEqual({ capacity: 100, sold: 0, held: 2, live: 2 });
  });
});
