import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireCoins } from '../features/orders/services/expireCoins';
import { body, commerce } from './commerceFixtures';
import { startSmtp } from './smtp';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const c = commerce(() => ctx);
const order = (who: Parameters<typeof c.call>[2], payload: object) => c.call('POST', '/api/v1/orders', who, payload);
const coins = async (who: Parameters<typeof c.call>[2]) =>
  body(await c.call('GET', '/api/v1/me/coins/current_coin', who)).data.balance as number;

describe('POST /api/v1/orders paid in full with coins', () => {
  it('sells the holds, issues one ticket per person, settles the coins, gives rewards, mails a receipt', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({ rewardCoins: 10 });
    const lineId = await c.addToCart(buyer, item, 1);
    expect(await coins(buyer)).toBe(500);

    const res = await order(buyer, { park_id: item.parkId, payment_method: 4, coins: 500, agreement: true });
    expect(res.statusCode, res.payload).toBe(400); // 500 coins for a 1,000 yen ticket still leaves 500 to pay
    expect(body(res).meta.code).toBe('paymentMethodInvalid');

    await c.call('PUT', '/api/v1/carts', buyer, {
      data: { lines: [{ id: lineId, quantities: [{ age_group_id: 2, quantity: 1 }] }] },
    });
    const paid = await order(buyer, { park_id: item.parkId, payment_method: 4, coins: 500, agreement: true });
    expect(paid.statusCode, paid.payload).toBe(201);
    const answer = body(paid).data;
    expect(answer.payment.kind).toBe('completed');
    expect(answer.applicationNumber).toMatch(/^ZP\d{6}-\d{6}$/);

    const detail = body(await c.call('GET', `/api/v1/orders/${answer.orderId}`, buyer)).data;
    expect(detail).toMatchObject({ state: 'paid', subtotal: 500, coinDiscount: 500, total: 0, amountPaid: 0 });
    expect(detail.lines[0].ticketNumbers).toHaveLength(1);
    const tickets = await c.knex()('tickets').where({ order_id: answer.orderId });
    expect(tickets).toHaveLength(1);
    const unit = await c.knex()('stock_units').where({ item_id: item.id }).first();
    expect(unit).toMatchObject({ sold: 1, held: 0 });
    expect(await coins(buyer)).toBe(10); // 500 - 500 + 10 reward
    const cart = body(await c.call('GET', `/api/v1/carts/${item.parkId}`, buyer)).data;
    expect(cart.lines ?? []).toHaveLength(0);
    const history = body(await c.call('GET', '/api/v1/me/coins/details', buyer)).data as { kind: string }[];
    expect(history.map((h) => h.kind).sort()).toEqual(['minus', 'plus', 'plus']);
    // The receipt is a durable job queued with the payment: nothing is mailed until the jobs run, then once.
    expect(smtp.count(buyer.email)).toBe(0);
    await ctx.server.plugins.jobs.runOnce();
    await ctx.server.plugins.jobs.runOnce();
    expect((await smtp.latest(buyer.email)).text).toContain(answer.applicationNumber);
    expect(smtp.count(buyer.email)).toBe(1);
  });

  it('hides the order from anyone else', async () => {
    const buyer = await c.user();
    const other = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 0, 1);
    const paid = body(await order(buyer, { park_id: item.parkId, payment_method: 4, coins: 500, agreement: true }));
    expect((await c.call('GET', `/api/v1/orders/${paid.data.orderId}`, other)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/v1/orders/${paid.data.orderId}`)).statusCode).toBe(401);
  });
});

describe('coin expiry', () => {
  it('expires what is left of a gift after its date, oldest coins spent first', async () => {
    const buyer = await c.user();
    expect(await coins(buyer)).toBe(500);
    const later = new Date(Date.now() + 400 * 86_400_000);
    await c
      .knex()('coin_entries')
      .insert([
        {
          user_id: buyer.id,
          kind: 'plus',
          reason: 'reward',
          amount: 100,
          expires_at: new Date(later.getTime() + 86_400_000),
        },
        { user_id: buyer.id, kind: 'minus', reason: 'order', amount: -450 },
      ]);
    expect(await coins(buyer)).toBe(150);
    await expireCoins(c.knex(), later);
    // The welcome gift had 50 left (the 450 spent came from it, the oldest); the newer reward stays.
    expect(await coins(buyer)).toBe(100);
    await expireCoins(c.knex(), later);
    expect(await coins(buyer)).toBe(100);
    const history = body(await c.call('GET', '/api/v1/me/coins/details', buyer)).data as {
      kind: string;
      amount: number;
    }[];
    expect(history.find((h) => h.kind === 'expired')?.amount).toBe(-50);
  });
});

describe('POST /api/v1/orders refusals change nothing', () => {
  it('refuses bad coins, coupons, missing agreement, missing profile, incomplete advance information, kids', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({
      advanceInfo: [{ key: 'name', kind: 'text', labelJa: 'お名前', labelEn: 'Name', required: true, maxLength: 40 }],
    });
    const lineId = await c.addToCart(buyer, item, 2);
    // The PWA learns what to ask from the cart line and the item detail.
    const cart = body(await c.call('GET', `/api/v1/carts/${item.parkId}`, buyer)).data as {
      lines: { id: number; advanceInfoFields: { key: string }[] }[];
    };
    expect(cart.lines.find((l) => l.id === lineId)?.advanceInfoFields.map((f) => f.key)).toEqual(['name']);
    const detail = body(await c.call('GET', `/api/v1/items/${item.id}`)).data as { advanceInfoFields: object[] };
    expect(detail.advanceInfoFields).toHaveLength(1);
    const base = { park_id: item.parkId, payment_method: 4, agreement: true };
    const code = async (payload: object, lang: 'ja' | 'en' = 'ja', who = buyer) => {
      const res = await order({ ...who, lang }, payload);
      return { status: res.statusCode, ...body(res).meta };
    };
    expect(await code({ ...base, agreement: false })).toMatchObject({ status: 400, code: 'agreementRequired' });
    expect(await code(base, 'en')).toMatchObject({ status: 400, message: 'Some individual inputs are incomplete' });
    await c.call('PUT', '/api/v1/carts', buyer, {
      data: { lines: [{ id: lineId, advance_info: { tickets: [{ name: '山田①' }, { name: '山田花子' }] } }] },
    });
    expect((await code(base)).code).toBe('advanceInfoCharacters');
    await c.call('PUT', '/api/v1/carts', buyer, {
      data: { lines: [{ id: lineId, advance_info: { tickets: [{ name: '山田太郎' }, { name: '山田花子' }] } }] },
    });
    expect(await code({ ...base, coins: 501 })).toMatchObject({ status: 400, code: 'coinsExceedOwned' });

    const coupons = body(await c.call('GET', '/api/v1/me/coupons', buyer)).data as {
      userCouponId: number;
      code: string;
      status: string;
    }[];
    const byCode = (k: string) => coupons.find((x) => x.code === k)?.userCouponId;
    expect(coupons.find((x) => x.code === 'AUTUMN2025')?.status).toBe('expired');
    expect(await code({ ...base, payment_method: 1, user_coupon_ids: [byCode('AUTUMN2025')] })).toMatchObject({
      code: 'couponExpired',
    });
    expect(
      await code({ ...base, payment_method: 1, user_coupon_ids: [byCode('WELCOME10'), byCode('EVENT500')] }, 'en'),
    ).toMatchObject({ message: 'Coupons for each ticket and coupons for specific tickets cannot be combined' });

    const noProfile = await c.user({ birthdate: null });
    await c.addToCart(noProfile, item, 1);
    expect((await code({ ...base, payment_method: 3 }, 'ja', noProfile)).code).toMatch(
      /profileRequiredForPayment|advanceInfoIncomplete/,
    );

    const kid = await c.user({ child_flag: 1, parent_id: buyer.id, email: null });
    expect(await code(base, 'ja', kid)).toMatchObject({ status: 403 });

    expect(await c.knex()('orders').where({ user_id: buyer.id })).toHaveLength(0);
    expect(await coins(buyer)).toBe(500);
  });

  it('applies a coupon and coins together and records them', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.addToCart(buyer, item, 2);
    const welcome = (
      body(await c.call('GET', '/api/v1/me/coupons', buyer)).data as { code: string; userCouponId: number }[]
    ).find((x) => x.code === 'WELCOME10');
    // 2 x 1,000 yen, 10% off each ticket (200), 1,800 left: 1,800 coins would exceed the 500 owned.
    const res = await order(buyer, {
      park_id: item.parkId,
      payment_method: 4,
      coins: 500,
      user_coupon_ids: [welcome?.userCouponId],
      agreement: true,
    });
    expect(body(res).meta.code).toBe('paymentMethodInvalid');
    expect(
      await c
        .knex()('order_coupons')
        .join('orders', 'orders.id', 'order_coupons.order_id')
        .where('orders.user_id', buyer.id),
    ).toHaveLength(0);
  });
});
