// Running konbini refunds by bank transfer at a park (konbiniGiveBack.test.ts has the give-back itself):
// - a buyer who never enters an account is reminded 3 and 10 days after (inbox, push, mail; ja and en), each once,
//   even when two sweeps run at once; finance sees those long-waiting ones (days, reminders, waiting=long);
// - the ready transfers download as a Zengin 総合振込 file from the park's remitting account (owner-only, checked
//   field by field);
// - the daily report counts a refund owed by bank transfer on the day it was transferred, not the cancellation's.
// Over real HTTP with the GMO CVS sandbox and the test clock. PGlite, and PostgreSQL with DATABASE_URL.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../../common/enums';
import { addDays, tokyoDate } from '../../common/time';
import { remindBankAccounts } from '../features/payments/services/remindBankAccounts';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, ctx, smtp, flow, clock } = commerceServer();
oneTokyoDayPerTest();

const LAWSON = '10001';
const DAY = 86_400_000;
/** みずほ銀行 東京営業部 on the Zengin list. */
const ACCOUNT = {
  bank_code: '0001',
  branch_code: '001',
  account_type: 'ordinary',
  account_number: '1234567',
  holder_kana: 'ヤマダ ハナコ',
};
/** 三井住友銀行 大阪本店営業部 (0009 / 101 on the Zengin list). */
const REMITTER = {
  consignor_code: '1234567890',
  consignor_name: 'カ）ズーパス',
  bank_code: '0009',
  branch_code: '101',
  account_type: 'current',
  account_number: '42',
};

async function slipOf(who: Caller, paymentId: string) {
  return body(await c.call('GET', `/api/v1/payments/${paymentId}`, who)).data.konbini as { receiptUrl: string };
}
async function payAtStore(receiptUrl: string) {
  const page = await flow.http('GET', receiptUrl);
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
  return flow.http('POST', new URL(action, receiptUrl).toString(), {
    body: 'decision=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function staffOf(parkId: number, role: 'finance' | 'owner') {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

/** A konbini order of 2 adult tickets (1,000 yen each), paid at the store, cancelled at 0 %: 2,000 owed by transfer. */
async function owedTransfer(o: { item?: Awaited<ReturnType<typeof c.makeItem>>; lang?: 'ja' | 'en' } = {}) {
  const buyer = await c.user();
  if (o.lang === 'en') await c.knex()('users').where({ id: buyer.id }).update({ language: 1 });
  const item = o.item ?? (await c.makeItem({ rewardCoins: 0 }));
  if (!o.item)
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 30, charge_rate: 0 });
  await c.addToCart(buyer, item, 2, 0, 10);
  const placed = await flow.placed(buyer, item.parkId, { payment_method: PaymentMethod.Konbini, convenience: LAWSON });
  await payAtStore((await slipOf(buyer, placed.payment.paymentId)).receiptUrl);
  await flow.http('POST', '/sandbox/notifications/deliver');
  const ids = (await c.knex()('tickets').where({ order_id: placed.orderId }).pluck('id')) as string[];
  const res = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: ids });
  expect(res.statusCode, res.payload).toBe(200);
  const transferId = body(res).data.bankTransfer.id as string;
  return {
    buyer: { ...buyer, lang: o.lang ?? 'ja' } as Caller & { id: number; email: string },
    item,
    transferId,
    orderId: placed.orderId,
  };
}

const remindersOf = async (who: Caller) =>
  (
    body(await c.call('GET', '/api/v1/me/notifications', who)).data as {
      kind: string;
      navigate: string;
      title: string;
    }[]
  ).filter((n) => n.kind === 'bankAccountReminder');
const sweep = (at: Date) => ctx().server.plugins.jobs.runOnce(at, ['remindBankAccounts']);
const reminderRows = (id: string) =>
  c.knex()('bank_transfer_reminders').where({ transfer_id: id }).orderBy('days_after').pluck('days_after');

describe('reminders to enter a refund account', () => {
  it('reminds after 3 and after 10 days, once each (inbox, push, mail in the buyer’s language); finance sees the long wait', async () => {
    const { buyer, item, transferId } = await owedTransfer();
    const english = await owedTransfer({ item, lang: 'en' });
    await c
      .knex()('push_subscriptions')
      .insert({
        user_id: buyer.id,
        endpoint: `https://push.invalid/refund-${transferId}`,
        p256dh: 'BOr5',
        auth: 'x',
      });
    // Owed at 10:00 Tokyo, three days... before the clock's days below.
    const owedAt = new Date(`${addDays(tokyoDate(), -20)}T10:00:00+09:00`);
    await c
      .knex()('bank_transfer_refunds')
      .whereIn('id', [transferId, english.transferId])
      .update({ created_at: owedAt });
    const at = (ms: number) => new Date(owedAt.getTime() + ms);
    try {
      // Not before 3 days.
      await sweep(at(3 * DAY - 60_000));
      expect(await remindersOf(buyer)).toHaveLength(0);
      // 3 days: one reminder, however many sweeps run (two of them at once).
      clock().set(at(3 * DAY));
      await Promise.all([remindBankAccounts(c.knex(), at(3 * DAY)), remindBankAccounts(c.knex(), at(3 * DAY))]);
      await sweep(at(3 * DAY + 60_000));
      let told = await remindersOf(buyer);
      expect(told).toHaveLength(1);
      expect(told[0]?.navigate).toBe(`/my-tickets/refunds/${transferId}`);
      expect(told[0]?.title).toContain('返金先の口座');
      expect(await reminderRows(transferId)).toEqual([3]);
      const pushJobs = await c.knex().raw(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'pushDelivery' AND data->>'notificationId' IN (
          SELECT id::text FROM notifications WHERE user_id = ? AND kind = 'bankAccountReminder')`,
        [buyer.id],
      );
      expect(Number((pushJobs.rows ?? pushJobs)[0].n)).toBe(1);
      const mails = () => smtp().mails.filter((m) => m.to === buyer.email && m.subject.includes('再送'));
      expect(mails()).toHaveLength(1);
      expect(mails()[0]?.text).toContain(`/my-tickets/refunds/${transferId}`);
      expect(mails()[0]?.text).toContain('3日');
      // In English for an English-speaking buyer.
      const en = await remindersOf(english.buyer);
      expect(en).toHaveLength(1);
      expect(en[0]?.title).toContain('Reminder');
      expect(smtp().mails.filter((m) => m.to === english.buyer.email && m.subject.includes('Reminder'))).toHaveLength(
        1,
      );

      // Finance: the long-waiting ones, with days waited and reminders sent; waiting=long lists only those.
      const staff = await staffOf(item.parkId, 'finance');
      const fresh = await owedTransfer({ item });
      const long = body(await c.call('GET', `/api/v1/staff/parks/${item.parkId}/bank-transfers?waiting=long`, staff))
        .data as { id: string; daysWithoutAccount: number; remindersSent: number[] }[];
      expect(long.map((t) => t.id).sort()).toEqual([transferId, english.transferId].sort());
      expect(long.find((t) => t.id === transferId)).toMatchObject({ daysWithoutAccount: 3, remindersSent: [3] });
      const all = body(await c.call('GET', `/api/v1/staff/parks/${item.parkId}/bank-transfers`, staff)).data as {
        id: string;
        daysWithoutAccount: number;
      }[];
      expect(all.find((t) => t.id === fresh.transferId)).toMatchObject({ daysWithoutAccount: 0 });

      // Nobody is woken up: at 3:00 Tokyo on day 10, nothing; at 10 days in the day, the second reminder, once.
      await sweep(new Date(`${tokyoDate(at(10 * DAY + 17 * 3600_000))}T03:00:00+09:00`));
      expect(await reminderRows(transferId)).toEqual([3]);
      // The English buyer enters an account meanwhile: no more reminders for them.
      expect(
        (await c.call('PUT', `/api/v1/me/bank-transfers/${english.transferId}/account`, english.buyer, ACCOUNT))
          .statusCode,
      ).toBe(200);
      await Promise.all([sweep(at(10 * DAY)), remindBankAccounts(c.knex(), at(10 * DAY))]);
      await sweep(at(12 * DAY));
      expect(await reminderRows(transferId)).toEqual([3, 10]);
      expect(await reminderRows(english.transferId)).toEqual([3]);
      told = await remindersOf(buyer);
      expect(told).toHaveLength(2);
      expect(mails()).toHaveLength(2);
      expect(mails()[1]?.text).toContain('10日');
    } finally {
      clock().reset();
    }
  });

  it('a transfer first seen past 10 days gets only the 10-day reminder', async () => {
    const { buyer, transferId } = await owedTransfer();
    const owedAt = new Date(`${addDays(tokyoDate(), -30)}T10:00:00+09:00`);
    await c.knex()('bank_transfer_refunds').where({ id: transferId }).update({ created_at: owedAt });
    const at = new Date(owedAt.getTime() + 15 * DAY);
    const runs = await Promise.all([remindBankAccounts(c.knex(), at), remindBankAccounts(c.knex(), at)]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    expect(await reminderRows(transferId)).toEqual([10]);
    expect(await remindersOf(buyer)).toHaveLength(1);
  });
});

/** The records of a Zengin file: 120 bytes each, CRLF after each. */
function records(file: Buffer): Buffer[] {
  expect(file.length % 122).toBe(0);
  const out: Buffer[] = [];
  for (let at = 0; at < file.length; at += 122) {
    expect(file.subarray(at + 120, at + 122).toString('ascii')).toBe('\r\n');
    out.push(file.subarray(at, at + 120));
  }
  return out;
}

describe('Zengin transfer file', () => {
  it("needs the park's remitting account (owner only, checked field by field), then holds the ready transfers", async () => {
    const { buyer, item, transferId } = await owedTransfer();
    const other = await owedTransfer({ item });
    const finance = await staffOf(item.parkId, 'finance');
    const owner = await staffOf(item.parkId, 'owner');
    const today = tokyoDate(clock().now());
    // The demo park is every test's: transfers other tests left ready are out of this one's file.
    await c
      .knex()('bank_transfer_refunds')
      .where({ park_id: item.parkId, state: 'ready' })
      .update({ state: 'transferred', transferred_on: today });
    const download = (who: Caller, date = today) =>
      c.call('GET', `/api/v1/staff/parks/${item.parkId}/bank-transfers.zengin?transfer_date=${date}`, who);

    // No remitting account yet.
    const missing = await download(finance);
    expect(missing.statusCode).toBe(409);
    expect(body(missing).meta.code).toBe('remitterAccountMissing');
    // Only the owner reads or sets it.
    const remitterUrl = `/api/v1/staff/parks/${item.parkId}/remitter-account`;
    expect((await c.call('PUT', remitterUrl, finance, REMITTER)).statusCode).toBe(403);
    expect((await c.call('GET', remitterUrl, finance)).statusCode).toBe(403);
    expect(body(await c.call('GET', remitterUrl, owner)).data).toBeNull();
    for (const [field, value, ja, en] of [
      ['consignor_code', '12345', '委託者コード', 'consignor code'],
      ['consignor_name', '株式会社ズーパス', '委託者名', 'consignor name'],
      ['consignor_name', 'ずーぱす', '委託者名', 'consignor name'],
      ['bank_code', '009', '銀行コード', 'bank code'],
      ['bank_code', '9998', '銀行コード', 'bank code'],
      ['branch_code', '1000', '支店コード', 'branch code'],
      ['branch_code', '999', '支店コード', 'branch code'],
      ['account_type', 'savings', '口座種別', 'account type'],
      ['account_number', '12345678', '口座番号', 'account number'],
    ] as const) {
      for (const lang of ['ja', 'en'] as const) {
        const bad = await c.call('PUT', remitterUrl, { ...owner, lang }, { ...REMITTER, [field]: value });
        expect(bad.statusCode, `${field}=${value}`).toBe(400);
        const text = body(bad).meta.message as string;
        expect(text).toContain(field);
        expect(text.toLowerCase()).toContain(lang === 'ja' ? ja : en);
      }
    }
    expect(await c.knex()('park_remitter_accounts').where({ park_id: item.parkId })).toHaveLength(0);
    const set = await c.call('PUT', remitterUrl, owner, REMITTER);
    expect(set.statusCode, set.payload).toBe(200);
    expect(body(set).data).toMatchObject({
      consignorCode: '1234567890',
      consignorName: 'ｶ)ｽﾞ-ﾊﾟｽ',
      bankCode: '0009',
      bankName: '三井住友',
      branchCode: '101',
      branchName: '大阪本店営業部',
      accountType: 'current',
      accountNumber: '0000042',
    });

    // Nothing ready yet.
    const none = await download(finance);
    expect(none.statusCode).toBe(409);
    expect(body(none).meta.code).toBe('zenginNothingReady');
    // Both enter accounts; one of them is also left without codes (entered before codes were asked).
    expect((await c.call('PUT', `/api/v1/me/bank-transfers/${transferId}/account`, buyer, ACCOUNT)).statusCode).toBe(
      200,
    );
    expect(
      (
        await c.call('PUT', `/api/v1/me/bank-transfers/${other.transferId}/account`, other.buyer, {
          ...ACCOUNT,
          account_number: '765',
          holder_kana: 'スズキ　ジロウ',
        })
      ).statusCode,
    ).toBe(200);
    const third = await owedTransfer({ item });
    expect(
      (await c.call('PUT', `/api/v1/me/bank-transfers/${third.transferId}/account`, third.buyer, ACCOUNT)).statusCode,
    ).toBe(200);
    await c
      .knex()('bank_transfer_refunds')
      .where({ id: third.transferId })
      .update({ bank_code: null, branch_code: null });

    // Not for a day gone; not for the visitor.
    expect((await download(finance, addDays(today, -1))).statusCode).toBe(400);
    expect((await download(buyer)).statusCode).toBe(403);
    const res = await c.call(
      'GET',
      `/api/v1/staff/parks/${item.parkId}/bank-transfers.zengin?transfer_date=${addDays(today, 1)}`,
      finance,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('zengin');
    expect(res.headers['x-zengin-count']).toBe('2');
    expect(res.headers['x-zengin-total']).toBe('4000');
    expect(res.headers['x-zengin-skipped']).toBe('1');
    const [header, ...rest] = records(res.rawPayload);
    const end = rest.pop() as Buffer;
    const trailer = rest.pop() as Buffer;
    const sj = (b: Buffer, from: number, n: number) => iconv.decode(b.subarray(from, from + n), 'Shift_JIS');
    expect(sj(header as Buffer, 0, 4)).toBe('1210');
    expect(sj(header as Buffer, 4, 10)).toBe('1234567890');
    expect(sj(header as Buffer, 14, 40).trimEnd()).toBe('ｶ)ｽﾞ-ﾊﾟｽ');
    expect(sj(header as Buffer, 54, 4)).toBe(addDays(today, 1).slice(5).replace('-', ''));
    expect(sj(header as Buffer, 58, 4)).toBe('0009');
    expect(sj(header as Buffer, 62, 15).trimEnd()).toBe('ﾐﾂｲｽﾐﾄﾓ');
    expect(sj(header as Buffer, 77, 3)).toBe('101');
    expect(sj(header as Buffer, 80, 15).trimEnd()).toBe('ｵｵｻｶﾎﾝﾃﾝ');
    expect(sj(header as Buffer, 95, 8)).toBe('20000042');
    expect(rest).toHaveLength(2);
    const holders = rest.map((r) => sj(r, 50, 30).trimEnd()).sort();
    expect(holders).toEqual(['ｽｽﾞｷ ｼﾞﾛｳ', 'ﾔﾏﾀﾞ ﾊﾅｺ']);
    for (const r of rest) {
      expect(sj(r, 0, 5)).toBe('20001');
      expect(sj(r, 5, 15).trimEnd()).toBe('ﾐｽﾞﾎ');
      expect(sj(r, 20, 3)).toBe('001');
      expect(sj(r, 80, 10)).toBe('0000002000');
    }
    expect(rest.map((r) => sj(r, 42, 8)).sort()).toEqual(['10000765', '11234567']);
    expect(sj(trailer, 0, 19)).toBe('8000002000000004000');
    expect(sj(end, 0, 1)).toBe('9');

    // Downloading changes nothing: still ready until finance marks each.
    expect(
      await c.knex()('bank_transfer_refunds').whereIn('id', [transferId, other.transferId]).pluck('state'),
    ).toEqual(['ready', 'ready']);
  });
});

describe('daily report', () => {
  it('counts a refund owed by bank transfer on the day it was transferred, not on the cancellation’s day', async () => {
    const { buyer, item, transferId } = await owedTransfer();
    const finance = await staffOf(item.parkId, 'finance');
    const today = tokyoDate(clock().now());
    const cancelledOn = addDays(today, -2);
    // The cancellation (and the debt) two days ago.
    const cancelledAt = new Date(`${cancelledOn}T11:00:00+09:00`);
    await c.knex()('cancellations').where({ id: transferId }).update({ created_at: cancelledAt });
    await c.knex()('bank_transfer_refunds').where({ id: transferId }).update({ created_at: cancelledAt });
    const report = async (from: string, to = from) =>
      body(
        await c.call('GET', `/api/v1/staff/parks/${item.parkId}/reports/daily?from=${from}&to=${to}`, finance),
      ).data.rows.find((r: { itemId: number }) => r.itemId === item.id) as
        | { cancelledPlaces: number; refundAmount: number }
        | undefined;

    // Owed, not transferred: the places are cancelled that day, no money went out.
    expect(await report(cancelledOn)).toMatchObject({ cancelledPlaces: 2, refundAmount: 0 });
    // (Today has the sale.)
    expect(await report(today)).toMatchObject({ soldPlaces: 2, cancelledPlaces: 0, refundAmount: 0 });

    expect((await c.call('PUT', `/api/v1/me/bank-transfers/${transferId}/account`, buyer, ACCOUNT)).statusCode).toBe(
      200,
    );
    const mark = await c.call(
      'POST',
      `/api/v1/staff/parks/${item.parkId}/bank-transfers/${transferId}/transferred`,
      finance,
      { transferred_on: addDays(today, -1) },
    );
    expect(mark.statusCode, mark.payload).toBe(200);
    // The money goes out on the transfer day; the cancellation's day keeps its places and no refund.
    expect(await report(cancelledOn)).toMatchObject({ cancelledPlaces: 2, refundAmount: 0 });
    expect(await report(addDays(today, -1))).toMatchObject({ cancelledPlaces: 0, refundAmount: 2000 });
    expect(await report(today)).toMatchObject({ cancelledPlaces: 0, refundAmount: 0 });
    // Over the whole range, once.
    expect(await report(cancelledOn, today)).toMatchObject({ cancelledPlaces: 2, refundAmount: 2000 });
    // The CSV agrees.
    const csv = await c.call(
      'GET',
      `/api/v1/staff/parks/${item.parkId}/reports/daily.csv?date=${addDays(today, -1)}`,
      finance,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.payload).toContain('2000');
  });
});
