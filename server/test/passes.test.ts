// Annual passes (issue 29, server/features/passes/README.md), server core: the pass product on the item page and
// in the catalogue, buying through the cart (holders named, no stock taken), fulfilment (passes, holders, one
// term ticket per holder), member cards with v3 tokens, and what the wallet leaves out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassProduct } from '../../common/dto/pass';
import { body, commerce } from './commerceFixtures';
import { makePassProduct, PASS_PRICES } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

describe('pass products', () => {
  it('the item page of a pass item carries its pass product (prices per age group, validity, benefits), a ticket none', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, reentry: true, maxEntries: 2 });
    const res = await c.call('GET', `/api/v1/items/${product.itemId}`, { lang: 'en' });
    expect(res.statusCode, res.payload).toBe(200);
    const pass = body(res).data.pass as PassProduct;
    expect(pass).toMatchObject({
      itemId: product.itemId,
      parkId: product.parkId,
      parkIds: [product.parkId],
      kind: 'family',
      maxHolders: 4,
      validityDays: 365,
      validityStart: 'first_entry',
      cancelRatePercent: 10,
      benefits: { dailyAdmission: true, reentry: true, maxEntries: 2 },
    });
    expect(pass.prices).toEqual([
      { ageGroupId: 2, ageGroupName: 'Elementary school', unitKind: 'basic', price: PASS_PRICES.child },
      expect.objectContaining({ ageGroupId: 5, unitKind: 'basic', price: PASS_PRICES.adult }),
      expect.objectContaining({ ageGroupId: null, unitKind: 'disability', price: PASS_PRICES.disability }),
      expect.objectContaining({ ageGroupId: null, unitKind: 'companion', price: PASS_PRICES.disability }),
    ]);
    expect(pass.renewal?.prices.find((p) => p.ageGroupId === 5)?.price).toBe(PASS_PRICES.renewAdult);

    const ticket = await c.makeItem();
    const plain = await c.call('GET', `/api/v1/items/${ticket.id}`);
    expect(body(plain).data.pass).toBeNull();
  });
});
