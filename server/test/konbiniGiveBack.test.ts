// Konbini give-back by bank transfer: GMO has no refund for money paid at a convenience store, so money that must
// go back (a cancellation by the item's policy, a park's refund, a late payment whose places are gone) is recorded
// as a bank transfer owed to the buyer (awaiting_account -> ready -> transferred), never asked of the provider. The
// buyer enters a bank account (only they can read or set it), the park's finance staff see the list and mark each
// transfer done once; the payment is then refunded to the yen and the reconciliation finds nothing at any step.
// Over real HTTP with the GMO CVS sandbox. PGlite, and PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../../common/enums';
import { tokyoDate } from '../../common/time';
import { findProblems } from '../features/finance/services/reconcileLedgers';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, ctx, smtp, flow, clock } = commerceServer();
oneTokyoDayPerTest();

const LAWSON = '10001';
/** みずほ銀行 東京営業部 on the Zengin list (zengin-code). */
const ACCOUNT = {
  bank_code: '0001',
  branch_code: '001',
  account_type: 'ordinary',
  account_number: '1234567',
  holder_kana: 'ヤマダ ハナコ',
};

const payment = (id: string) => c.knex()('payments').where({ id }).first();
const orderOf = (id: number) => c.knex()('orders').where({ id }).first();
const unitsOf = (itemId: number) => c.knex()('stock_units').where({ item_id: itemId }).orderBy('id');
const transfersOf = (paymentId: string) => c.knex()('bank_transfer_refunds').where({ payment_id: paymentId });

async function slipOf(who: Caller, paymentId: string) {
  return body(await c.call('GET', `/api/v1/payments/${paymentId}`, who)).data.konbini as {
    receiptUrl: string;
    deadline: string;
  };
}

async function payAtStore(receiptUrl: string) {
  const page = await flow.http('GET', receiptUrl);
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
  return flow.http('POST', new URL(action, receiptUrl).toString(), {
    body: 'decision=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}
const deliver = () => flow.http('POST', '/sandbox/notifications/deliver');

async function finance(parkId: number) {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role: 'finance' });
  return user;
}

/** A konbini order of `adults` adult tickets (1,000 yen each) 10 days ahead, paid at the store; the item's policy charges `rate` %. */
async function paidKonbini(adults: number, rate: number) {
  const buyer = await c.user();
  const item = await c.makeItem({ rewardCoins: 0 });
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 30, charge_rate: rate });
  await c.addToCart(buyer, item, adults, 0, 10);
  const o = await flow.placed(buyer, item.parkId, { payment_method: PaymentMethod.Konbini, convenience: LAWSON });
  await payAtStore((await slipOf(buyer, o.payment.paymentId)).receiptUrl);
  await deliver();
  expect(await payment(o.payment.paymentId)).toMatchObject({ state: 'captured' });
  const ids = (await c.knex()('tickets').where({ order_id: o.orderId }).orderBy('id').pluck('id')) as string[];
  expect(ids).toHaveLength(adults);
  return { buyer, item, orderId: o.orderId, paymentId: o.payment.paymentId, ids };
}

async function problemsOf(orderId: number) {
  return (await findProblems(c.knex(), new Date(clock().now().getTime() + 3_600_000))).filter(
    (p) => p.orderId === orderId,
  );
}

const cancel = (who: Caller, ids: string[]) =>
  c.call('POST', '/api/v1/me/tickets/cancellations', who, { ticket_ids: ids });
const setAccount = (who: Caller, id: string, account: object) =>
  c.call('PUT', `/api/v1/me/bank-transfers/${id}/account`, who, account);
const mark = (who: Caller, parkId: number, id: string, on = tokyoDate(clock().now())) =>
  c.call('POST', `/api/v1/staff/parks/${parkId}/bank-transfers/${id}/transferred`, who, { transferred_on: on });

describe('konbini give-back by bank transfer', () => {
  it('a cancellation at 0 % owes the whole amount by transfer; account -> ready; finance marks it -> refunded, books clean', async () => {
    const { buyer, item, orderId, paymentId, ids } = await paidKonbini(2, 0);

    // The quote says the refund comes by bank transfer.
    const quote = await c.call('GET', `/api/v1/me/tickets/cancellation-quote?ticket_ids=${ids.join(',')}`, buyer);
    expect(quote.statusCode, quote.payload).toBe(200);
    expect(body(quote).data).toMatchObject({ refundAmount: 2000, fee: 0, refundByBankTransfer: true });

    const res = await cancel(buyer, ids);
    expect(res.statusCode, res.payload).toBe(200);
    const answer = body(res).data;
    expect(answer.quote).toMatchObject({ refundAmount: 2000, refundByBankTransfer: true });
    expect(answer.bankTransfer).toMatchObject({ amount: 2000, state: 'awaiting_account' });
    const transferId = answer.bankTransfer.id as string;

    // Tickets cancelled, places back, payment still captured (nothing asked of GMO), the transfer owed.
    expect(await c.knex()('tickets').where({ order_id: orderId }).pluck('state')).toEqual(['cancelled', 'cancelled']);
    expect((await unitsOf(item.id))[0]).toMatchObject({ sold: 0, held: 0 });
    expect(await payment(paymentId)).toMatchObject({ state: 'captured', refundedAmount: 0 });
    expect(await c.knex()('payment_refunds').where({ payment_id: paymentId })).toHaveLength(0);
    expect(await transfersOf(paymentId)).toMatchObject([
      { id: transferId, amount: 2000, state: 'awaiting_account', reason: 'cancellation', orderId },
    ]);
    expect(await problemsOf(orderId)).toEqual([]);

    // Told in the inbox and by mail (ja), with the page to enter the account.
    const inbox = body(await c.call('GET', '/api/v1/me/notifications', buyer)).data as {
      kind: string;
      navigate: string;
    }[];
    expect(inbox.find((n) => n.kind === 'bankTransferOwed')?.navigate).toBe(`/my-tickets/refunds/${transferId}`);
    await ctx().server.plugins.jobs.runOnce();
    const mail = await smtp().latest(buyer.email as string, 10_000);
    expect(mail.subject).toContain('返金口座');

    // The owner reads it (no account yet); sets the account -> ready.
    const own = await c.call('GET', `/api/v1/me/bank-transfers/${transferId}`, buyer);
    expect(own.statusCode, own.payload).toBe(200);
    expect(body(own).data).toMatchObject({ id: transferId, amount: 2000, state: 'awaiting_account', account: null });
    const set = await setAccount(buyer, transferId, ACCOUNT);
    expect(set.statusCode, set.payload).toBe(200);
    // The bank and branch come back by name from the Zengin list; the holder as banks take it (half-width kana).
    expect(body(set).data).toMatchObject({
      state: 'ready',
      account: {
        bankCode: '0001',
        bankName: 'みずほ',
        branchCode: '001',
        branchName: '東京営業部',
        numberEnding: '567',
        holderKana: 'ﾔﾏﾀﾞ ﾊﾅｺ',
      },
    });
    // The owner's answers never carry the whole number back.
    expect(set.payload).not.toContain('1234567');
    expect(await problemsOf(orderId)).toEqual([]);
    // Nor does any other answer about the order, nor the audit trail (finance reads it from its list only).
    for (const url of [`/api/v1/payments/${paymentId}`, '/api/v1/me/notifications', '/api/v1/me/tickets']) {
      const res = await c.call('GET', url, buyer);
      expect(res.statusCode, url).toBe(200);
      expect(res.payload, url).not.toContain('1234567');
    }
    const trail = await c.knex()('audit_logs').where({ entity: 'bank_transfer', entity_id: transferId });
    expect(JSON.stringify(trail)).not.toContain('1234567');

    // Finance sees it with the account, and the CSV.
    const staff = await finance(item.parkId);
    const parkOrder = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/orders/${orderId}`, staff);
    expect(parkOrder.statusCode).toBe(200);
    expect(parkOrder.payload).not.toContain('1234567');
    const list = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/bank-transfers?state=ready`, staff);
    expect(list.statusCode, list.payload).toBe(200);
    expect(body(list).data).toContainEqual(
      expect.objectContaining({
        id: transferId,
        amount: 2000,
        state: 'ready',
        orderId,
        account: expect.objectContaining({ bankCode: '0001', accountNumber: '1234567', holderKana: 'ﾔﾏﾀﾞ ﾊﾅｺ' }),
      }),
    );
    const csv = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/bank-transfers.csv`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.payload).toContain('1234567');
    // Not for the visitor nor for other staff roles.
    expect((await c.call('GET', `/api/v1/staff/parks/${item.parkId}/bank-transfers`, buyer)).statusCode).toBe(403);

    // Not on a day still to come.
    const future = await mark(staff, item.parkId, transferId, '2099-01-01');
    expect(future.statusCode).toBe(400);
    expect(body(future).meta.message).toContain('transferred_on');
    // Mark transferred: payment refunded to the yen, books clean; a second mark is 409 and changes nothing.
    const done = await mark(staff, item.parkId, transferId);
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data).toMatchObject({ state: 'transferred' });
    expect(await payment(paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 2000 });
    expect(await c.knex()('payment_refunds').where({ payment_id: paymentId })).toMatchObject([
      { amount: 2000, state: 'succeeded' },
    ]);
    expect(await orderOf(orderId)).toMatchObject({ state: 'cancelled' });
    expect(await problemsOf(orderId)).toEqual([]);
    const again = await mark(staff, item.parkId, transferId);
    expect(again.statusCode).toBe(409);
    expect(body(again).meta.code).toBe('bankTransferDone');
    expect(await payment(paymentId)).toMatchObject({ refundedAmount: 2000 });
    expect(
      await c.knex()('audit_logs').where({ entity: 'bank_transfer', entity_id: transferId, action: 'transferred' }),
    ).toHaveLength(1);
    // The account cannot change after the transfer.
    expect((await setAccount(buyer, transferId, ACCOUNT)).statusCode).toBe(409);
  });

  it('at a partial fee the transfer owed is the refund; another user gets 404; bad input 400 naming the field', async () => {
    const { buyer, item, orderId, paymentId, ids } = await paidKonbini(2, 30);
    const res = await cancel(buyer, [ids[0] as string]);
    expect(res.statusCode, res.payload).toBe(200);
    const answer = body(res).data;
    expect(answer.quote).toMatchObject({ fee: 300, refundAmount: 700, refundByBankTransfer: true });
    const transferId = answer.bankTransfer.id as string;
    expect(await transfersOf(paymentId)).toMatchObject([{ amount: 700, state: 'awaiting_account' }]);
    expect(await orderOf(orderId)).toMatchObject({ state: 'partially_cancelled' });
    expect(await problemsOf(orderId)).toEqual([]);

    const other = await c.user();
    expect((await c.call('GET', `/api/v1/me/bank-transfers/${transferId}`, other)).statusCode).toBe(404);
    // My Tickets' panel: the owner's open transfers, nobody else's.
    expect(body(await c.call('GET', '/api/v1/me/bank-transfers', buyer)).data).toMatchObject([
      { id: transferId, amount: 700, state: 'awaiting_account' },
    ]);
    expect(body(await c.call('GET', '/api/v1/me/bank-transfers', other)).data).toEqual([]);
    expect((await setAccount(other, transferId, ACCOUNT)).statusCode).toBe(404);

    // Each refused field is named, in ja and en (the label and the field's key), and nothing is written.
    const LABEL = {
      bank_code: ['銀行コード', 'bank code'],
      branch_code: ['支店コード', 'branch code'],
      account_type: ['口座種別', 'account type'],
      account_number: ['口座番号', 'account number'],
      holder_kana: ['口座名義', 'account holder'],
    } as const;
    for (const [field, value] of [
      ['account_number', '12345678'],
      ['account_number', '12a'],
      ['holder_kana', 'Yamada Hanako'],
      ['holder_kana', '山田花子'],
      ['holder_kana', 'やまだ はなこ'],
      ['account_type', 'savings'],
      ['bank_code', '123'],
      ['bank_code', '12345'],
      ['bank_code', '１２３４'],
      ['branch_code', '12'],
      ['branch_code', '1234'],
      // Not on the Zengin list.
      ['bank_code', '9998'],
      ['branch_code', '999'],
    ] as const) {
      for (const lang of ['ja', 'en'] as const) {
        const bad = await setAccount({ ...buyer, lang }, transferId, { ...ACCOUNT, [field]: value });
        expect(bad.statusCode, `${field}=${value}`).toBe(400);
        const text = body(bad).meta.message as string;
        expect(text, `${field} ${lang}`).toContain(field);
        expect(text.toLowerCase(), `${field} ${lang}`).toContain(LABEL[field][lang === 'ja' ? 0 : 1]);
      }
    }
    expect((await setAccount(buyer, transferId, { ...ACCOUNT, bank_code: undefined })).statusCode).toBe(400);
    expect(await transfersOf(paymentId)).toMatchObject([
      { state: 'awaiting_account', accountNumber: null, bankCode: null, holderKana: null },
    ]);

    // Not ready yet: finance cannot mark it.
    const staff = await finance(item.parkId);
    const early = await mark(staff, item.parkId, transferId);
    expect(early.statusCode).toBe(409);
    expect(body(early).meta.code).toBe('bankAccountMissing');

    // The second ticket at the same rate: a second transfer; both marked -> refunded 1,400 of 2,000.
    const second = body(await cancel(buyer, [ids[1] as string])).data;
    expect(second.bankTransfer).toMatchObject({ amount: 700 });
    for (const id of [transferId, second.bankTransfer.id as string]) {
      expect((await setAccount(buyer, id, ACCOUNT)).statusCode).toBe(200);
      expect((await mark(staff, item.parkId, id)).statusCode).toBe(200);
    }
    expect(await payment(paymentId)).toMatchObject({ state: 'partially_refunded', refundedAmount: 1400 });
    expect(await problemsOf(orderId)).toEqual([]);
  });

  it('a 100 % fee refunds nothing: cancelled at once, no transfer, no account asked', async () => {
    const { buyer, orderId, paymentId, ids } = await paidKonbini(1, 100);
    const res = await cancel(buyer, ids);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data.quote).toMatchObject({ refundAmount: 0, refundByBankTransfer: false });
    expect(body(res).data.bankTransfer).toBeNull();
    expect(await transfersOf(paymentId)).toHaveLength(0);
    expect(await c.knex()('tickets').where({ order_id: orderId }).pluck('state')).toEqual(['cancelled']);
    expect(await problemsOf(orderId)).toEqual([]);
  });

  it("the park's whole-order refund of a konbini order owes a transfer of everything", async () => {
    const { item, orderId, paymentId } = await paidKonbini(2, 100);
    const staff = await finance(item.parkId);
    const res = await c.call('POST', `/api/v1/staff/parks/${item.parkId}/orders/${orderId}/refunds`, staff, {
      reason: '臨時休園',
    });
    expect(res.statusCode, res.payload).toBe(200);
    expect(await transfersOf(paymentId)).toMatchObject([{ amount: 2000, reason: 'park_refund' }]);
    expect(await problemsOf(orderId)).toEqual([]);
    // The park's order page does not carry the account details.
    const order = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/orders/${orderId}`, staff);
    expect(order.statusCode).toBe(200);
  });

  it('two concurrent cancellations owe once; two concurrent marks transfer once', async () => {
    const { buyer, item, paymentId, ids } = await paidKonbini(2, 0);
    const [a, b] = await Promise.all([cancel(buyer, ids), cancel(buyer, ids)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await transfersOf(paymentId);
    expect(rows).toHaveLength(1);
    const id = rows[0].id as string;
    expect((await setAccount(buyer, id, ACCOUNT)).statusCode).toBe(200);
    const staff = await finance(item.parkId);
    const marks = await Promise.all([mark(staff, item.parkId, id), mark(staff, item.parkId, id)]);
    expect(marks.map((m) => m.statusCode).sort()).toEqual([200, 409]);
    expect(await payment(paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 2000 });
    expect(await c.knex()('payment_refunds').where({ payment_id: paymentId })).toHaveLength(1);
  });

  it('a late store payment with its places gone owes a transfer (never a provider refund); with places free it is fulfilled', async () => {
    // Places still free: fulfilled as before.
    const early = await c.user();
    const free = await c.makeItem({ capacity: 2 });
    await c.addToCart(early, free, 1, 0, 10);
    const o1 = await flow.placed(early, free.parkId, { payment_method: PaymentMethod.Konbini, convenience: LAWSON });
    const slip1 = await slipOf(early, o1.payment.paymentId);
    await ctx().server.plugins.jobs.runOnce(new Date(new Date(slip1.deadline).getTime() + 1000));
    await payAtStore(slip1.receiptUrl);
    await deliver();
    expect(await orderOf(o1.orderId)).toMatchObject({ state: 'paid' });
    expect(await transfersOf(o1.payment.paymentId)).toHaveLength(0);

    // Places gone.
    const late = await c.user();
    const item = await c.makeItem({ capacity: 1 });
    const date = await c.openDate(item.id, 10);
    const add = (who: Caller) =>
      c.call('POST', '/api/v1/carts', who, { item_id: item.id, date, quantities: [{ age_group_id: 5, quantity: 1 }] });
    expect((await add(late)).statusCode).toBe(201);
    const o2 = await flow.placed(late, item.parkId, { payment_method: PaymentMethod.Konbini, convenience: LAWSON });
    const slip2 = await slipOf(late, o2.payment.paymentId);
    const after = new Date(new Date(slip2.deadline).getTime() + 1000);
    await ctx().server.plugins.jobs.runOnce(after);
    expect((await add(await c.user())).statusCode).toBe(201);
    await payAtStore(slip2.receiptUrl);
    await deliver();
    expect(await payment(o2.payment.paymentId)).toMatchObject({ state: 'captured', failureReason: 'places_gone' });
    // The give-back job, twice at once (two instances): one transfer owed, nothing asked of GMO.
    await Promise.all([ctx().server.plugins.jobs.runOnce(after), ctx().server.plugins.jobs.runOnce(after)]);
    await ctx().server.plugins.jobs.runOnce(after);
    const rows = await transfersOf(o2.payment.paymentId);
    expect(rows).toMatchObject([{ amount: 1000, state: 'awaiting_account', reason: 'places_gone' }]);
    expect(await c.knex()('payment_refunds').where({ payment_id: o2.payment.paymentId })).toHaveLength(0);
    expect(await problemsOf(o2.orderId)).toEqual([]);
    const inbox = body(await c.call('GET', '/api/v1/me/notifications', late)).data as { kind: string }[];
    expect(inbox.map((n) => n.kind)).toContain('bankTransferOwed');

    // Up to 7 digits (stored with leading zeros, as banks number accounts); full-width katakana stored half-width.
    const short = await setAccount(late, rows[0].id, {
      ...ACCOUNT,
      account_number: '4567',
      holder_kana: 'サトウ　タロウ',
    });
    expect(short.statusCode, short.payload).toBe(200);
    expect(await transfersOf(o2.payment.paymentId)).toMatchObject([
      { accountNumber: '0004567', holderKana: 'ｻﾄｳ ﾀﾛｳ', bankCode: '0001', branchCode: '001', bankNameKana: 'ﾐｽﾞﾎ' },
    ]);
    const staff = await finance(item.parkId);
    expect((await mark(staff, item.parkId, rows[0].id)).statusCode).toBe(200);
    expect(await payment(o2.payment.paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 1000 });
    expect(await problemsOf(o2.orderId)).toEqual([]);
  });
});
