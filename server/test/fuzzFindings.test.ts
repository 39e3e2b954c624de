// Regressions for the 5xx answers the OpenAPI fuzz test (apiFuzz.test.ts) found: each is now a documented 4xx
// or 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

let ctx: TestContext;
beforeAll(async () => {
  // Not listening: the card provider's sandbox (at the server's own URL) is unreachable, as a provider can be.
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

const meta = (payload: string) => (JSON.parse(payload) as { meta: { status: number; code: string } }).meta;

describe('found by the fuzz test', () => {
  it('an id past int4 in a kids-account or switch path is a 400, not a database error', async () => {
    const user = await signedInUser(ctx, { telephone: '0312345678' });
    const headers = { authorization: `Bearer ${user.token}` };
    for (const [method, url, payload] of [
      ['GET', '/api/v1/me/childs/2147483648', undefined],
      ['PUT', '/api/v1/me/childs/2147483648', { name: '動物 太郎', birthdate: '2018-04-01' }],
      ['POST', '/api/v1/auth/switch/2147483648', {}],
    ] as const) {
      const res = await ctx.server.inject({ method, url, headers, payload });
      expect(res.statusCode, `${method} ${url}: ${res.payload}`).toBe(400);
      expect(meta(res.payload).code).toBe('invalidParam');
    }
  });

  it('registering or deleting a card while the card provider is unreachable is a 503, and nothing changes', async () => {
    const user = await signedInUser(ctx, { telephone: '0312345678' });
    const headers = { authorization: `Bearer ${user.token}` };
    const add = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/me/cards',
      headers,
      payload: { token: 'abc' },
    });
    expect(add.statusCode, add.payload).toBe(503);
    expect(meta(add.payload).code).toBe('paymentUnavailable');
    expect(await ctx.db.knex('user_cards').where({ user_id: user.id })).toHaveLength(0);

    const [card] = await ctx.db
      .knex('user_cards')
      .insert({
        user_id: user.id,
        provider: 'gmo',
        provider_member_id: `zp${user.id}-test`,
        provider_card_seq: '0',
        brand: 'VISA',
        last4: '1111',
        expiry: '2912',
        is_default: true,
      })
      .returning('id');
    const del = await ctx.server.inject({ method: 'DELETE', url: `/api/v1/me/cards/${card.id}`, headers });
    expect(del.statusCode, del.payload).toBe(503);
    expect(meta(del.payload).code).toBe('paymentUnavailable');
    expect(await ctx.db.knex('user_cards').where({ user_id: user.id })).toHaveLength(1);
  });
});
