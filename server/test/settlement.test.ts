// Money in and out to the yen, as a careful accountant and a hostile client would try it (issue 25):
// an order's additional plans are issued as vouchers and given back with a cancellation; two settlements of one
// draw at once (two instances' sweeps, or the test clock racing the app's own sweep) charge every winner once and
// give each its tickets, void every loser once, and leave nothing captured without tickets.
import { describe, expect, it } from 'vitest';
import { addDays, tokyoDate } from '../../common/time';
import { findProblems } from '../features/finance/services/reconcileLedgers';
import { findPayment } from '../features/payments/store';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, flow, clock, runJobs } = commerceServer();
const { tokenize } = flow;
const HOUR = 3_600_000;

/** An item with an additional plan of 500 yen; adults 300 yen (the item 7 has these prices). */
async function itemWithAddOn(o: { capacity?: number; lottery?: boolean } = {}) {
  const item = await c.makeItem({ capacity: o.capacity ?? 100, rewardCoins: 0 });
  await c.knex()('item_plan_prices').where({ item_plan_id: item.basicPlanId, age_group_id: 5 }).update({ price: 300 });
  const [extra] = await c
    .knex()('item_plans')
    .insert({ item_id: item.id, kind: 'additional', name_ja: '餌やり体験', name_en: 'Feeding', sort: 1 })
    .returning('id');
  await c.knex()('item_plan_prices').insert({ item_plan_id: extra.id, age_group_id: 5, price: 500 });
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 0, charge_rate: 0 });
  return { ...item, extraPlanId: Number(extra.id) };
}

async function addWithPlan(who: Caller, item: { id: number; extraPlanId: number }, adults: number, date?: string) {
  const res = await c.call('POST', '/api/v1/carts', who, {
    item_id: item.id,
    date: date ?? (await c.openDate(item.id)),
    quantities: [{ age_group_id: 5, quantity: adults }],
    additional_plans: [{ plan_id: item.extraPlanId, quantities: [{ age_group_id: 5, quantity: 1 }] }],
  });
  expect(res.statusCode, res.payload).toBe(201);
}

async function payByCard(who: Caller, parkId: number, extra: object = {}) {
  const res = await c.call('POST', '/api/v1/orders', who, {
    park_id: parkId,
    agreement: true,
    payment_method: 1,
    card_token: await tokenize('4111111111111111'),
    ...extra,
  });
  expect(res.statusCode, res.payload).toBe(201);
  return body(res).data as { orderId: number; payment: { kind: string; paymentId: string } };
}

describe('an order with an additional plan', () => {
  it('issues the plan as a voucher the visitor holds, and a whole cancellation at 0 % gives back every yen', async () => {
    const buyer = await c.user();
    const item = await itemWithAddOn();
    await addWithPlan(buyer, item, 2);
    const o = await payByCard(buyer, item.parkId);
    expect(o.payment.kind).toBe('completed');
    const order = await c.knex()('orders').where({ id: o.orderId }).first();
    expect(order).toMatchObject({ state: 'paid', total: 1100, amountPaid: 1100 });

    // My Tickets shows the two admissions and the add-on voucher: what was sold is what is held.
    const mine = body(await c.call('GET', '/api/v1/me/tickets', buyer)).data.tickets as {
      price: number;
      unitKind: string;
      planName: string | null;
    }[];
    expect(mine.map((t) => t.price).sort()).toEqual([300, 300, 500]);
    expect(mine.find((t) => t.unitKind === 'additional')).toMatchObject({ planName: '餌やり体験', price: 500 });
    const ids = (await c.knex()('tickets').where({ order_id: o.orderId }).pluck('id')) as string[];
    expect(ids).toHaveLength(3);

    // Cancelling the two admissions takes the voucher that belongs to them along: the quote is the whole 1,100.
    const admissions = (await c
      .knex()('tickets')
      .where({ order_id: o.orderId })
      .whereNot({ unit_kind: 'additional' })
      .pluck('id')) as string[];
    const quote = await c.call(
      'GET',
      `/api/v1/me/tickets/cancellation-quote?ticket_ids=${admissions.join(',')}`,
      buyer,
    );
    expect(quote.statusCode, quote.payload).toBe(200);
    expect(body(quote).data).toMatchObject({ fee: 0, refundAmount: 1100 });
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: admissions });
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data).toMatchObject({ state: 'done', quote: { fee: 0, refundAmount: 1100 } });
    const payment = await findPayment(c.knex(), o.payment.paymentId);
    expect(payment).toMatchObject({ state: 'refunded', refundedAmount: 1100 });
    const states = await c.knex()('tickets').where({ order_id: o.orderId }).pluck('state');
    expect(states).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect((await c.knex()('orders').where({ id: o.orderId }).first('state')).state).toBe('cancelled');
    // The voucher holds no place: stock gives back exactly the two admissions.
    const units = await c.knex()('stock_units').where({ item_id: item.id }).select('sold', 'held');
    expect(units.reduce((n, u) => n + u.sold + u.held, 0)).toBe(0);
    // The park's daily report agrees to the yen: two places sold for 1,100, both cancelled, 1,100 refunded.
    const finance = await c.user();
    await c.knex()('park_staff').insert({ user_id: finance.id, park_id: item.parkId, role: 'finance' });
    const day = tokyoDate(new Date(order.paidAt));
    const report = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/reports/daily?date=${day}`, finance);
    expect(body(report).data.rows.find((r: { itemId: number }) => r.itemId === item.id)).toMatchObject({
      soldPlaces: 2,
      amount: 1100,
      cancelledPlaces: 2,
      refundAmount: 1100,
    });
  });

  it('a partial cancellation gives back its exact share, and the rest of the order adds up to what was paid', async () => {
    const buyer = await c.user();
    const item = await itemWithAddOn();
    await addWithPlan(buyer, item, 2);
    const o = await payByCard(buyer, item.parkId);
    const voucher = await c.knex()('tickets').where({ order_id: o.orderId, unit_kind: 'additional' }).first();
    const lone = (await c
      .knex()('tickets')
      .where({ order_id: o.orderId })
      .whereNot({ unit_kind: 'additional' })
      .whereNot({ id: voucher.parentTicketId })
      .first()) as { id: string };
    const first = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [lone.id] });
    expect(body(first).data.quote).toMatchObject({ fee: 0, refundAmount: 300 });
    const rest = (await c
      .knex()('tickets')
      .where({ order_id: o.orderId })
      .whereNot({ state: 'cancelled' })
      .pluck('id')) as string[];
    expect(rest).toHaveLength(2);
    const second = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: rest });
    expect(body(second).data.quote).toMatchObject({ fee: 0, refundAmount: 800 });
    expect(await findPayment(c.knex(), o.payment.paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 1100 });
  });
});

/** A lottery round for an item with an additional plan, taking entries now for the next 30 days. */
async function lotteryWithAddOn(capacity: number) {
  const item = await itemWithAddOn({ capacity });
  await c.knex()('items').where({ id: item.id }).update({ lottery: true, waitlist: true });
  return { ...item, lotteryId: await c.lotteryRound(item.id, clock().now()) };
}

async function entriesOf(lotteryId: number) {
  return (await c
    .knex()('lottery_entries as e')
    .join('orders as o', 'o.id', 'e.order_id')
    .join('payments as p', 'p.id', 'o.payment_id')
    .where('e.lottery_id', lotteryId)
    .orderBy('e.id')
    .select(
      'e.id',
      'e.state',
      'e.party',
      'o.id as order_id',
      'o.state as order_state',
      'o.total',
      'p.state as pay',
    )) as {
    id: number;
    state: string;
    party: number;
    orderId: number;
    orderState: string;
    total: number;
    pay: string;
  }[];
}

/** Every winner: one capture, paid, its places and voucher issued; every loser: voided; nothing else. */
async function expectSettledOnce(lotteryId: number) {
  const rows = await entriesOf(lotteryId);
  const won = rows.filter((r) => r.state === 'won');
  expect(won.length, JSON.stringify(rows)).toBeGreaterThan(0);
  for (const r of rows) {
    if (r.state === 'won') expect(r, JSON.stringify(r)).toMatchObject({ orderState: 'paid', pay: 'captured' });
    else expect(r, JSON.stringify(r)).toMatchObject({ state: 'lost', orderState: 'voided', pay: 'voided' });
  }
  for (const r of rows) {
    const tickets = await c.knex()('tickets').where({ order_id: r.orderId }).select('state', 'unit_kind');
    if (r.state === 'won') {
      expect(r, JSON.stringify(r)).toMatchObject({ orderState: 'paid', pay: 'captured' });
      expect(tickets.filter((t) => t.unitKind !== 'additional')).toHaveLength(r.party);
      expect(tickets.filter((t) => t.unitKind === 'additional')).toHaveLength(1);
    } else {
      expect(r, JSON.stringify(r)).toMatchObject({ state: 'lost', orderState: 'voided', pay: 'voided' });
      expect(tickets).toHaveLength(0);
    }
  }
  // Exactly one capture per winner at the provider's side too.
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
  return rows;
}

describe('the settlement of a draw', () => {
  it('two settlements at once charge every winner once and give it its tickets; losers are voided once', async () => {
    const item = await lotteryWithAddOn(2);
    const date = await c.openDate(item.id, 2);
    const people = await Promise.all(Array.from({ length: 6 }, () => c.user()));
    for (const [i, who] of people.entries()) {
      await addWithPlan(who, item, 2, addDays(date, i % 3));
      await payByCard(who, item.parkId);
    }
    clock().advance(HOUR + 60_000);
    await runJobs(); // entries close
    clock().advance(HOUR);
    await Promise.all([runJobs(), runJobs(), runJobs()]); // draw and settlement, three times at once
    await runJobs();
    const rows = await expectSettledOnce(item.lotteryId);

    // A win of 1,100 yen (2 people plus the 500-yen plan) cancelled whole at 0 % is refunded 1,100.
    const win = rows.find((r) => r.state === 'won') as (typeof rows)[number];
    const owner = people[rows.indexOf(win)] as Caller;
    const all = (await c.knex()('tickets').where({ order_id: win.orderId }).pluck('id')) as string[];
    const cancel = await c.call('POST', '/api/v1/me/tickets/cancellations', owner, { ticket_ids: all });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    expect(body(cancel).data.quote).toMatchObject({ fee: 0, refundAmount: 1100 });
    const order = await c.knex()('orders').where({ id: win.orderId }).first('payment_id');
    expect(await findPayment(c.knex(), order.paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 1100 });
  }, 120_000);
});

describe('the reconciliation sweep', () => {
  const findingsOf = (who: Caller, parkId: number) =>
    c.call('GET', `/api/v1/staff/parks/${parkId}/reconciliation`, who);

  it('finds money kept without tickets, gives it back, lists what it cannot repair, and closes what is right again', async () => {
    const finance = await c.user();
    const buyer = await c.user();
    const item = await itemWithAddOn();
    await c.knex()('park_staff').insert({ user_id: finance.id, park_id: item.parkId, role: 'finance' });
    // Healthy books: nothing listed.
    await addWithPlan(buyer, item, 2);
    const healthy = await payByCard(buyer, item.parkId);
    clock().advance(HOUR);
    await runJobs();
    const none = await findingsOf(finance, item.parkId);
    expect(none.statusCode, none.payload).toBe(200);
    expect(body(none).data.filter((f: { orderId: number }) => f.orderId === healthy.orderId)).toEqual([]);

    // A payment captured while its order was voided (the state a lost race left behind) and a voucher lost.
    await addWithPlan(buyer, item, 1);
    const broken = await payByCard(buyer, item.parkId);
    await c.knex()('tickets').where({ order_id: broken.orderId }).delete();
    await c.knex()('orders').where({ id: broken.orderId }).update({ state: 'voided' });
    await c.knex()('tickets').where({ order_id: healthy.orderId, unit_kind: 'additional' }).delete();
    clock().advance(HOUR);
    const pass = await runJobs();
    const listed = body(await findingsOf(finance, item.parkId)).data as { kind: string; orderId: number }[];
    expect(pass.reconcileLedgers, JSON.stringify(pass.reconcileLedgers)).toMatchObject({ repaired: 1 });
    expect(listed, JSON.stringify(await c.knex()('reconciliation_findings'))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'captured_without_tickets', orderId: broken.orderId }),
        expect.objectContaining({ kind: 'tickets_short', orderId: healthy.orderId }),
      ]),
    );
    // The give-back ran in the same pass: the money is back, to the yen, and the finding closes on the next pass.
    expect(await findPayment(c.knex(), broken.payment.paymentId)).toMatchObject({
      state: 'refunded',
      refundedAmount: 800,
    });
    clock().advance(HOUR);
    await runJobs();
    const after = body(await findingsOf(finance, item.parkId)).data as { kind: string; orderId: number }[];
    expect(after.map((f) => [f.kind, f.orderId])).toEqual([['tickets_short', healthy.orderId]]);
    // Looked for among some accounts only (as the ledger properties do per run): the buyer's finding, no one else's.
    const later = new Date(clock().now().getTime() + HOUR);
    const kinds = async (accounts?: number[]) =>
      (await findProblems(c.knex(), later, accounts)).filter((f) => f.orderId === healthy.orderId).map((f) => f.kind);
    expect(await kinds()).toEqual(['tickets_short']);
    expect(await kinds([buyer.id])).toEqual(['tickets_short']);
    expect(await kinds([finance.id])).toEqual([]);
    expect(await findProblems(c.knex(), later, [])).toEqual([]);
    // Only the park's finance staff (or owner) see the list.
    expect((await findingsOf(buyer, item.parkId)).statusCode).toBe(403);
  }, 120_000);
});
