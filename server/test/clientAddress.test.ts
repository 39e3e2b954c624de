// The client address behind HAProxy (TRUST_PROXY): rate limits and the bot check key off it, so a client must not
// choose it. HAProxy appends the address it was connected from to X-Forwarded-For; whatever is left of it came
// from the client. PGlite, and PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const check = (forwardedFor: string, lang = 'en') =>
  ctx.server.inject({
    method: 'POST',
    url: '/api/v1/auth/register/check-email-exists',
    headers: { 'x-forwarded-for': forwardedFor, 'accept-language': lang },
    payload: { email: 'someone@example.jp' },
  });

describe('the client address behind the proxy', () => {
  it('is the entry the proxy appended: a forged X-Forwarded-For does not dodge the rate limit', async () => {
    // check-email-exists allows 30 per client address in 10 minutes. The client writes a new first entry each time;
    // HAProxy appends the real peer (198.51.100.40). The first entry was taken as the address: never limited.
    const real = '198.51.100.40';
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await check(`203.0.113.${i + 1}, ${real}`)).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(answers[30]).toBe(429);
    for (const [lang, text] of [
      ['ja', /^試行回数が上限に達しました。\d+分ほど待ってから/],
      ['en', /^Too many attempts\. Please wait about \d+ minutes/],
    ] as const) {
      const res = await check(`203.0.113.200, ${real}`, lang);
      expect(res.statusCode).toBe(429);
      expect(JSON.parse(res.payload).meta).toMatchObject({ code: 'rateLimited', message: expect.stringMatching(text) });
    }
    // Another real client, even one claiming the limited address first, is its own.
    expect((await check(`${real}, 198.51.100.41`)).statusCode).toBe(200);
  });
});
