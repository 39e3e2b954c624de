// The app's own sweeps racing the test clock (issue 25): a server whose workers offer every sweep every 200 ms while
// the test clock runs the same sweeps at the draw, twice at once. Every winner is captured once and gets its
// tickets, every loser is voided once, nothing is charged without tickets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { type Caller, commerce } from './commerceFixtures';
import { sandboxFlow } from './sandboxFlow';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
const c = commerce(() => ctx);
const { tokenize } = sandboxFlow(() => base, c);
const HOUR = 3_600_000;

beforeAll(async () => {
  const listening = await createHttpTestServer({ HOLD_SWEEP_INTERVAL_MS: '200' });
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
});
afterAll(async () => {
  await ctx?.close();
});

const clock = () => ctx.server.app.testClock as NonNullable<typeof ctx.server.app.testClock>;
const runJobs = () => ctx.server.plugins.jobs.runOnce();

describe('the settlement of a draw while the app sweeps by itself', () => {
  it('charges every winner once with its tickets and voids every loser once', async () => {
    const item = await c.makeItem({ capacity: 2, rewardCoins: 0 });
    await c.knex()('items').where({ id: item.id }).update({ lottery: true });
    const roundId = await c.lotteryRound(item.id, clock().now(), { useFrom: 2 });
    const date = await c.openDate(item.id, 2);
    const people: Caller[] = await Promise.all(Array.from({ length: 8 }, () => c.user()));
    for (const [i, who] of people.entries()) {
      const line = await c.call('POST', '/api/v1/carts', who, {
        item_id: item.id,
        date: addDays(date, i % 4),
        quantities: [{ age_group_id: 5, quantity: 2 }],
      });
      expect(line.statusCode, line.payload).toBe(201);
      const entered = await c.call('POST', '/api/v1/orders', who, {
        park_id: item.parkId,
        agreement: true,
        payment_method: 1,
        card_token: await tokenize('4111111111111111'),
      });
      expect(entered.statusCode, entered.payload).toBe(201);
    }
    clock().advance(2 * HOUR + 60_000);
    // The workers sweep on their own every 200 ms; the test clock's two runs race them and each other.
    await Promise.all([runJobs(), runJobs()]);
    const deadline = Date.now() + 30_000;
    let rows: { state: string; orderId: number; orderState: string; pay: string }[] = [];
    while (Date.now() < deadline) {
      rows = await c
        .knex()('lottery_entries as e')
        .join('orders as o', 'o.id', 'e.order_id')
        .join('payments as p', 'p.id', 'o.payment_id')
        .where('e.lottery_id', roundId)
        .select('e.state', 'o.id as order_id', 'o.state as order_state', 'p.state as pay');
      if (rows.every((r) => ['paid', 'voided'].includes(r.orderState))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const won = rows.filter((r) => r.state === 'won');
    expect(won.length, JSON.stringify(rows)).toBeGreaterThan(0);
    for (const r of rows) {
      const tickets = await c.knex()('tickets').where({ order_id: r.orderId }).count({ n: '*' }).first();
      if (r.state === 'won') {
        expect(r, JSON.stringify(rows)).toMatchObject({ orderState: 'paid', pay: 'captured' });
        expect(Number(tickets?.n)).toBe(2);
      } else {
        expect(r, JSON.stringify(rows)).toMatchObject({ state: 'lost', orderState: 'voided', pay: 'voided' });
        expect(Number(tickets?.n)).toBe(0);
      }
    }
    const captures = await c
      .knex()('audit_logs')
      .where({ entity: 'payment', action: 'payment.captured' })
      .whereIn(
        'entity_id',
        c
          .knex()('orders')
          .whereIn(
            'id',
            won.map((w) => w.orderId),
          )
          .select(c.knex().raw('payment_id::text')),
      )
      .count({ n: '*' })
      .first();
    expect(Number(captures?.n)).toBe(won.length);
  }, 120_000);
});
