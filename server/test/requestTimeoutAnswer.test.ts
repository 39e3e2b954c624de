// hapi answers 408 when a body does not arrive within the payload timeout (a slow network, or a server too busy to
// read it: CI's commerce storms on a loaded machine). The answer says so in the caller's language, not "invalid input".
import Boom from '@hapi/boom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
  // What hapi's payload reader throws on its timeout (@hapi/subtext: Boom.clientTimeout()).
  ctx.server.route({
    method: 'POST',
    path: '/api/test/body-timeout',
    options: { auth: false, handler: () => Boom.clientTimeout() },
  });
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a body that did not arrive in time', () => {
  it.each([
    ['ja', /時間がかかりすぎた/],
    ['en', /took too long/],
  ])('is answered 408 requestTimeout (%s)', async (lang, text) => {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/test/body-timeout',
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode).toBe(408);
    const answer = JSON.parse(res.payload) as { meta: { status: number; code: string; message: string } };
    expect(answer.meta).toMatchObject({ status: 408, code: 'requestTimeout' });
    expect(answer.meta.message).toMatch(text);
  });
});
