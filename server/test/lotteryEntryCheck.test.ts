// A lottery item's calendar offers only the use dates of a round taking entries (the others unavailable, with the
// reason in ja and en), the cart refuses a date outside them, and the entry is checked against its round before
// the card is asked for (POST /api/v1/me/lottery-entries/check). PGlite, and PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays } from '../../common/time';
import { body, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

/** A lottery item with a round taking entries now for use dates 6 to 60 days ahead (as the demo's). */
async function lotteryItem() {
  const item = await c.makeItem();
  await c.knex()('items').where({ id: item.id }).update({ lottery: true });
  const now = Date.now();
  const [row] = await c
    .knex()('lotteries')
    .insert({
      item_id: item.id,
      use_from: addDays(c.today, 6),
      use_to: addDays(c.today, 60),
      entry_opens_at: new Date(now - HOUR),
      entry_closes_at: new Date(now + 48 * HOUR),
      draw_at: new Date(now + 49 * HOUR),
      announce_at: new Date(now + 50 * HOUR),
      purchase_deadline: new Date(now + 96 * HOUR),
    })
    .returning('id');
  return { ...item, lotteryId: Number(row.id) };
}

const line = (itemId: number, date: string) => ({
  item_id: itemId,
  date,
  quantities: [{ age_group_id: 5, quantity: 2 }],
});

describe('a lottery item', () => {
  it("offers only its round's use dates; the others are unavailable with the reason in ja and en", async () => {
    const item = await lotteryItem();
    for (const lang of ['ja', 'en'] as const) {
      const res = await c.call(
        'GET',
        `/api/v1/items/${item.id}/availability?from=${addDays(c.today, 1)}&to=${addDays(c.today, 10)}`,
        { lang },
      );
      expect(res.statusCode, res.payload).toBe(200);
      const days = body(res).data as DateAvailability[];
      const before = days.filter((d) => d.date < addDays(c.today, 6));
      expect(before).toHaveLength(5);
      for (const d of before) {
        expect(d).toMatchObject({ status: 'unavailable', reason: 'notInLotteryRound' });
        expect(d.reasonText).toBe(
          lang === 'ja' ? 'この日は抽選の受付対象外です' : 'This date is not open for lottery entries',
        );
      }
      expect(days.find((d) => d.date === addDays(c.today, 6))).toMatchObject({ status: 'available', reason: null });
    }
  });

  it('is refused in the cart for a date outside its round (409, ja and en), accepted inside it', async () => {
    const item = await lotteryItem();
    const buyer = await c.user();
    const outside = await c.call('POST', '/api/v1/carts', { ...buyer, lang: 'en' }, line(item.id, addDays(c.today, 4)));
    expect(outside.statusCode).toBe(409);
    expect(body(outside).meta).toMatchObject({
      code: 'dateNotInLotteryRound',
      message: 'This date is not open for lottery entries',
    });
    const inside = await c.call('POST', '/api/v1/carts', buyer, line(item.id, addDays(c.today, 6)));
    expect(inside.statusCode, inside.payload).toBe(201);
  });

  it('is checked against its round before the card: choices, an entry already made, entries closed meanwhile', async () => {
    const item = await lotteryItem();
    const buyer = await c.user();
    expect((await c.call('POST', '/api/v1/carts', buyer, line(item.id, addDays(c.today, 7)))).statusCode).toBe(201);
    const check = (choices: { date: string; time_slot_id: null }[] = [], lang: 'ja' | 'en' = 'ja') =>
      c.call(
        'POST',
        '/api/v1/me/lottery-entries/check',
        { ...buyer, lang },
        {
          park_id: item.parkId,
          lottery_choices: choices,
        },
      );

    const fine = await check([{ date: addDays(c.today, 8), time_slot_id: null }]);
    expect(fine.statusCode, fine.payload).toBe(200);
    expect(body(fine).data).toMatchObject({ lotteryId: item.lotteryId });

    const badChoice = await check([{ date: addDays(c.today, 3), time_slot_id: null }], 'en');
    expect(badChoice.statusCode).toBe(400);
    expect(body(badChoice).meta).toMatchObject({ code: 'lotteryChoiceInvalid' });
    expect(body(badChoice).meta.message).toContain('Choice 2');

    // Entries close while the line waits in the cart: said before the card, in ja.
    await c
      .knex()('lotteries')
      .where({ id: item.lotteryId })
      .update({ entry_closes_at: new Date(Date.now() - 1000) });
    const closed = await check();
    expect(closed.statusCode).toBe(409);
    expect(body(closed).meta).toMatchObject({ code: 'lotteryClosed', message: 'この抽選は受付期間外です' });
  });

  it('answers that the account has entered the round already', async () => {
    const item = await lotteryItem();
    const buyer = await c.user();
    const [order] = await c
      .knex()('orders')
      .insert({
        user_id: buyer.id,
        park_id: item.parkId,
        state: 'authorized',
        subtotal: 0,
        total: 0,
        kind: 'ITEMS',
        payment_method: 1,
      })
      .returning('id');
    await c
      .knex()('lottery_entries')
      .insert({
        lottery_id: item.lotteryId,
        user_id: buyer.id,
        order_id: order.id,
        party: 1,
        choices: JSON.stringify([{ date: addDays(c.today, 9), slotId: null }]),
        state: 'entered',
      });
    expect((await c.call('POST', '/api/v1/carts', buyer, line(item.id, addDays(c.today, 7)))).statusCode).toBe(201);
    const res = await c.call('POST', '/api/v1/me/lottery-entries/check', buyer, { park_id: item.parkId });
    expect(res.statusCode).toBe(409);
    expect(body(res).meta.code).toBe('lotteryAlreadyEntered');
  });
});
