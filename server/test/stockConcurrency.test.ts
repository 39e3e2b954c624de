// Under any concurrency: sold + held <= capacity on every row, exactly the successful holds are held, and the
// rest get a clear "sold out". Runs on PGlite (one connection: transactions queue) and on PostgreSQL (a pool of
// connections racing for one row).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays, tokyoDate } from '../../common/time';
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

const add = (payload: object, lang: 'ja' | 'en' = 'ja') =>
  ctx.server.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers: { 'x-guest-user-id': randomUUID(), 'accept-language': lang },
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
    const [unit] = await ensureStockUnits(knex(), [{ itemId, date, timeSlotId: slotId, capacity: 60 }]);
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
