// The back office's finance part (issue 18): a park's finance staff (or owner) find orders by number, e-mail or
// phone, read them, cancel and refund for the visitor through the visitor's own cancellation path (the same
// stock, ticket, coin and payment changes; once, whatever is posted again; waitlist wins allowed and priced as of
// the reservation), and read a day's sales and admissions per item as JSON and CSV. Over real HTTP: the card
// sandbox refunds over HTTP. PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyReport, OfficeCancellationAnswer, OfficeOrder, OfficeOrderSummary } from '../../common/dto/finance';
import type { StaffAuditEntry } from '../../common/dto/staff';
import { addDays } from '../../common/time';
import { type CancellationRow, refundCancellation } from '../features/wallet/services/cancelTickets';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createHttpTestServer, type TestContext } from './testServer';

const onPostgres = Boolean(process.env.DATABASE_URL); // as createTestDb picks the database
let ctx: TestContext;
let base = '';
const c = commerce(() => ctx);
let parkA = 0;
let parkB = 0;
let today = '';
oneTokyoDayPerTest((d) => {
  today = d;
});

beforeAll(async () => {
  const listening = await createHttpTestServer();
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
  // makeItem puts items in the first public park: that is park A.
  [parkA, parkB] = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as [
    number,
    number,
  ];
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

type Buyer = Caller & { id: number; email: string };

async function staff(parkId: number, role: string) {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

/** A buyer with a telephone number of their own (the fixtures' default is shared by every user). */
const buyer = async (): Promise<Buyer> => {
  const n = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return (await c.user({ telephone: `03-${n.slice(0, 4)}-${n.slice(4)}` })) as Buyer;
};

async function tokenize(cardno: string): Promise<string> {
  const res = await fetch(`${base}/sandbox/gmo/token`, {
    method: 'POST',
    body: JSON.stringify({ cardno, expire: '12/30', securitycode: '123', holdername: 'HANAKO YAMADA' }),
    headers: { 'content-type': 'application/json' },
  });
  return (await res.json()).tokenObject.token[0];
}

/** Buys `adults` adult tickets with a card and 100 coins; answers the order, its number and tickets. */
async function buy(who: Buyer, item: { id: number; parkId: number }, adults: number) {
  await c
    .knex()('coin_entries')
    .insert({
      user_id: who.id,
      kind: 'plus',
      reason: 'reward',
      amount: 1_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
  await c.addToCart(who, item, adults);
  const res = await c.call('POST', '/api/v1/orders', who, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 1,
    coins: 100,
    card_token: await tokenize('4111111111111111'),
  });
  expect(res.statusCode, res.payload).toBe(201);
  const orderId = body(res).data.orderId as number;
  const order = await c.knex()('orders').where({ id: orderId }).first();
  expect(order.state).toBe('paid');
  const tickets = (await c.knex()('tickets').where({ order_id: orderId }).orderBy('ticket_number')) as {
    id: string;
    useDate: string;
  }[];
  return {
    orderId,
    number: order.applicationNumber as string,
    ticketIds: tickets.map((t) => t.id),
    useDate: tickets[0]?.useDate as string,
  };
}

/** An item of park A with a 10% fee up to 30 days before use. */
async function policyItem() {
  const item = await c.makeItem();
  expect(item.parkId).toBe(parkA);
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 30, charge_rate: 10 });
  return item;
}

const orders = (parkId: number) => `/api/v1/staff/parks/${parkId}/orders`;

describe('who may', () => {
  it('finance of another park, scanners, editors and visitors get 403 on every finance route; park B cannot see park A’s orders', async () => {
    const item = await policyItem();
    const visitor = await buyer();
    const { orderId, number, ticketIds } = await buy(visitor, item, 1);
    const routes: [string, string, object?][] = [
      ['GET', `${orders(parkA)}?number=${number}`],
      ['GET', `${orders(parkA)}/${orderId}`],
      ['GET', `${orders(parkA)}/${orderId}/cancellation-quote?ticket_ids[]=${ticketIds[0]}`],
      ['POST', `${orders(parkA)}/${orderId}/cancellations`, { ticket_ids: ticketIds }],
      ['GET', `/api/v1/staff/parks/${parkA}/reports/daily?date=${today}`],
      ['GET', `/api/v1/staff/parks/${parkA}/reports/daily.csv?date=${today}`],
    ];
    const financeB = await staff(parkB, 'finance');
    const ownerB = await staff(parkB, 'owner');
    for (const who of [financeB, ownerB, await staff(parkA, 'scanner'), await staff(parkA, 'editor'), visitor]) {
      for (const [method, url, payload] of routes) {
        const res = await c.call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url} ${res.payload}`).toBe(403);
        expect(body(res).meta.code).toBe('notParkStaff');
      }
    }
    // Park B's finance asking about park A's order through park B's paths: not found, not listed, not reported.
    expect((await c.call('GET', `${orders(parkB)}/${orderId}`, financeB)).statusCode).toBe(404);
    const quoteB = await c.call(
      'GET',
      `${orders(parkB)}/${orderId}/cancellation-quote?ticket_ids[]=${ticketIds[0]}`,
      financeB,
    );
    expect(quoteB.statusCode).toBe(404);
    const cancelB = await c.call('POST', `${orders(parkB)}/${orderId}/cancellations`, financeB, {
      ticket_ids: ticketIds,
    });
    expect(cancelB.statusCode).toBe(404);
    for (const q of [`number=${number}`, `email=${visitor.email}`]) {
      const found = await c.call('GET', `${orders(parkB)}?${q}`, financeB);
      expect(found.statusCode).toBe(200);
      expect(body(found).data).toEqual([]);
    }
    const reportB = body(await c.call('GET', `/api/v1/staff/parks/${parkB}/reports/daily?date=${today}`, financeB))
      .data as DailyReport;
    expect(reportB.rows.map((r) => r.itemId)).not.toContain(item.id);
    // Nothing changed.
    expect(await c.knex()('tickets').whereIn('id', ticketIds).pluck('state')).toEqual(['available']);
    // Park A's finance and owner may.
    for (const who of [await staff(parkA, 'finance'), await staff(parkA, 'owner')]) {
      const res = await c.call('GET', `${orders(parkA)}/${orderId}`, who);
      expect(res.statusCode, res.payload).toBe(200);
    }
  });
});

describe('finding orders', () => {
  it('by application number (any case), e-mail (any case) and telephone (digits), newest first', async () => {
    const item = await policyItem();
    const visitor = await buyer();
    const first = await buy(visitor, item, 1);
    const second = await buy(visitor, item, 2);
    const finance = await staff(parkA, 'finance');
    const byNumber = await c.call('GET', `${orders(parkA)}?number=${second.number.toLowerCase()}`, finance);
    expect(byNumber.statusCode, byNumber.payload).toBe(200);
    const [found] = body(byNumber).data as OfficeOrderSummary[];
    expect(body(byNumber).data).toHaveLength(1);
    expect(found).toMatchObject({
      id: second.orderId,
      applicationNumber: second.number,
      state: 'paid',
      total: 1900,
      amountPaid: 1900,
      paymentMethod: 1,
      customer: { userId: visitor.id, email: visitor.email },
      tickets: 2,
      useDates: [second.useDate],
    });
    const byEmail = body(await c.call('GET', `${orders(parkA)}?email=${visitor.email.toUpperCase()}`, finance))
      .data as OfficeOrderSummary[];
    expect(byEmail.map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    const phone = (await c.knex()('users').where({ id: visitor.id }).first('telephone')).telephone as string;
    const digits = phone.replace(/\D/g, '');
    for (const asked of [digits, phone, `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`]) {
      const res = await c.call('GET', `${orders(parkA)}?phone=${encodeURIComponent(asked)}`, finance);
      expect(res.statusCode, res.payload).toBe(200);
      expect((body(res).data as OfficeOrderSummary[]).map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    }
    const none = await c.call('GET', `${orders(parkA)}?email=nobody-${randomUUID()}@example.jp`, finance);
    expect(body(none).data).toEqual([]);

    const detail = body(await c.call('GET', `${orders(parkA)}/${second.orderId}`, finance)).data as OfficeOrder;
    expect(detail).toMatchObject({
      subtotal: 2000,
      coinDiscount: 100,
      couponDiscount: 0,
      payment: { method: 1, provider: 'gmo', state: 'captured', amount: 1900, refundedAmount: 0, refunds: [] },
      cancellations: [],
    });
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]?.units[0]).toMatchObject({ quantity: 2, unitPrice: 1000 });
    expect(detail.ticketList.map((t) => [t.state, t.price, t.cancellable, t.wonViaWaitlist])).toEqual([
      ['available', 1000, true, false],
      ['available', 1000, true, false],
    ]);
  });

  it('bad input is a localised 400 naming the field (ja and en), and changes nothing', async () => {
    const finance = await staff(parkA, 'finance');
    const cases: [string, string, object | undefined, string, string][] = [
      [
        'GET',
        `${orders(parkA)}?number=12345`,
        undefined,
        'numberの値が正しくありません',
        'The value of number is invalid',
      ],
      [
        'GET',
        `${orders(parkA)}?email=not-an-address`,
        undefined,
        'emailの値が正しくありません',
        'The value of email is invalid',
      ],
      [
        'GET',
        `${orders(parkA)}?phone=12-34`,
        undefined,
        'phoneの値が正しくありません',
        'The value of phone is invalid',
      ],
      ['GET', `/api/v1/staff/parks/${parkA}/reports/daily?date=2026-02-30`, undefined, 'dateの値', 'of date is'],
      ['GET', `/api/v1/staff/parks/${parkA}/reports/daily`, undefined, 'dateを入力してください', 'Please enter date'],
      ['GET', `${orders(parkA)}/1/cancellation-quote?ticket_ids=nope`, undefined, 'ticket_ids', 'ticket_ids'],
      ['POST', `${orders(parkA)}/1/cancellations`, { ticket_ids: ['nope'] }, 'ticket_ids', 'ticket_ids'],
      ['POST', `${orders(parkA)}/1/cancellations`, {}, 'ticket_idsを入力してください', 'Please enter ticket_ids'],
    ];
    for (const [method, url, payload, ja, en] of cases) {
      for (const [lang, text] of [
        ['ja', ja],
        ['en', en],
      ] as const) {
        const res = await c.call(method, url, { ...finance, lang }, payload);
        expect(res.statusCode, `${method} ${url} ${res.payload}`).toBe(400);
        expect(body(res).meta.message, url).toContain(text);
      }
    }
    // Not exactly one way to search.
    for (const q of ['', '?email=a@example.jp&phone=0312345678']) {
      for (const [lang, text] of [
        ['ja', '注文番号・メールアドレス・電話番号のどれか1つ'],
        ['en', 'Search by one of: order number, e-mail address or telephone number'],
      ] as const) {
        const res = await c.call('GET', `${orders(parkA)}${q}`, { ...finance, lang });
        expect(res.statusCode).toBe(400);
        expect(body(res).meta).toMatchObject({ code: 'orderSearchOne' });
        expect(body(res).meta.message).toContain(text);
      }
    }
  });
});

describe('cancel and refund for the visitor', () => {
  /** What a cancellation changed: stock, tickets, coins, payment, order, revocations. */
  async function effects(orderId: number, userId: number, itemId: number, useDate: string, ticketIds: string[]) {
    const k = c.knex();
    const payment = await k('payments').where({ order_id: orderId }).first();
    return {
      sold: (await k('stock_units').where({ item_id: itemId, date: useDate }).first('sold')).sold as number,
      tickets: await k('tickets').whereIn('id', ticketIds).orderBy('ticket_number').pluck('state'),
      coins: (
        await k('coin_entries').where({ user_id: userId }).whereNotIn('reason', ['reward', 'welcome']).orderBy('id')
      )
        .map((e: { kind: string; reason: string; amount: number }) => `${e.kind}:${e.reason}:${e.amount}`)
        .sort(),
      payment: { state: payment.state, refunded: payment.refundedAmount },
      refunds: (await k('payment_refunds').where({ payment_id: payment.id })).map(
        (r: { amount: number; state: string }) => `${r.amount}:${r.state}`,
      ),
      order: (await k('orders').where({ id: orderId }).first('state')).state,
      revoked: Number(
        (await k('ticket_tokens').whereIn('ticket_id', ticketIds).whereNotNull('revoked_at').count({ n: '*' }).first())
          ?.n,
      ),
    };
  }

  it('changes stock, tickets, coins and payment exactly as the visitor’s own cancellation; audited; once only', async () => {
    const item = await policyItem();
    const self = await buyer();
    const helped = await buyer();
    const mine = await buy(self, item, 2);
    const theirs = await buy(helped, item, 2);
    expect(theirs.useDate).toBe(mine.useDate);
    // Both wallets issue tokens (so there is something to revoke).
    for (const who of [self, helped]) expect((await c.call('GET', '/api/v1/me/tickets', who)).statusCode).toBe(200);
    const soldBefore = (await c.knex()('stock_units').where({ item_id: item.id, date: mine.useDate }).first()).sold;

    const finance = await staff(parkA, 'finance');
    const quote = await c.call(
      'GET',
      `${orders(parkA)}/${theirs.orderId}/cancellation-quote?ticket_ids[]=${theirs.ticketIds[0]}`,
      finance,
    );
    expect(quote.statusCode, quote.payload).toBe(200);
    const visitorQuote = await c.call(
      'GET',
      `/api/v1/me/tickets/cancellation-quote?ticket_ids[]=${mine.ticketIds[0]}`,
      self,
    );
    const { ticketIds: _a, ...officeQuote } = body(quote).data;
    const { ticketIds: _b, ...ownQuote } = body(visitorQuote).data;
    expect(officeQuote).toEqual(ownQuote);
    // 1,000 of 2,000 (100 coins, 1,900 card); 10%: fee 100, 900 back = 45 coins + 855 money; 10 reward coins back.
    expect(officeQuote).toMatchObject({ chargeRate: 10, fee: 100, refundAmount: 855, refundCoins: 45 });

    const own = await c.call('POST', '/api/v1/me/tickets/cancellations', self, { ticket_ids: [mine.ticketIds[0]] });
    expect(own.statusCode, own.payload).toBe(200);
    const done = await c.call('POST', `${orders(parkA)}/${theirs.orderId}/cancellations`, finance, {
      ticket_ids: [theirs.ticketIds[0]],
    });
    expect(done.statusCode, done.payload).toBe(200);
    const answer = body(done).data as OfficeCancellationAnswer;
    expect(answer.state).toBe('done');
    expect(answer.quote).toMatchObject({ fee: 100, refundAmount: 855, refundCoins: 45, rewardCoinsBack: 10 });
    expect(answer.order.ticketList.map((t) => t.state)).toEqual(['cancelled', 'available']);
    expect(answer.order.payment).toMatchObject({ state: 'partially_refunded', refundedAmount: 855 });
    expect(answer.order.cancellations).toHaveLength(1);

    const a = await effects(mine.orderId, self.id, item.id, mine.useDate, mine.ticketIds);
    const b = await effects(theirs.orderId, helped.id, item.id, theirs.useDate, theirs.ticketIds);
    expect(b).toEqual(a);
    expect(b).toMatchObject({
      tickets: ['cancelled', 'available'],
      payment: { state: 'partially_refunded', refunded: 855 },
      refunds: ['855:succeeded'],
      order: 'partially_cancelled',
      revoked: 1,
    });
    expect(b.coins).toEqual(['minus:order:-100', 'minus:reward_back:-10', 'return:cancel:45'].sort());
    expect(b.sold).toBe(soldBefore - 2);

    // The park's audit trail: who, what, before and after.
    const owner = await staff(parkA, 'owner');
    const audit = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?entity=order&limit=5`, owner))
      .data as StaffAuditEntry[];
    const entry = audit.find((e) => e.entityId === String(theirs.orderId));
    expect(entry).toMatchObject({
      actor: { userId: finance.id },
      entity: 'order',
      action: 'cancel',
      before: { orderState: 'paid', tickets: { [theirs.ticketIds[0] as string]: 'available' } },
      after: {
        orderState: 'partially_cancelled',
        tickets: { [theirs.ticketIds[0] as string]: 'cancel_waiting' },
        cancellationId: answer.cancellationId,
        fee: 100,
        refundAmount: 855,
        refundCoins: 45,
      },
    });
    // The visitor's own cancellation is not staff's doing.
    expect(audit.map((e) => e.entityId)).not.toContain(String(mine.orderId));

    // Asked again (and three times at once): nothing more is refunded.
    const again = await c.call('POST', `${orders(parkA)}/${theirs.orderId}/cancellations`, finance, {
      ticket_ids: [theirs.ticketIds[0]],
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).meta.code).toBe('notCancellable');
    const storm = await Promise.all(
      Array.from({ length: 3 }, () =>
        c.call('POST', `${orders(parkA)}/${theirs.orderId}/cancellations`, finance, {
          ticket_ids: [theirs.ticketIds[1]],
        }),
      ),
    );
    // One cancellation: those that came while its refund was under way answer it (200), later ones 409.
    for (const r of storm) expect([200, 409]).toContain(r.statusCode);
    const made = storm.filter((r) => r.statusCode === 200).map((r) => body(r).data.cancellationId);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made).size).toBe(1);
    const after = await effects(theirs.orderId, helped.id, item.id, theirs.useDate, theirs.ticketIds);
    expect(after).toMatchObject({
      tickets: ['cancelled', 'cancelled'],
      // The fees stay with the park: 855 + 855 of 1,900.
      payment: { state: 'partially_refunded', refunded: 1710 },
      order: 'cancelled',
      sold: soldBefore - 3,
    });
    expect(after.refunds).toHaveLength(2);
    expect(await c.knex()('cancellations').where({ order_id: theirs.orderId })).toHaveLength(2);
  });

  it('a waitlist win: the visitor cannot cancel it, the park can, at the rate of the day of the reservation', async () => {
    const item = await c.makeItem();
    await c
      .knex()('item_cancellation_policies')
      .insert([
        { item_id: item.id, days_before: 7, charge_rate: 0 },
        { item_id: item.id, days_before: 3, charge_rate: 30 },
        { item_id: item.id, days_before: 0, charge_rate: 100 },
      ]);
    const visitor = await buyer();
    const { orderId, ticketIds } = await buy(visitor, item, 1);
    // Won via the waitlist, paid 8 days ago, for the day after tomorrow: 10 days before use when reserved (free),
    // 2 days before use today (30%).
    await c
      .knex()('tickets')
      .whereIn('id', ticketIds)
      .update({ won_via_waitlist: true, use_date: addDays(today, 2) });
    await c
      .knex()('orders')
      .where({ id: orderId })
      .update({ paid_at: new Date(Date.now() - 8 * 86_400_000) });
    const own = await c.call('POST', '/api/v1/me/tickets/cancellations', visitor, { ticket_ids: ticketIds });
    expect(own.statusCode).toBe(409);
    expect(body(own).meta.code).toBe('waitlistNotCancellable');

    const finance = await staff(parkA, 'finance');
    const detail = body(await c.call('GET', `${orders(parkA)}/${orderId}`, finance)).data as OfficeOrder;
    expect(detail.ticketList[0]).toMatchObject({ wonViaWaitlist: true, cancellable: true });
    const quote = await c.call(
      'GET',
      `${orders(parkA)}/${orderId}/cancellation-quote?ticket_ids[]=${ticketIds[0]}`,
      finance,
    );
    expect(quote.statusCode, quote.payload).toBe(200);
    expect(body(quote).data).toMatchObject({
      daysBefore: 10,
      chargeRate: 0,
      fee: 0,
      refundAmount: 900,
      refundCoins: 100,
    });
    const done = await c.call('POST', `${orders(parkA)}/${orderId}/cancellations`, finance, { ticket_ids: ticketIds });
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data.quote).toMatchObject({ chargeRate: 0, fee: 0, refundAmount: 900 });
    expect((await c.knex()('payments').where({ order_id: orderId }).first()).refundedAmount).toBe(900);
  });
});

describe.runIf(onPostgres)('a refund finishing while another cancellation of the order waits (PostgreSQL)', () => {
  // CI once answered 500 to one of three simultaneous cancellations of the same ticket. The one that made the
  // cancellation finishes it after the provider's refund: it locked the cancellation, then its coin return (a row
  // referencing the order) waited on the order's lock, which a retry of the same tickets held while it waited on
  // the cancellation: a deadlock.
  it('the finish takes the order before the cancellation, as a cancellation does: both complete', async () => {
    const item = await policyItem();
    const visitor = await buyer();
    const bought = await buy(visitor, item, 1);
    const knex = c.knex();
    const order = await knex('orders').where({ id: bought.orderId }).first('payment_id');
    const ticketId = bought.ticketIds[0] as string;
    const row: CancellationRow = {
      id: randomUUID(),
      userId: visitor.id,
      orderId: bought.orderId,
      paymentId: order.paymentId,
      ticketIds: [ticketId],
      daysBefore: 40,
      chargeRate: 0,
      fee: 0,
      refundAmount: 500,
      refundCoins: 20,
      rewardCoinsBack: 0,
      refundReducedBy: 0,
      state: 'refunding',
    };
    // The first transaction of a cancellation, as made (cancelTickets): its row, the ticket waiting for the refund.
    await knex('cancellations').insert({
      id: row.id,
      user_id: row.userId,
      order_id: row.orderId,
      payment_id: row.paymentId,
      ticket_ids: row.ticketIds,
      days_before: row.daysBefore,
      charge_rate: 0,
      fee: 0,
      refund_amount: row.refundAmount,
      refund_coins: row.refundCoins,
      reward_coins_back: 0,
      refund_reduced_by: 0,
      state: 'refunding',
    });
    await knex('tickets').where({ id: ticketId }).update({ state: 'cancel_waiting', cancellation_id: row.id });

    // A retry of the same ticket holds the order's lock (as cancelTickets takes it)...
    const retry = await knex.transaction();
    await retry('orders').where({ id: bought.orderId }).forUpdate().first('id');
    // ...while the refund is made and finished.
    const finishing = refundCancellation(knex, ctx.server.app.config, row);
    const waiting = async () =>
      (
        await knex.raw(
          "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()",
        )
      ).rows.length;
    await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
    // The retry then reads the cancellation under lock, as cancelTickets does.
    const read = await retry('cancellations').where({ id: row.id }).forUpdate().first('state');
    expect(read.state).toBe('refunding');
    await retry.commit();
    expect(await finishing).toBe('done');
    expect((await knex('cancellations').where({ id: row.id }).first('state')).state).toBe('done');
    expect((await knex('tickets').where({ id: ticketId }).first('state')).state).toBe('cancelled');
  });
});

describe('daily report', () => {
  it('a day’s sales, refunds and admissions per item, as JSON and as CSV (BOM, header in the language asked)', async () => {
    const item = await policyItem();
    const visitor = await buyer();
    const { orderId, ticketIds } = await buy(visitor, item, 3);
    const finance = await staff(parkA, 'finance');
    const cancel = await c.call('POST', `${orders(parkA)}/${orderId}/cancellations`, finance, {
      ticket_ids: [ticketIds[0]],
    });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    const refunded = body(cancel).data.quote.refundAmount as number;
    // One ticket used at the gate today (its use day made today).
    await c
      .knex()('tickets')
      .where({ id: ticketIds[1] })
      .update({ use_date: today, state: 'used', used_at: new Date() });

    const res = await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/daily?date=${today}`, finance);
    expect(res.statusCode, res.payload).toBe(200);
    const report = body(res).data as DailyReport;
    expect(report).toMatchObject({ parkId: parkA, date: today });
    const row = report.rows.find((r) => r.itemId === item.id);
    expect(row).toEqual({
      itemId: item.id,
      itemName: expect.stringContaining('注文テスト'),
      soldPlaces: 3,
      amount: 3000,
      cancelledPlaces: 1,
      refundAmount: refunded,
      admitted: 1,
      slots: [],
    });
    expect(report.totals.soldPlaces).toBe(report.rows.reduce((s, r) => s + r.soldPlaces, 0));
    // Another day has none of it.
    const yesterday = body(
      await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/daily?date=${addDays(today, -1)}`, finance),
    ).data as DailyReport;
    expect(yesterday.rows.map((r) => r.itemId)).not.toContain(item.id);

    const csv = await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/daily.csv?date=${today}`, finance);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="zoopass-${parkA}-${today}.csv"`);
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('商品ID,商品名,時間帯,販売数,販売額（円・税込）,キャンセル数,返金額（円）,入場数');
    expect(lines).toContain(`${item.id},${row?.itemName},,3,3000,1,${refunded},1`);
    expect(lines.at(-2)).toMatch(/^,合計,/);
    for (const [url, who] of [
      [`/api/v1/staff/parks/${parkA}/reports/daily.csv?date=${today}&lang=en`, finance],
      [`/api/v1/staff/parks/${parkA}/reports/daily.csv?date=${today}`, { ...finance, lang: 'en' as const }],
    ] as const) {
      const en = await c.call('GET', url, who);
      const text = en.rawPayload.subarray(3).toString('utf8');
      expect(text.split('\r\n')[0]).toBe(
        'Item ID,Item,Time slot,Places sold,"Sales (yen, tax incl.)",Places cancelled,Refunded (yen),Admitted',
      );
      expect(text).toContain(`${item.id},Order test`);
    }
  });
});

describe('reports over a range of days, split by time slot, and the orders and refunds exports', () => {
  it('sums the days asked, splits a timed item per slot (rows add up), and exports orders and refunds as CSV', async () => {
    const item = await policyItem();
    const visitor = await buyer();
    const first = await buy(visitor, item, 2);
    const second = await buy(visitor, item, 1);
    // The item gets its slots after the sales (the cart would ask for one); the tickets are put in them.
    const [early, late] = (await c
      .knex()('item_time_slots')
      .insert([
        { item_id: item.id, start_time: '09:00', end_time: '12:00', capacity: 50 },
        { item_id: item.id, start_time: '13:00', end_time: '16:00', capacity: 50 },
      ])
      .returning('id')) as { id: number }[];
    await c.knex()('tickets').where({ id: first.ticketIds[0] }).update({ time_slot_id: early?.id });
    await c
      .knex()('tickets')
      .whereIn('id', [first.ticketIds[1] as string, ...second.ticketIds])
      .update({ time_slot_id: late?.id });
    // The first order was paid yesterday.
    const yesterday = addDays(today, -1);
    await c
      .knex()('orders')
      .where({ id: first.orderId })
      .update({ paid_at: new Date(`${yesterday}T10:00:00+09:00`) });
    const finance = await staff(parkA, 'finance');
    const cancel = await c.call('POST', `${orders(parkA)}/${second.orderId}/cancellations`, finance, {
      ticket_ids: second.ticketIds,
    });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    const refunded = body(cancel).data.quote.refundAmount as number;

    const report = async (q: string) => {
      const res = await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/daily?${q}`, finance);
      expect(res.statusCode, res.payload).toBe(200);
      return body(res).data as DailyReport;
    };
    const oneDay = await report(`date=${today}`);
    expect(oneDay).toMatchObject({ from: today, to: today });
    expect(oneDay.rows.find((r) => r.itemId === item.id)).toMatchObject({ soldPlaces: 1, amount: 1000 });
    const range = await report(`from=${yesterday}&to=${today}`);
    expect(range).toMatchObject({ from: yesterday, to: today, occupancy: null });
    const row = range.rows.find((r) => r.itemId === item.id);
    expect(row).toMatchObject({ soldPlaces: 3, amount: 3000, cancelledPlaces: 1, refundAmount: refunded });
    expect(row?.slots).toEqual([
      expect.objectContaining({ slotId: early?.id, label: '09:00–12:00', soldPlaces: 1, amount: 1000 }),
      expect.objectContaining({ slotId: late?.id, label: '13:00–16:00', soldPlaces: 2, cancelledPlaces: 1 }),
    ]);
    // The CSV has one row per slot of a timed item, so its columns add up to the totals.
    const csv = await c.call(
      'GET',
      `/api/v1/staff/parks/${parkA}/reports/daily.csv?from=${yesterday}&to=${today}`,
      finance,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="zoopass-${parkA}-${yesterday}_${today}.csv"`,
    );
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('商品ID,商品名,時間帯,販売数,販売額（円・税込）,キャンセル数,返金額（円）,入場数');
    expect(lines).toContain(`${item.id},${row?.itemName},09:00–12:00,1,1000,0,0,0`);
    expect(lines).toContain(`${item.id},${row?.itemName},13:00–16:00,2,2000,1,${refunded},0`);

    // Orders paid in the range, and refunds made in it.
    const ordersCsv = await c.call(
      'GET',
      `/api/v1/staff/parks/${parkA}/reports/orders.csv?from=${yesterday}&to=${today}`,
      finance,
    );
    expect(ordersCsv.statusCode, ordersCsv.payload).toBe(200);
    const orderLines = ordersCsv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(orderLines[0]).toBe('申込番号,支払日時,状態,支払方法,小計,クーポン値引,コイン利用,合計,支払額,返金額,枚数');
    expect(orderLines).toContain(`${first.number},${yesterday} 10:00,paid,クレジットカード,2000,0,100,1900,1900,0,2`);
    expect(orderLines.some((l) => l.startsWith(`${second.number},${today} `))).toBe(true);
    const onlyToday = (
      await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/orders.csv?from=${today}&to=${today}&lang=en`, finance)
    ).rawPayload
      .subarray(3)
      .toString('utf8');
    expect(onlyToday.split('\r\n')[0]).toBe(
      'Order number,Paid at,State,Payment method,Subtotal,Coupon,Coins,Total,Paid,Refunded,Tickets',
    );
    expect(onlyToday).not.toContain(first.number);
    const refundsCsv = await c.call(
      'GET',
      `/api/v1/staff/parks/${parkA}/reports/refunds.csv?from=${today}&to=${today}`,
      finance,
    );
    expect(refundsCsv.statusCode, refundsCsv.payload).toBe(200);
    const refundLines = refundsCsv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(refundLines[0]).toBe('日時,申込番号,枚数,手数料率（%）,手数料,返金額,返却コイン,状態');
    const q = body(cancel).data.quote as { chargeRate: number; fee: number; refundCoins: number };
    expect(
      refundLines.some((l) =>
        l.includes(`,${second.number},1,${q.chargeRate},${q.fee},${refunded},${q.refundCoins},done`),
      ),
    ).toBe(true);

    // A range backwards, too long, or half given: 400 naming the field, in ja and en.
    for (const [q, field] of [
      [`from=${today}&to=${yesterday}`, 'to'],
      [`from=${addDays(today, -400)}&to=${today}`, 'to'],
      [`from=${today}`, 'to'],
    ] as const) {
      for (const path of ['daily', 'orders.csv', 'refunds.csv']) {
        const ja = await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/${path}?${q}`, finance);
        expect(ja.statusCode, `${path}?${q} ${ja.payload}`).toBe(400);
        expect(body(ja).meta.message).toContain(field);
      }
    }
    // Who may: finance and owner only.
    const editor = await staff(parkA, 'editor');
    for (const path of ['orders.csv', 'refunds.csv']) {
      expect(
        (await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/${path}?from=${today}&to=${today}`, editor))
          .statusCode,
      ).toBe(403);
    }
  });
});
