import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidc } from '../features/auth/localOidc';
import { loginAtLocalProvider } from './oidcFlow';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let oidc: Server;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  const port = 24000 + Math.floor(Math.random() * 5000);
  const issuer = `http://127.0.0.1:${port}`;
  oidc = await startLocalOidc({
    issuer,
    port,
    publicUrl: ORIGIN,
    cookieSecret: 'test-cookie-secret-test-cookie-secret',
  });
  ctx = await createTestServer({ PUBLIC_URL: ORIGIN, SOCIAL_LOCAL_ISSUER: issuer });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => oidc?.close(() => resolve()));
});

const json = (headers: Record<string, string> = {}) => ({ 'accept-language': 'ja', origin: ORIGIN, ...headers });

/** Runs the whole redirect flow for a provider and returns the social user id from our callback redirect. */
async function socialRoundTrip(provider: string, login: string, intent = 'login'): Promise<string> {
  const urlRes = await ctx.server.inject({ url: `/api/v1/auth/social/${provider}/url?intent=${intent}` });
  const start = (urlRes.result as { data: { url: string } }).data.url;
  const first = await ctx.server.inject({ url: start });
  expect(first.statusCode).toBe(302);
  const cookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  const back = await loginAtLocalProvider(first.headers.location as string, login);
  const u = new URL(back);
  const done = await ctx.server.inject({ url: u.pathname + u.search, headers: { cookie } });
  expect(done.statusCode).toBe(302);
  const location = new URL(done.headers.location as string, ORIGIN);
  if (intent === 'link') {
    // Linking finishes on the settings page of the signed-in user.
    expect(location.pathname).toBe('/me/settings');
    return location.searchParams.get('mirairo_link') as string;
  }
  expect(location.pathname).toBe(`/${provider}/callback`);
  expect(location.searchParams.get('intent')).toBe(intent);
  return location.searchParams.get('social_user_id') as string;
}

describe('social sign-in through bell and a local OpenID Connect provider', () => {
  it('registers with "Google", then signs in with it', async () => {
    const handoff = await socialRoundTrip('google', 'yuki.google@example.com', 'register');
    const who = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/social/google/user',
      payload: { social_user_id: handoff },
    });
    expect((who.result as { data: unknown }).data).toMatchObject({
      email: 'yuki.google@example.com',
      registered: false,
    });
    const notYet = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/login/social/google',
      payload: { social_user_id: handoff },
      headers: json(),
    });
    expect(notYet.statusCode).toBe(404);
    expect((notYet.result as { meta: { message: string } }).meta.message).toBe(
      'このアカウントはまだ登録されていません。新規登録してください。',
    );

    const reg = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/social/google',
      payload: { social_user_id: handoff, name: '小林 ゆき' },
      headers: json(),
    });
    expect(reg.statusCode).toBe(201);
    const token = (reg.result as { access_token: string }).access_token;
    const me = await ctx.server.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect((me.result as { data: unknown }).data).toMatchObject({
      email: 'yuki.google@example.com',
      name: '小林 ゆき',
      social_providers: ['google'],
      has_password: false,
    });
    // The handoff is single use.
    const reuse = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/login/social/google',
      payload: { social_user_id: handoff },
    });
    expect(reuse.statusCode).toBe(400);

    const again = await socialRoundTrip('google', 'yuki.google@example.com');
    const login = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/login/social/google',
      payload: { social_user_id: again },
    });
    expect(login.statusCode).toBe(200);
    expect((login.result as { expires_in: number }).expires_in).toBeGreaterThan(0);
  });

  it('signs in with "LINE" as a separate identity and links a disability ID (Mirairo ID)', async () => {
    const handoff = await socialRoundTrip('line', 'ken.line', 'register');
    const reg = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/social/line',
      payload: { social_user_id: handoff, name: '加藤 健' },
      headers: json(),
    });
    expect(reg.statusCode).toBe(201);
    const token = (reg.result as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const before = await ctx.server.inject({ method: 'POST', url: '/api/v1/mirairo/mirairo_flag', headers: auth });
    expect((before.result as { data: { mirairo_flag: number } }).data.mirairo_flag).toBe(0);
    const mirairo = await socialRoundTrip('mirairo', 'ken-disability-0001', 'link');
    const linked = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/mirairo/mirairo_flag',
      payload: { social_user_id: mirairo },
      headers: auth,
    });
    expect(linked.statusCode).toBe(200);
    expect((linked.result as { data: { mirairo_flag: number } }).data.mirairo_flag).toBe(1);
    const me = await ctx.server.inject({ url: '/api/v1/me', headers: auth });
    expect((me.result as { data: { mirairo_flag: number } }).data.mirairo_flag).toBe(1);
    const row = await ctx.db.knex('users').where({ email: 'ken.line@example.com' }).first('disability_id');
    expect(row.disabilityId).toBe('ken-disability-0001');
  });

  it('refuses unknown providers and expired social user ids', async () => {
    expect((await ctx.server.inject({ url: '/api/v1/auth/social/facebook/url' })).statusCode).toBe(400);
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/auth/login/social/google',
      payload: { social_user_id: '00000000-0000-4000-8000-000000000000' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.result as { meta: { message: string } }).meta.message).toBe(
      'The social sign-in has expired. Please try again.',
    );
  });
});
