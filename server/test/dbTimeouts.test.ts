import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays, tokyoDate } from '../../common/time';
import { isDbTimeout, TIMEOUTS, transaction } from '../db/timeouts';
import { createTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

// Transactions set lock_timeout and statement_timeout by kind (server/db/timeouts.ts); a timeout answers a localised
// 503 with Retry-After, never a hang and never a 500.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const body = (res: Res) => JSON.parse(res.payload) as { data: any; meta: any };
const onPostgres = Boolean(process.env.DATABASE_URL); // as createTestDb picks the database

describe('a database timeout is a 503 with Retry-After (any database)', () => {
  it('SQLSTATE 55P03 and 57014 from a handler: 503, Retry-After, the message in ja and en', async () => {
    for (const [path, code] of [
      ['/api/v1/test-lock-timeout', '55P03'],
      ['/api/v1/test-statement-timeout', '57014'],
    ] as const) {
      ctx.server.route({
        method: 'GET',
        path,
        options: { auth: false },
        handler: () => {
          throw Object.assign(new Error('canceling statement due to lock timeout'), { code });
        },
      });
      for (const [lang, text] of [
        ['ja', 'ただいま混み合っています。少し時間をおいてもう一度お試しください'],
        ['en', 'We are busy right now. Please try again in a moment'],
      ] as const) {
        const res = await ctx.server.inject({ url: path, headers: { 'accept-language': lang } });
        expect(res.statusCode, path).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(body(res).meta).toEqual({ status: 503, code: 'databaseBusy', message: text });
      }
    }
  });

  it('each kind sets its own timeouts for the transaction only', async () => {
    const knex = ctx.db.knex;
    const show = async (trx: typeof knex) =>
      (await trx.raw("SELECT current_setting('lock_timeout') AS l, current_setting('statement_timeout') AS s")).rows[0];
    expect(await transaction(knex, 'cart', show)).toEqual({ l: '2s', s: '5s' });
    expect(await transaction(knex, 'lottery', show)).toEqual({ l: '30s', s: '2min' });
    // Outside: the pool's defaults on PostgreSQL (sent at connect); PGlite has no pool and keeps its own.
    expect(await show(knex)).toEqual(onPostgres ? { l: '10s', s: '30s' } : { l: '0', s: '0' });
    expect(isDbTimeout({ code: '55P03' }) && isDbTimeout({ code: '57014' }) && !isDbTimeout({ code: '23505' })).toBe(
      true,
    );
    // No pooled connection within the acquire timeout: busy as well.
    expect(isDbTimeout(new knexFactory.KnexTimeoutError('Knex: Timeout acquiring a connection'))).toBe(true);
    expect(isDbTimeout(new Error('Knex: Timeout acquiring a connection'))).toBe(false);
  });
});

// A second connection holding a row lock: only PostgreSQL has one (PGlite is one connection, and it does not run
// statement_timeout's timer either: `SET LOCAL statement_timeout` is accepted and has no effect there).
describe.runIf(onPostgres)('a cart change behind a held row lock (PostgreSQL)', () => {
  it('answers 503 with Retry-After within the cart lock timeout, not after the pool default', async () => {
    const u = await signedInUser(ctx, { telephone: '0312345678' });
    const admission = await ctx.db.knex('items').where('code', 'ueno-zoo--admission').first('id');
    const today = tokyoDate();
    const days = await ctx.server.inject(
      `/api/v1/items/${admission.id}/availability?from=${addDays(today, 2)}&to=${addDays(today, 22)}`,
    );
    const date = (body(days).data as DateAvailability[]).find((d) => d.status === 'available')?.date;
    const add = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { item_id: admission.id, date, quantities: [{ age_group_id: 5, quantity: 1 }] },
    });
    expect(add.statusCode, add.payload).toBe(201);
    const line = body(add).data as { id: number; cartId: number };
    const cartId = (await ctx.db.knex('cart_lines').where({ id: line.id }).first('cart_id')).cartId;

    const holder = await ctx.db.knex.transaction();
    try {
      await holder('carts').where({ id: cartId }).forUpdate().select('id');
      for (const lang of ['ja', 'en'] as const) {
        const t0 = Date.now();
        const res = await ctx.server.inject({
          method: 'DELETE',
          url: '/api/v1/carts',
          headers: { authorization: `Bearer ${u.token}`, 'accept-language': lang },
          payload: { line_ids: [line.id] },
        });
        const took = Date.now() - t0;
        expect(res.statusCode, res.payload).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(body(res).meta.code).toBe('databaseBusy');
        expect(took).toBeGreaterThanOrEqual(TIMEOUTS.cart.lockMs - 100);
        expect(took).toBeLessThan(TIMEOUTS.default.lockMs);
      }
    } finally {
      await holder.rollback();
    }
    // The lock gone, the same call goes through.
    const res = await ctx.server.inject({
      method: 'DELETE',
      url: '/api/v1/carts',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { line_ids: [line.id] },
    });
    expect(res.statusCode, res.payload).toBe(200);
  });
});

// A pool with no connection free within its acquire timeout is busy too. Only PostgreSQL has a pool to exhaust
// (PGlite's one connection waits two minutes by design, server/db/knex.ts).
describe.runIf(onPostgres)('a session check that gets no pooled connection in time (PostgreSQL)', () => {
  it('answers a signed-in caller of a "try" route 503 busy with Retry-After, not as a stranger', async () => {
    // hapi's "try" mode went on as "not signed in" whatever failed in the session check: with the pool full, a
    // signed-in visitor polling the waiting room was answered as a stranger (or, when the handler's own query also
    // waited too long, 500: knex's pool timeout was not taken for a busy database).
    const u = await signedInUser(ctx);
    const item = await ctx.db.knex('items').where('code', 'ueno-zoo--admission').first('id');
    const real = ctx.server.app.knex;
    const onePool = knexFactory({ ...real.client.config, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 300 });
    const holder = await onePool.transaction();
    ctx.server.app.knex = onePool;
    try {
      for (const lang of ['ja', 'en'] as const) {
        const res = await ctx.server.inject({
          url: `/api/v1/items/${item.id}/waiting-room`,
          headers: { authorization: `Bearer ${u.token}`, 'accept-language': lang },
        });
        expect(res.statusCode, res.payload).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(body(res).meta).toMatchObject({ code: 'databaseBusy' });
      }
    } finally {
      ctx.server.app.knex = real;
      await holder.rollback();
      await onePool.destroy();
    }
    const res = await ctx.server.inject({
      url: `/api/v1/items/${item.id}/waiting-room`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.statusCode, res.payload).toBe(200);
  });
});
