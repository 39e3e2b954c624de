// A private (限定公開) item is sold to holders of its link (SPEC: an item page may carry a link_id; sale label 1
// "private" is a selling label): with the link it goes into the cart and is ordered like any item; without the
// link it does not exist for the caller. PGlite, and PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays } from '../../common/time';
import { body, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a private item', () => {
  it('is added to the cart and ordered with its link; without the link it is not found', async () => {
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ sale_label: 1, is_private: true });
    const { linkId } = (await c.knex()('items').where({ id: item.id }).first('link_id')) as { linkId: string };
    const buyer = await c.user();
    const range = `from=${addDays(c.today, 1)}&to=${addDays(c.today, 20)}`;
    const days = body(await c.call('GET', `/api/v1/items/${item.id}/availability?${range}&link_id=${linkId}`, buyer))
      .data as DateAvailability[];
    const date = days.find((d) => d.status === 'available')?.date as string;
    expect(date).toBeTruthy();
    const line = { item_id: item.id, date, quantities: [{ age_group_id: 5, quantity: 2 }] };

    const without = await c.call('POST', '/api/v1/carts', buyer, line);
    expect(without.statusCode).toBe(404);
    const added = await c.call('POST', '/api/v1/carts', buyer, { ...line, link_id: linkId });
    expect(added.statusCode, added.payload).toBe(201);
    const cart = await c.call('GET', `/api/v1/carts/${item.parkId}`, buyer);
    expect(cart.statusCode, cart.payload).toBe(200);

    const order = await c.call('POST', '/api/v1/orders', buyer, {
      park_id: item.parkId,
      payment_method: 3,
      agreement: true,
    });
    expect(order.statusCode, order.payload).toBe(201);
  });
});
