// Issue 31, receipts: every paid order has a qualified invoice (PDF, Noto Sans JP embedded) with the issuer's
// registration number, amounts and tax per rate, totals equal to the order and the payment; a refund has a credit
// note for its part; numbers per park without gaps under concurrent payments; only the owner gets them; the
// addressee is fixed by the first download and later downloads are marked 再発行. PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, flow } = commerceServer();
const REG = 'T7000012050002'; // the National Tax Agency's own corporate number, a valid check digit

async function pdfText(buf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((i) => ('str' in i ? i.str : '')).join('\n');
}

async function issuerSet(parkId: number) {
  await c.knex()('parks').where({ id: parkId }).update({
    invoice_issuer_ja: '株式会社テスト動物園',
    invoice_issuer_en: 'Test Zoo Co., Ltd.',
    invoice_address: '東京都台東区上野公園9-83',
    invoice_registration_number: REG,
  });
}

/** Buys adults (1,000 yen) and children (500 yen) of the item by card, paid at once; answers the order id. */
async function buy(who: Caller, item: { id: number; parkId: number }, adults: number, children = 0) {
  const date = addDays(c.today, 5);
  const quantities = [{ age_group_id: 5, quantity: adults }];
  if (children) quantities.push({ age_group_id: 2, quantity: children });
  const add = await c.call('POST', '/api/v1/carts', who, { item_id: item.id, date, quantities });
  expect(add.statusCode, add.payload).toBe(201);
  const o = await flow.placed(who, item.parkId, {
    payment_method: 1,
    card_token: await flow.tokenize('4111111111111111'),
  });
  expect(o.payment.kind).toBe('completed');
  return o.orderId;
}

const receipt = (who: Caller, orderId: number, lang: 'ja' | 'en' = 'ja') =>
  c.call('GET', `/api/v1/me/orders/${orderId}/receipt.pdf?lang=${lang}`, who);
const raw = (res: { rawPayload: Buffer }) => res.rawPayload;

describe('the receipt of a paid order (qualified invoice)', () => {
  it('names the issuer and registration number, amounts and tax per rate, and adds up to the order and payment', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const food = await c.makeItem();
    await c
      .knex()('items')
      .where({ id: food.id })
      .update({ tax_rate: 8, name_ja: 'ランチセット', name_en: 'Lunch set' });
    await issuerSet(item.parkId);
    const date = addDays(c.today, 5);
    for (const it of [item, food]) {
      const add = await c.call('POST', '/api/v1/carts', buyer, {
        item_id: it.id,
        date,
        quantities: [{ age_group_id: 5, quantity: it === item ? 3 : 1 }],
      });
      expect(add.statusCode, add.payload).toBe(201);
    }
    const o = await flow.placed(buyer, item.parkId, {
      payment_method: 1,
      card_token: await flow.tokenize('4111111111111111'),
    });
    expect(o.payment.kind).toBe('completed');
    const order = await c.knex()('orders').where({ id: o.orderId }).first();
    const payment = await c.knex()('payments').where({ id: order.paymentId }).first();

    const res = await receipt(buyer, o.orderId);
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(raw(res));
    expect(text).toContain(REG);
    expect(text).toContain('株式会社テスト動物園');
    expect(text).toContain('領収書（適格請求書）');
    // 3,000 yen at 10 % (tax 272, once per rate) and 1,000 yen at 8 % (tax 74).
    expect(text).toContain('10%対象 合計');
    expect(text).toContain('¥3,000');
    expect(text).toContain('¥272');
    expect(text).toContain('¥1,000');
    expect(text).toContain('¥74');
    expect(text).toContain('¥4,000');
    const inv = await c.knex()('invoices').where({ order_id: o.orderId }).first();
    expect(inv.total).toBe(order.total);
    expect(inv.total).toBe(payment.amount);
    expect(inv.byRate).toEqual([
      { rate: 10, amount: 3000, tax: 272 },
      { rate: 8, amount: 1000, tax: 74 },
    ]);
    // The embedded font is a subset (small), not the 5.5 MB TTF.
    expect(raw(res).length).toBeLessThan(200_000);

    const en = await pdfText(raw(await receipt(buyer, o.orderId, 'en')));
    expect(en).toContain('Receipt (qualified invoice)');
    expect(en).toContain('Test Zoo Co., Ltd.');
    expect(en).toContain('JPY 3,000');
  });

  it('answers 404 to another account, for the receipt, its name and credit notes', async () => {
    const buyer = await c.user();
    const other = await c.user();
    const item = await c.makeItem();
    const orderId = await buy(buyer, item, 1);
    expect((await receipt(other, orderId)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/v1/me/orders/${orderId}/receipt`, other)).statusCode).toBe(404);
    const put = await c.call('PUT', `/api/v1/me/orders/${orderId}/receipt-name`, other, { recipient_name: 'x' });
    expect(put.statusCode).toBe(404);
    expect((await c.call('GET', `/api/v1/me/orders/${orderId}/credit-notes/1.pdf`, other)).statusCode).toBe(404);
  });

  it('takes the addressee until the first download, then refuses it (ja, en) and marks later downloads 再発行', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const orderId = await buy(buyer, item, 1);
    const named = await c.call('PUT', `/api/v1/me/orders/${orderId}/receipt-name`, buyer, {
      recipient_name: '山田花子',
    });
    expect(named.statusCode, named.payload).toBe(200);
    const first = await pdfText(raw(await receipt(buyer, orderId)));
    expect(first).toContain('山田花子 様');
    expect(first).not.toContain('再発行');
    for (const lang of ['ja', 'en'] as const) {
      const late = await c.call(
        'PUT',
        `/api/v1/me/orders/${orderId}/receipt-name`,
        { ...buyer, lang },
        { recipient_name: '別名' },
      );
      expect(late.statusCode).toBe(409);
      expect(body(late).meta.code).toBe('receiptNameFixed');
      expect(body(late).meta.message).toContain(lang === 'ja' ? '宛名' : 'addressee');
    }
    const again = await pdfText(raw(await receipt(buyer, orderId)));
    expect(again).toContain('再発行');
    expect(again).toContain('山田花子 様');
    expect(await pdfText(raw(await receipt(buyer, orderId, 'en')))).toContain('REISSUE');
    const summary = body(await c.call('GET', `/api/v1/me/orders/${orderId}/receipt`, buyer)).data;
    expect(summary).toMatchObject({ recipientName: '山田花子', fixed: true });
  });
});

describe('a refund’s credit note', () => {
  it('cancelling one of two tickets issues a credit note equal to the refunded amount, referring to the invoice', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await issuerSet(item.parkId);
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 3, charge_rate: 0 });
    const orderId = await buy(buyer, item, 2);
    const [ticket] = await c.knex()('tickets').where({ order_id: orderId });
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [ticket.id] });
    expect(done.statusCode, done.payload).toBe(200);
    const order = await c.knex()('orders').where({ id: orderId }).first();
    const refunds = await c.knex()('payment_refunds').where({ payment_id: order.paymentId, state: 'succeeded' });
    expect(refunds.map((r: { amount: number }) => r.amount)).toEqual([1000]);
    const inv = await c.knex()('invoices').where({ order_id: orderId }).first();
    const notes = await c.knex()('credit_notes').where({ invoice_id: inv.id });
    expect(notes).toHaveLength(1);
    expect(notes[0].total).toBe(1000);
    expect(notes[0].byRate).toEqual([{ rate: 10, amount: 1000, tax: 90 }]);

    const res = await c.call('GET', `/api/v1/me/orders/${orderId}/credit-notes/${notes[0].id}.pdf`, buyer);
    expect(res.statusCode, res.payload).toBe(200);
    const text = await pdfText(raw(res));
    expect(text).toContain('返還インボイス');
    expect(text).toContain(REG);
    expect(text).toContain(`INV-${String(item.parkId).padStart(4, '0')}-${String(inv.number).padStart(7, '0')}`);
    expect(text).toContain('¥1,000');
    expect(text).toContain('¥90');
  });
});

describe('numbering per park', () => {
  it('has no gaps under 20 concurrent paid orders, and the register lists every number (CSV with BOM)', async () => {
    const item = await c.makeItem();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => c.user()));
    const orderIds = await Promise.all(buyers.map((b) => buy(b, item, 1)));
    const mine = await c.knex()('invoices').whereIn('order_id', orderIds).pluck('number');
    expect(mine).toHaveLength(20);
    const all = ((await c.knex()('invoices').where({ park_id: item.parkId }).pluck('number')) as number[]).sort(
      (a, b) => a - b,
    );
    expect(all).toEqual(all.map((_, i) => i + 1));
    const counter = await c.knex()('invoice_counters').where({ park_id: item.parkId, kind: 'invoice' }).first();
    expect(counter.lastNumber).toBe(all.length);

    const finance = await c.user();
    await c.knex()('park_staff').insert({ user_id: finance.id, park_id: item.parkId, role: 'finance' });
    const csv = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/invoices/register.csv?lang=ja`, finance);
    expect(csv.statusCode, csv.payload).toBe(200);
    expect(csv.payload.startsWith('\ufeff種別,番号')).toBe(true);
    const invoiceRows = csv.payload.split('\r\n').filter((l) => l.startsWith('適格請求書,'));
    expect(invoiceRows.map((l) => Number(l.split(',')[2]))).toEqual(all);
    const outsider = await c.user();
    expect((await c.call('GET', `/api/v1/staff/parks/${item.parkId}/invoices.csv`, outsider)).statusCode).toBe(403);
  });
});

describe('the park’s issuer settings', () => {
  it('refuses a registration number with a wrong check digit, naming the field in ja and en; keeps a right one', async () => {
    const item = await c.makeItem();
    const owner = await c.user();
    await c.knex()('park_staff').insert({ user_id: owner.id, park_id: item.parkId, role: 'owner' });
    const put = (number: string, lang: 'ja' | 'en') =>
      c.call(
        'PUT',
        `/api/v1/staff/parks/${item.parkId}/invoice-settings`,
        { ...owner, lang },
        {
          issuer_ja: '株式会社テスト動物園',
          issuer_en: 'Test Zoo Co., Ltd.',
          address: '東京都台東区',
          registration_number: number,
        },
      );
    for (const lang of ['ja', 'en'] as const) {
      const bad = await put('T8000012050002', lang);
      expect(bad.statusCode).toBe(400);
      expect(body(bad).meta.message).toContain('registration_number');
      expect(body(bad).meta.message).toContain(lang === 'ja' ? '登録番号' : 'registration number');
    }
    const good = await put('t7000012050002', 'ja');
    expect(good.statusCode, good.payload).toBe(200);
    expect(body(good).data.registrationNumber).toBe(REG);
  });
});
