// Hardening, as an attacker and a clumsy client would try it: bad input of any shape is a clear, localised 4xx that
// names the field and changes nothing; a kids session cannot become its parent without the parent's password,
// cannot read the parent's uploads or take stock holds, and must have a child's birthdate; who may call a route is
// declared in its configuration and a /me route without auth is refused at start.
import { randomUUID } from 'node:crypto';
import Hapi from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDate } from '../../common/time';
import { loadConfig } from '../config';
import { issueAccessToken } from '../features/auth/accessToken';
import { authModeOf, authPlugin } from '../plugins/auth';
import { createServer } from '../server';
import { body, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});
const c = commerce(() => ctx);

const LISTS = [
  '/api/v1/items',
  '/api/v1/parks',
  '/api/v1/stories',
  '/api/v1/living-things',
  '/api/v1/park-living-things',
  '/api/v1/park-users',
  '/api/v1/ticket-packs',
];

describe('bad input is a clear 4xx that names the field', () => {
  it.each(LISTS)('a NUL or control character in the keyword of %s', async (path) => {
    for (const keyword of ['%00', 'a%00b', '%01', '%7F']) {
      const ja = await c.call('GET', `${path}?keyword=${keyword}`);
      expect(ja.statusCode, `${path} ${keyword}: ${ja.payload}`).toBe(400);
      expect(body(ja).meta.message).toContain('keyword');
      const en = await c.call('GET', `${path}?keyword=${keyword}`, { lang: 'en' });
      expect(body(en).meta.message).toBe('The value of keyword is invalid');
    }
  });

  it('NUL in names and card tokens; nothing changes', async () => {
    const u = await c.user();
    const put = await c.call('PUT', '/api/v1/me', u, { name: 'a\u0000b' });
    expect(put.statusCode, put.payload).toBe(400);
    expect(body(put).meta.message).toContain('name');
    expect((await c.knex()('users').where({ id: u.id }).first('name')).name).toBe('動物 花子');
    for (const [method, url] of [
      ['POST', '/api/v1/me/childs'],
      ['PUT', '/api/v1/me/childs/1'],
    ] as const) {
      const r = await c.call(method, url, u, { name: 'kid\u0000', birthdate: addDays(tokyoDate(), -3000) });
      expect(r.statusCode, r.payload).toBe(400);
    }
    const card = await c.call('POST', '/api/v1/me/cards', u, { token: 'tok\u0000en' });
    expect(card.statusCode, card.payload).toBe(400);
    expect(body(card).meta.message).toContain('token');
  });

  it('impossible dates are refused, never reach the database', async () => {
    const u = await c.user();
    for (const birthdate of ['2021-02-30', '0000-00-00', '2020-99-99', '1899-12-31']) {
      const r = await c.call('PUT', '/api/v1/me', { ...u, lang: 'en' }, { name: 'Hanako', birthdate });
      expect(r.statusCode, `${birthdate}: ${r.payload}`).toBe(400);
      expect(body(r).meta.message).toBe('The value of birthdate is invalid');
      const kid = await c.call('POST', '/api/v1/me/childs', u, { name: 'Taro', birthdate });
      expect(kid.statusCode, `${birthdate}: ${kid.payload}`).toBe(400);
    }
  });

  it('a body that is not an object says so, in ja and en', async () => {
    const u = await c.user();
    for (const payload of ['""', 'null', '[1,2,3]', '42']) {
      for (const lang of ['ja', 'en'] as const) {
        const r = await ctx.server.inject({
          method: 'PUT',
          url: '/api/v1/me',
          headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json', 'accept-language': lang },
          payload,
        });
        expect(r.statusCode, `${payload}: ${r.payload}`).toBe(400);
        expect(body(r).meta.message).toBe(
          lang === 'en' ? 'The request body must be a JSON object' : '送信内容はJSONのオブジェクトで送ってください',
        );
      }
    }
    const text = await ctx.server.inject({
      method: 'PUT',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'text/plain', 'accept-language': 'en' },
      payload: 'name=x',
    });
    expect(text.statusCode).toBe(400);
    expect(body(text).meta.message).toBe('The request body must be a JSON object');
  });

  it('lengths count characters, not UTF-16 units', async () => {
    const u = await c.user();
    const fifty = '🐼'.repeat(50); // 50 characters, 100 UTF-16 units
    expect((await c.call('PUT', '/api/v1/me', u, { name: fifty })).statusCode).toBe(200);
    expect((await c.call('PUT', '/api/v1/me', u, { name: `${fifty}x` })).statusCode).toBe(400);
  });
});

describe('kids accounts', () => {
  async function family() {
    const parent = await c.user({ password_hash: null });
    // The parent needs a password before kids accounts (spec): set one through the API.
    const pw = await c.call('PUT', '/api/v1/me/reset-password', parent, {
      password: 'Parent2026pw',
      password_confirmation: 'Parent2026pw',
    });
    expect([200, 204], pw.payload).toContain(pw.statusCode);
    const made = await c.call('POST', '/api/v1/me/childs', parent, {
      name: 'Taro',
      birthdate: addDays(tokyoDate(), -3000),
    });
    expect(made.statusCode, made.payload).toBe(201);
    const kidId = body(made).data.id as number;
    const switched = await c.call('POST', `/api/v1/auth/switch/${kidId}`, parent);
    expect(switched.statusCode, switched.payload).toBe(200);
    // Switching ended the parent's session: the parent signs in again on another device.
    const again = await issueAccessToken(c.knex(), ctx.server.app.config, parent.id);
    return {
      parent: { ...parent, token: again.access_token },
      kidId,
      kid: { token: JSON.parse(switched.payload).access_token as string },
    };
  }

  it('leaving a kids session for the parent needs the parent password', async () => {
    const { parent, kid } = await family();
    const bare = await c.call('POST', `/api/v1/auth/switch/${parent.id}`, kid);
    expect(bare.statusCode, bare.payload).toBe(400);
    const wrong = await c.call('POST', `/api/v1/auth/switch/${parent.id}`, kid, { password: 'Wrong2026pw' });
    expect(wrong.statusCode).toBe(403);
    const right = await c.call('POST', `/api/v1/auth/switch/${parent.id}`, kid, { password: 'Parent2026pw' });
    expect(right.statusCode, right.payload).toBe(200);
  });

  it("cannot read the parent's uploads or take stock holds", async () => {
    const { parent, kid } = await family();
    const id = randomUUID();
    await c
      .knex()('uploads')
      .insert({
        id,
        owner_id: parent.id,
        purpose: 'face',
        content_type: 'image/png',
        size: 4,
        bytes: Buffer.from('89504e47', 'hex'),
      });
    expect((await c.call('GET', `/api/v1/uploads/${id}`, parent)).statusCode).toBe(200);
    expect((await c.call('GET', `/api/v1/uploads/${id}`, kid)).statusCode).toBe(404);
    const item = await c.makeItem();
    const date = await c.openDate(item.id);
    const hold = await c.call('POST', '/api/v1/carts', kid, {
      item_id: item.id,
      date,
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(hold.statusCode, hold.payload).toBe(403);
    expect(await c.knex()('stock_units').where({ item_id: item.id }).sum({ n: 'held' }).first()).toMatchObject({
      n: null,
    });
  });

  it("must have a child's birthdate: under 18 on the day (Tokyo), not in the future", async () => {
    const { parent } = await family();
    const today = tokyoDate();
    const eighteen = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    for (const birthdate of ['1980-05-05', eighteen, addDays(today, 1)]) {
      const r = await c.call('POST', '/api/v1/me/childs', { ...parent, lang: 'en' }, { name: 'Jiro', birthdate });
      expect(r.statusCode, `${birthdate}: ${r.payload}`).toBe(400);
      expect(body(r).meta.code).toBe('childBirthdate');
    }
    expect(
      (await c.call('POST', '/api/v1/me/childs', parent, { name: 'Jiro', birthdate: addDays(eighteen, 1) })).statusCode,
    ).toBe(201);
  });
});

describe('who may call a route is declared in its configuration', () => {
  it('a /me route without auth is refused when the server starts', async () => {
    const server = await createServer(loadConfig({ NODE_ENV: 'test', DEMO: 'true', LOG_LEVEL: 'silent', PORT: '0' }), {
      knex: ctx.db.knex,
      closeDbOnStop: false,
    });
    server.route({ method: 'GET', path: '/api/v1/me/leak', options: { auth: false }, handler: () => 'x' });
    await expect(server.initialize()).rejects.toThrow(/\/api\/v1\/me\/leak/);
  });

  // A server with the auth plugin only: what it does with routes that say nothing, or too little.
  const bare = async () => {
    const server = Hapi.server();
    Object.assign(server.app, { config: ctx.server.app.config, knex: ctx.db.knex });
    await server.register({ plugin: { name: 'db', register() {} } });
    await server.register(authPlugin);
    return server;
  };

  it.each([
    ['/api/v1/me/peek', { mode: 'try' }],
    ['/api/v1/me/peek', { mode: 'optional' }],
    ['/api/v1/me', { strategy: 'session', mode: 'try' }],
    ['/api/v1/staff/parks/{parkId}/peek', { mode: 'optional' }],
    ['/api/v1/staff/peek', false],
  ] as const)('%s with auth %j stops the server at start', async (path, auth) => {
    const server = await bare();
    server.route({
      method: 'GET',
      path,
      options: { auth, app: { access: { staff: 'any' } } },
      handler: () => 'x',
    });
    await expect(server.initialize()).rejects.toThrow(path);
  });

  it('a new route that says nothing about auth answers 401 signed out, and 200 signed in', async () => {
    const server = await bare();
    server.route({ method: 'GET', path: '/api/v1/brand-new', handler: () => 'x' });
    server.route({ method: 'POST', path: '/api/v1/brand-new', handler: () => 'x' });
    await server.initialize();
    for (const method of ['GET', 'POST']) {
      expect((await server.inject({ method, url: '/api/v1/brand-new' })).statusCode, method).toBe(401);
    }
    const user = await c.user();
    const signedIn = await server.inject({
      url: '/api/v1/brand-new',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('every route that answers signed out says so in its own options', () => {
    const open = ctx.server.table().filter((r) => authModeOf(ctx.server, r) !== 'required');
    expect(open.length).toBeGreaterThan(50);
    for (const r of open) expect(r.settings.auth, `${r.method} ${r.path}`).not.toBeUndefined();
    // The rest is signed in, and under /me and /staff nothing is open.
    for (const r of open) expect(r.path, `${r.method} ${r.path}`).not.toMatch(/^\/api\/v1\/(me|staff)(\/|$)/);
  });
});

describe('ownership', () => {
  it("an upload id of someone else in a cart line's advance information is refused when the order is placed", async () => {
    const owner = await c.user();
    const buyer = await c.user();
    const item = await c.makeItem({
      advanceInfo: [{ key: 'face', kind: 'face_photo', labelJa: '顔写真', labelEn: 'Face photo', required: true }],
    });
    const lineId = await c.addToCart(buyer, item, 1);
    const photo = async (ownerId: number) => {
      const id = randomUUID();
      await c
        .knex()('uploads')
        .insert({
          id,
          owner_id: ownerId,
          purpose: 'face',
          content_type: 'image/jpeg',
          size: 3,
          bytes: Buffer.from('ffd8ff', 'hex'),
        });
      return id;
    };
    const setPhoto = (id: string) =>
      c.call('PUT', '/api/v1/carts', buyer, {
        data: { lines: [{ id: lineId, advance_info: { tickets: [{ face: id }] } }] },
      });
    expect((await setPhoto(await photo(owner.id))).statusCode).toBe(200);
    const order = () =>
      c.call('POST', '/api/v1/orders', buyer, { park_id: item.parkId, agreement: true, payment_method: 3 });
    const refused = await order();
    expect(refused.statusCode, refused.payload).toBe(400);
    expect(await c.knex()('orders').where({ user_id: buyer.id })).toHaveLength(0);
    expect((await setPhoto(await photo(buyer.id))).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(201);
  });
});

describe('rate-limit counters', () => {
  it('a sweep drops windows no limit can still count in; the current ones stay', async () => {
    const knex = ctx.db.knex;
    const now = new Date();
    const key = `prune-test:${randomUUID()}`;
    await knex('rate_limit_hits').insert([
      { key, window_start: new Date(now.getTime() - 3 * 86_400_000), count: 3 },
      { key, window_start: new Date(now.getTime() - 25 * 3_600_000), count: 2 },
      { key, window_start: new Date(now.getTime() - 60_000), count: 1 },
    ]);
    await ctx.server.plugins.jobs.runOnce(now);
    const left = await knex('rate_limit_hits').where({ key }).pluck('count');
    expect(left).toEqual([1]);
  });

  it('no limit may count over a longer window than the sweep keeps', async () => {
    const { hitRateLimits, MAX_RATE_LIMIT_WINDOW_SECONDS } = await import('../lib/rateLimit');
    await expect(
      hitRateLimits(ctx.db.knex, [{ key: 'too-long', max: 1, windowSeconds: MAX_RATE_LIMIT_WINDOW_SECONDS + 1 }]),
    ).rejects.toThrow(/window/);
  });
});
