// Group visits (issue 31, group part): a school asks for 44 people (40 pupils, 4 teachers) with an exemption
// letter judged by its bytes; staff approve with the price and exemptions (places held through the stock ledger
// until the due date, never oversold under concurrent approvals) or decline with a reason; the requester is told
// (inbox); the invoice PDF carries the bank account; staff record the transfer (the amount must equal), the order
// is paid and one ticket per person issued; an unpaid request past its due date releases its places. PGlite, and
// PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../common/time';
import { findProblems } from '../features/finance/services/reconcileLedgers';
import { awayFromTokyoMidnight } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { multipart } from './photoFixtures';
import { sandboxFlow } from './sandboxFlow';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
beforeAll(async () => {
  const listening = await createHttpTestServer();
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const c = commerce(() => ctx);
const { press, tokenize, returnOf } = sandboxFlow(() => base, c);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20)]);
const DAY = 86_400_000;

async function staff(parkId: number, role: string): Promise<Caller & { id: number }> {
  const who = await c.user();
  await c.knex()('park_staff').insert({ user_id: who.id, park_id: parkId, role });
  return { id: who.id, token: who.token };
}

function submit(who: Caller, fields: Record<string, string | { filename: string; type: string; data: Buffer }>) {
  const form = multipart(fields);
  return ctx.server.inject({
    method: 'POST',
    url: '/api/v1/groups/requests',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': form.type, 'accept-language': who.lang ?? 'ja' },
    payload: form.payload,
  });
}

const schoolFields = (itemId: number, date: string, extra: Record<string, string> = {}) => ({
  itemId: String(itemId),
  date,
  organisation: '市立みどり小学校',
  kind: 'school',
  partySize: '44',
  ageMix: JSON.stringify({ primary: 40, adult: 4 }),
  leaders: '4',
  leaderName: '山田先生',
  purpose: '遠足（生活科の学習）',
  ...extra,
});

async function setup(capacity = 100, fromDays = 1) {
  const item = await c.makeItem({ capacity });
  const editor = await staff(item.parkId, 'editor');
  const finance = await staff(item.parkId, 'finance');
  const res = await c.call('PUT', `/api/v1/staff/parks/${item.parkId}/group-settings`, editor, {
    minSize: 20,
    maxSize: 400,
    exemptionKinds: ['school', 'welfare'],
    bankAccount: 'みどり銀行 本店 普通 1234567 ﾐﾄﾞﾘｺｳｴﾝ',
    paymentDays: 14,
  });
  expect(res.statusCode, res.payload).toBe(200);
  const date = await c.openDate(item.id, fromDays);
  return { item, editor, finance, date };
}

const unitOf = async (itemId: number, date: string) =>
  (await c.knex()('stock_units').where({ item_id: itemId, date }).first('capacity', 'sold', 'held')) as {
    capacity: number;
    sold: number;
    held: number;
  };

describe('group requests', () => {
  it('refuses bad input with a clear error and keeps nothing', async () => {
    const { item, date } = await setup();
    const leader = await c.user();
    const before = await c.knex()('group_requests').count({ n: '*' }).first();
    const small = await submit(leader, schoolFields(item.id, date, { partySize: '10', ageMix: '{"primary":10}' }));
    expect(small.statusCode).toBe(400);
    expect(body(small).meta.code).toBe('groupSizeOutOfRange');
    expect(body(small).meta.message).toContain('20');
    const mix = await submit(leader, schoolFields(item.id, date, { ageMix: '{"primary":30}' }));
    expect(body(mix).meta.code).toBe('invalidParam');
    expect(body(mix).meta.message).toContain('ageMix');
    const noDoc = await submit(leader, schoolFields(item.id, date, { exemptionKind: 'school' }));
    expect(body(noDoc).meta.code).toBe('groupDocumentRequired');
    const fake = await submit(leader, {
      ...schoolFields(item.id, date, { exemptionKind: 'school' }),
      document: { filename: 'letter.pdf', type: 'application/pdf', data: Buffer.from('<html>not a pdf</html>') },
    });
    expect(fake.statusCode).toBe(415);
    expect(body(fake).meta.code).toBe('groupDocumentType');
    const unknownKind = await submit(leader, {
      ...schoolFields(item.id, date, { exemptionKind: 'veteran' }),
      document: { filename: 'l.pdf', type: 'application/pdf', data: PDF },
    });
    expect(body(unknownKind).meta.code).toBe('groupExemptionUnknown');
    // An item sold by time slot needs one of its slots.
    const slotted = await c.makeItem();
    await c
      .knex()('item_time_slots')
      .insert({ item_id: slotted.id, start_time: '10:00', end_time: '11:00', capacity: 80 });
    const noSlot = await submit(leader, schoolFields(slotted.id, date));
    expect(noSlot.statusCode).toBe(400);
    expect(body(noSlot).meta.message).toContain('timeSlotId');
    const after = await c.knex()('group_requests').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('school with an exemption letter: approved, invoiced, transfer recorded, 44 tickets issued', async () => {
    const { item, editor, finance, date } = await setup();
    const leader = await c.user();
    const created = await submit(leader, {
      ...schoolFields(item.id, date, { exemptionKind: 'school' }),
      document: { filename: 'letter.bin', type: 'application/octet-stream', data: PDF },
    });
    expect(created.statusCode, created.payload).toBe(201);
    const id = body(created).data.id as number;

    const mine = await c.call('GET', `/api/v1/me/group-requests/${id}`, leader);
    expect(body(mine).data).toMatchObject({ state: 'requested', partySize: 44, hasDocument: true });
    const other = await c.user();
    expect((await c.call('GET', `/api/v1/me/group-requests/${id}`, other)).statusCode).toBe(404);
    const doc = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/group-requests/${id}/document`, editor);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');
    const list = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/group-requests?state=requested`, editor);
    expect(body(list).data.map((r: { id: number }) => r.id)).toContain(id);
    // A finance member cannot decide; a visitor cannot see the office.
    const url = `/api/v1/staff/parks/${item.parkId}/group-requests/${id}`;
    expect((await c.call('POST', `${url}/approve`, leader, { price: 0, exemptions: [] })).statusCode).toBe(403);

    const approved = await c.call('POST', `${url}/approve`, editor, { price: 8800, exemptions: ['school'] });
    expect(approved.statusCode, approved.payload).toBe(204);
    expect(await unitOf(item.id, date)).toMatchObject({ held: 44, sold: 0 });
    const view = body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data;
    expect(view).toMatchObject({ state: 'approved', price: 8800, exemptions: ['school'], paymentMethod: 'invoice' });
    const due = new Date(view.dueAt).getTime() - Date.now();
    expect(due).toBeGreaterThan(13 * DAY);
    expect(due).toBeLessThan(15 * DAY);
    const inbox = await c.knex()('notifications').where({ user_id: leader.id, kind: 'groupRequest' }).select('title');
    expect(inbox.map((n: { title: string }) => n.title)).toEqual(['団体申込：承認されました']);
    // Approving twice is refused.
    const again = await c.call('POST', `${url}/approve`, editor, { price: 8800, exemptions: [] });
    expect(body(again).meta.code).toBe('groupRequestState');

    const invoice = await c.call('GET', `/api/v1/me/group-requests/${id}/invoice.pdf`, leader);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const wrong = await c.call('POST', `${url}/transfer`, finance, { amount: 8000 });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).meta.code).toBe('groupTransferAmount');
    expect(body(wrong).meta.message).toContain('8800');
    expect(await unitOf(item.id, date)).toMatchObject({ held: 44, sold: 0 });
    expect((await c.call('POST', `${url}/transfer`, editor, { amount: 8800 })).statusCode).toBe(403);

    const paid = await c.call('POST', `${url}/transfer`, finance, { amount: 8800 });
    expect(paid.statusCode, paid.payload).toBe(200);
    expect(body(paid).data.tickets).toBe(44);
    expect(await unitOf(item.id, date)).toMatchObject({ held: 0, sold: 44 });
    const orderId = body(paid).data.orderId as number;
    const order = await c.knex()('orders').where({ id: orderId }).first('state', 'total', 'user_id', 'amount_paid');
    expect(order).toMatchObject({ state: 'paid', total: 8800, userId: leader.id, amountPaid: 8800 });
    const tickets = await c.knex()('tickets').where({ order_id: orderId }).select('state', 'price', 'user_id');
    expect(tickets).toHaveLength(44);
    expect(
      tickets.every((t: { state: string; userId: number }) => t.state === 'available' && t.userId === leader.id),
    ).toBe(true);
    expect(tickets.reduce((n: number, t: { price: number }) => n + t.price, 0)).toBe(8800);
    expect(await c.knex()('invoices').where({ order_id: orderId }).first('id')).toBeTruthy();
    const audits = await c
      .knex()('audit_logs')
      .where({ entity: 'group_request', entity_id: String(id) })
      .pluck('action');
    expect(audits).toEqual(['requested', 'approved', 'paid']);
    // The books balance: the reconciliation finds nothing wrong with the group's order (no payment row: a transfer).
    const problems = await findProblems(c.knex(), new Date(Date.now() + DAY));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
    // The receipt mail is queued and sent like any paid order's.
    await ctx.server.plugins.jobs.runOnce();
    expect(await c.knex()('orders').where({ id: orderId }).first('receipt_sent_at')).toMatchObject({
      receiptSentAt: expect.any(Date),
    });
    // Paid once only.
    const twice = await c.call('POST', `${url}/transfer`, finance, { amount: 8800 });
    expect(body(twice).meta.code).toBe('groupRequestState');
  });

  /** A school of 44, approved at 8,800 yen; answers where to pay. */
  async function approvedSchool() {
    const { item, editor, finance, date } = await setup();
    const leader = await c.user();
    const id = body(await submit(leader, schoolFields(item.id, date))).data.id as number;
    const office = `/api/v1/staff/parks/${item.parkId}/group-requests/${id}`;
    expect((await c.call('POST', `${office}/approve`, editor, { price: 8800, exemptions: [] })).statusCode).toBe(204);
    return { item, finance, date, leader, id, office, pay: `/api/v1/me/group-requests/${id}/payment` };
  }

  it('the leader pays by card through 3-D Secure: 44 tickets, the request paid by card, the books balance', async () => {
    const { item, finance, date, leader, id, office, pay } = await approvedSchool();
    // Someone else's request, a bad body: refused, nothing placed.
    const stranger = await c.user();
    const card = await tokenize('4000000000003220');
    expect((await c.call('POST', pay, stranger, { card_token: card })).statusCode).toBe(404);
    const bad = await c.call('POST', pay, leader, {});
    expect(bad.statusCode).toBe(400);
    expect(await c.knex()('orders').where({ user_id: leader.id }).first('id')).toBeUndefined();

    const started = await c.call('POST', pay, leader, { card_token: card });
    expect(started.statusCode, started.payload).toBe(201);
    const { orderId, payment } = body(started).data as { orderId: number; payment: { kind: string; url: string } };
    expect(payment.kind).toBe('redirect');
    // While the card is in flight: no second payment, no transfer, no release at the due date.
    const second = await c.call('POST', pay, leader, { card_token: await tokenize('4111111111111111') });
    expect(body(second).meta.code).toBe('checkoutInProgress');
    const transfer = await c.call('POST', `${office}/transfer`, finance, { amount: 8800 });
    expect(body(transfer).meta.code).toBe('checkoutInProgress');
    expect(await unitOf(item.id, date)).toMatchObject({ held: 44, sold: 0 });

    const back = await returnOf(await press(payment.url, 'approve'), leader.token);
    expect(back.statusCode, back.payload).toBe(200);
    expect(await unitOf(item.id, date)).toMatchObject({ held: 0, sold: 44 });
    const view = body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data;
    expect(view).toMatchObject({ state: 'paid', paymentMethod: 'card', orderId });
    const order = await c.knex()('orders').where({ id: orderId }).first('state', 'total', 'amount_paid', 'source');
    expect(order).toMatchObject({ state: 'paid', total: 8800, amountPaid: 8800, source: 'group' });
    const prices = await c.knex()('tickets').where({ order_id: orderId }).pluck('price');
    expect(prices).toHaveLength(44);
    expect(prices.reduce((n: number, p: number) => n + p, 0)).toBe(8800);
    expect((await c.call('GET', `/api/v1/me/group-requests/${id}/tickets`, leader)).statusCode).toBe(200);
    const problems = await findProblems(c.knex(), new Date(Date.now() + DAY));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
    // Paid: no second card payment, no transfer.
    expect(body(await c.call('POST', pay, leader, { card_token: card })).meta.code).toBe('groupRequestState');
    expect(body(await c.call('POST', `${office}/transfer`, finance, { amount: 8800 })).meta.code).toBe(
      'groupRequestState',
    );
  });

  it('a declined card leaves the group approved with its places; a transfer then pays it; the late card buys nothing', async () => {
    const { item, finance, date, leader, id, office, pay } = await approvedSchool();
    const declined = await c.call('POST', pay, leader, { card_token: await tokenize('4000000000000002') });
    expect(declined.statusCode, declined.payload).toBe(201);
    expect(body(declined).data.payment.kind).toBe('failed');
    expect(body(declined).data.payment.message).toBeTruthy();
    expect(body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data.state).toBe('approved');
    expect(await unitOf(item.id, date)).toMatchObject({ held: 44, sold: 0 });

    // A 3-D Secure attempt left at the challenge, given up by the abandoned-payment sweep: still approved.
    const started = await c.call('POST', pay, leader, { card_token: await tokenize('4000000000003220') });
    const { orderId, payment } = body(started).data as { orderId: number; payment: { url: string } };
    await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 3 * 3_600_000));
    expect(await c.knex()('orders').where({ id: orderId }).first('state')).toMatchObject({ state: 'failed' });
    expect(await unitOf(item.id, date)).toMatchObject({ held: 44, sold: 0 });

    const paid = await c.call('POST', `${office}/transfer`, finance, { amount: 8800 });
    expect(paid.statusCode, paid.payload).toBe(200);
    expect(body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data).toMatchObject({
      state: 'paid',
      paymentMethod: 'invoice',
    });
    // The challenge answered late: the card's money goes back and no place is bought twice.
    await returnOf(await press(payment.url, 'approve'), leader.token);
    await ctx.server.plugins.jobs.runOnce();
    expect(await unitOf(item.id, date)).toMatchObject({ held: 0, sold: 44 });
    expect(await c.knex()('tickets').where({ order_id: orderId }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const late = await c.knex()('payments').where({ order_id: orderId }).first('state');
    expect(['refunded', 'voided', 'cancelled']).toContain(late?.state);
  });

  it('declines with a reason and tells the requester', async () => {
    const { item, editor, date } = await setup();
    const leader = await c.user();
    const id = body(await submit(leader, schoolFields(item.id, date))).data.id as number;
    const url = `/api/v1/staff/parks/${item.parkId}/group-requests/${id}/decline`;
    expect((await c.call('POST', url, editor, {})).statusCode).toBe(400);
    expect((await c.call('POST', url, editor, { reason: '当日は貸切のため' })).statusCode).toBe(204);
    const view = body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader, undefined)).data;
    expect(view).toMatchObject({ state: 'declined', declineReason: '当日は貸切のため' });
    expect(
      await c.knex()('notifications').where({ user_id: leader.id, kind: 'groupRequest' }).first('id'),
    ).toBeTruthy();
  });

  it('concurrent approvals never oversell: of three groups of 44 on 100 places, two are held', async () => {
    const { item, editor, date } = await setup(100);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const leader = await c.user();
      ids.push(body(await submit(leader, schoolFields(item.id, date))).data.id as number);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        c.call('POST', `/api/v1/staff/parks/${item.parkId}/group-requests/${id}/approve`, editor, {
          price: 10000,
          exemptions: [],
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([204, 204, 409]);
    expect(body(answers.find((a) => a.statusCode === 409) as never).meta.code).toBe('soldOut');
    const unit = await unitOf(item.id, date);
    expect(unit).toMatchObject({ held: 88, sold: 0 });
    expect(unit.sold + unit.held).toBeLessThanOrEqual(unit.capacity);
  });

  it('unpaid at the due date: the places are released and the group told', async () => {
    const { item, editor, date } = await setup();
    const leader = await c.user();
    const id = body(await submit(leader, schoolFields(item.id, date))).data.id as number;
    const url = `/api/v1/staff/parks/${item.parkId}/group-requests/${id}`;
    expect((await c.call('POST', `${url}/approve`, editor, { price: 10000, exemptions: [] })).statusCode).toBe(204);
    expect(await unitOf(item.id, date)).toMatchObject({ held: 44 });
    await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 2 * DAY));
    expect(body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data.state).toBe('approved');
    await ctx.server.plugins.jobs.runOnce(new Date(Date.now() + 15 * DAY));
    expect(body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data.state).toBe('released');
    expect(await unitOf(item.id, date)).toMatchObject({ held: 0, sold: 0 });
    const titles = await c.knex()('notifications').where({ user_id: leader.id, kind: 'groupRequest' }).pluck('title');
    expect(titles).toContain('団体申込：お支払い期限を過ぎました');
    const finance = await staff(item.parkId, 'finance');
    const late = await c.call('POST', `${url}/transfer`, finance, { amount: 10000 });
    expect(body(late).meta.code).toBe('groupRequestState');
  });

  it('the gate admits a paid group with a count: 36, then 8 later that day, never more; a replay changes nothing', async () => {
    await awayFromTokyoMidnight();
    const { item, editor, finance, date } = await setup(100, 0);
    expect(date).toBe(tokyoDate());
    const leader = await c.user();
    const id = body(await submit(leader, schoolFields(item.id, date))).data.id as number;
    const url = `/api/v1/staff/parks/${item.parkId}/group-requests/${id}`;
    const scanner = await staff(item.parkId, 'scanner');
    // Not paid yet: nothing to admit.
    const early = await c.call('POST', `${url}/admissions`, scanner, { scanId: randomUUID(), count: 1 });
    expect(body(early).meta.code).toBe('groupRequestState');
    expect((await c.call('POST', `${url}/approve`, editor, { price: 22000, exemptions: [] })).statusCode).toBe(204);
    expect((await c.call('POST', `${url}/transfer`, finance, { amount: 22000 })).statusCode).toBe(200);

    const first = randomUUID();
    const a = await c.call('POST', `${url}/admissions`, scanner, { scanId: first, count: 36 });
    expect(a.statusCode, a.payload).toBe(200);
    expect(body(a).data).toEqual({ partySize: 44, admitted: 36, arrived: 36, left: 8 });
    const replay = await c.call('POST', `${url}/admissions`, scanner, { scanId: first, count: 36 });
    expect(body(replay).data).toEqual({ partySize: 44, admitted: 36, arrived: 36, left: 8 });
    const list = body(await c.call('GET', `/api/v1/me/group-requests/${id}/tickets`, leader)).data;
    expect(list).toHaveLength(44);
    expect(list.filter((t: { entered: boolean }) => t.entered)).toHaveLength(36);
    expect((await c.call('GET', `/api/v1/me/group-requests/${id}/tickets`, editor)).statusCode).toBe(404);
    const tooMany = await c.call('POST', `${url}/admissions`, scanner, { scanId: randomUUID(), count: 9 });
    expect(tooMany.statusCode).toBe(409);
    expect(body(tooMany).meta.code).toBe('groupAdmitTooMany');
    expect(body(tooMany).meta.message).toContain('8');
    const rest = await c.call('POST', `${url}/admissions`, scanner, { scanId: randomUUID(), count: 8 });
    expect(body(rest).data).toEqual({ partySize: 44, admitted: 8, arrived: 44, left: 0 });
    const more = await c.call('POST', `${url}/admissions`, scanner, { scanId: randomUUID(), count: 1 });
    expect(body(more).meta.code).toBe('groupAdmitTooMany');
    const arrivals = await c.call('GET', `${url}/arrivals`, editor);
    expect(body(arrivals).data).toMatchObject({ arrived: 44, left: 0 });
    const orderId = body(await c.call('GET', `/api/v1/me/group-requests/${id}`, leader)).data.orderId as number;
    const used = await c
      .knex()('tickets')
      .where({ order_id: orderId })
      .whereNotNull('used_at')
      .count({ n: '*' })
      .first();
    expect(Number(used?.n)).toBe(44);
    const usages = await c
      .knex()('ticket_usages')
      .whereIn('ticket_id', c.knex()('tickets').where({ order_id: orderId }).select('id'))
      .count({ n: '*' })
      .first();
    expect(Number(usages?.n)).toBe(44);
    // Another park's scanner cannot admit.
    const stranger = await c.user();
    expect((await c.call('POST', `${url}/admissions`, stranger, { scanId: randomUUID(), count: 1 })).statusCode).toBe(
      403,
    );
  });
});
