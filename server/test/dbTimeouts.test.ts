import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays, tokyoDate } from '../../common/time';
import { dbUnavailableAnswer, isDbTimeout, TIMEOUTS, transaction } from '../db/timeouts';
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

/** A test route whose handler fails as the database driver does: an error with a SQLSTATE. */
const routeThrowing = (path: string, code: string, message: string) =>
  ctx.server.route({
    method: 'GET',
    path,
    options: { auth: false },
    handler: () => {
      throw Object.assign(new Error(message), { code });
    },
  });

describe('a database timeout is a 503 with Retry-After (any database)', () => {
  it('SQLSTATE 55P03 and 57014 from a handler: 503, Retry-After, the message in ja and en', async () => {
    for (const [path, code] of [
      ['/api/v1/test-lock-timeout', '55P03'],
      ['/api/v1/test-statement-timeout', '57014'],
    ] as const) {
      routeThrowing(path, code, 'canceling statement due to lock timeout');
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

// The database refusing or dropping connections (issue 30: the waiting room's polls answered 500 when PostgreSQL was
// at max_connections or restarting): busy or unavailable for a moment, a localised 503 with Retry-After, never 500.
const UNAVAILABLE = {
  ja: 'ただいまご利用いただけません。少し時間をおいてもう一度お試しください',
  en: 'The service is unavailable for a moment. Please try again shortly',
};
const BUSY = {
  ja: 'ただいま混み合っています。少し時間をおいてもう一度お試しください',
  en: 'We are busy right now. Please try again in a moment',
};

async function expect503(url: string, code: 'databaseBusy' | 'databaseUnavailable', inject = {}) {
  for (const lang of ['ja', 'en'] as const) {
    const res = await ctx.server.inject({
      url,
      ...inject,
      headers: { 'accept-language': lang, ...(inject as { headers?: object }).headers },
    });
    expect(res.statusCode, res.payload).toBe(503);
    expect(res.headers['retry-after']).toBe(code === 'databaseBusy' ? '2' : '5');
    expect(body(res).meta).toEqual({
      status: 503,
      code,
      message: (code === 'databaseBusy' ? BUSY : UNAVAILABLE)[lang],
    });
  }
}

/** The server's knex swapped for `other` (a pool of another role, size or address) during `work`. */
async function withKnex(other: ReturnType<typeof knexFactory>, work: () => Promise<void>) {
  const real = ctx.server.app.knex;
  ctx.server.app.knex = other;
  try {
    await work();
  } finally {
    ctx.server.app.knex = real;
    await other.destroy();
  }
}

describe('the database refusing or dropping connections is a 503 with Retry-After (any database)', () => {
  it('classifies SQLSTATEs and socket errors: too many connections busy; shutdown, refused or cut unavailable', () => {
    expect(
      ['53300', '55P03', '57014', '57P01', '57P02', '57P03', '08006', '08001', '23505', '42P01'].map((code) =>
        dbUnavailableAnswer({ code }),
      ),
    ).toEqual([
      'databaseBusy',
      'databaseBusy',
      'databaseBusy',
      'databaseUnavailable',
      'databaseUnavailable',
      'databaseUnavailable',
      'databaseUnavailable',
      'databaseUnavailable',
      null,
      null,
    ]);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED', errno: -111 });
    expect(dbUnavailableAnswer(refused)).toBe('databaseUnavailable');
    expect(dbUnavailableAnswer(new Error('Connection terminated unexpectedly'))).toBe('databaseUnavailable');
    // knex names the statement first: a transaction's rollback on a terminated backend.
    expect(dbUnavailableAnswer(new Error('ROLLBACK - Connection terminated unexpectedly'))).toBe('databaseUnavailable');
    expect(dbUnavailableAnswer(new Error('select 1 - Client was closed and is not queryable'))).toBe(
      'databaseUnavailable',
    );
    expect(dbUnavailableAnswer(new Error('Connection terminated unexpectedly, said the user'))).toBeNull();
    expect(dbUnavailableAnswer(new knexFactory.KnexTimeoutError('Knex: Timeout acquiring a connection'))).toBe(
      'databaseBusy',
    );
    expect(dbUnavailableAnswer(new Error('something else'))).toBeNull();
  });

  it('53300 and 57P01 from a handler: 503 with the message in ja and en', async () => {
    for (const [path, code, answer] of [
      ['/api/v1/test-too-many-connections', '53300', 'databaseBusy'],
      ['/api/v1/test-admin-shutdown', '57P01', 'databaseUnavailable'],
    ] as const) {
      routeThrowing(path, code, 'terminating connection due to administrator command');
      await expect503(path, answer);
    }
  });

  it('a database that refuses connections: the waiting room poll answers 503 unavailable, not 500', async () => {
    const item = await ctx.db.knex('items').where('code', 'ueno-zoo--admission').first('id');
    // Nothing listens on port 1: the pool's connect is refused (a restart, a failover, a database down).
    const nowhere = knexFactory({
      client: 'pg',
      connection: { host: '127.0.0.1', port: 1, user: 'nobody', database: 'none' },
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 5_000,
    });
    await withKnex(nowhere, () => expect503(`/api/v1/items/${item.id}/waiting-room`, 'databaseUnavailable'));
    expect((await ctx.server.inject(`/api/v1/items/${item.id}/waiting-room`)).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('PostgreSQL at its connection limit or shutting a connection down', () => {
  const connection = () => {
    const c = ctx.server.app.knex.client.config.connection as { connectionString?: string } | string;
    return new URL(typeof c === 'string' ? c : (c.connectionString as string));
  };

  it('a role at its CONNECTION LIMIT (SQLSTATE 53300 at connect): the waiting room poll answers 503 busy', async () => {
    const item = await ctx.db.knex('items').where('code', 'ueno-zoo--admission').first('id');
    await ctx.db.knex.raw('DROP ROLE IF EXISTS zoo_limited');
    await ctx.db.knex.raw('CREATE ROLE zoo_limited LOGIN CONNECTION LIMIT 1');
    try {
      const real = ctx.server.app.knex.client.config;
      const url = connection();
      url.username = 'zoo_limited';
      url.password = '';
      const limited = knexFactory({
        ...real,
        connection: { ...real.connection, connectionString: url.toString() },
        pool: { min: 0, max: 2 },
        acquireConnectionTimeout: 5_000,
      });
      // Its one connection taken (by another instance, say): the next connect is refused with 53300.
      await withKnex(limited, async () => {
        const holder = await limited.transaction();
        try {
          await expect503(`/api/v1/items/${item.id}/waiting-room`, 'databaseBusy');
        } finally {
          await holder.rollback();
        }
      });
    } finally {
      await ctx.db.knex.raw('DROP ROLE IF EXISTS zoo_limited');
    }
  });

  it('a connection terminated mid-statement (pg_terminate_backend, SQLSTATE 57P01): 503 unavailable, then served', async () => {
    const u = await signedInUser(ctx);
    const [{ id: roomItem }] = await ctx.db.knex('items').where('code', 'ueno-zoo--admission').select('id');
    await ctx.db
      .knex('waiting_rooms')
      .insert({
        item_id: roomItem,
        opens_at: new Date(Date.now() - 60_000),
        seed: 'a'.repeat(64),
        seed_hash: 'b'.repeat(64),
      })
      .onConflict('item_id')
      .ignore();
    const own = knexFactory({ ...ctx.server.app.knex.client.config, pool: { min: 0, max: 2 } });
    // The room's row locked elsewhere: the join waits for it, and that backend is shut down by an administrator.
    const holder = await ctx.db.knex.transaction();
    try {
      await holder('waiting_rooms').where('item_id', roomItem).forUpdate().select('id');
      await withKnex(own, async () => {
        for (const lang of ['ja', 'en'] as const) {
          const joining = ctx.server.inject({
            method: 'POST',
            url: `/api/v1/items/${roomItem}/waiting-room`,
            headers: { authorization: `Bearer ${u.token}`, 'accept-language': lang },
            payload: {},
          });
          let pid: number | undefined;
          for (let i = 0; i < 100 && !pid; i++) {
            await new Promise((r) => setTimeout(r, 50));
            const { rows } = await ctx.db.knex.raw(
              "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%waiting_rooms%' AND pid <> pg_backend_pid()",
            );
            pid = rows[0]?.pid;
          }
          expect(pid).toBeDefined();
          await ctx.db.knex.raw('SELECT pg_terminate_backend(?)', [pid as number]);
          const res = await joining;
          expect(res.statusCode, res.payload).toBe(503);
          expect(res.headers['retry-after']).toBe('5');
          expect(body(res).meta).toEqual({ status: 503, code: 'databaseUnavailable', message: UNAVAILABLE[lang] });
        }
      });
    } finally {
      await holder.rollback();
    }
    const joined = await ctx.server.inject({
      method: 'POST',
      url: `/api/v1/items/${roomItem}/waiting-room`,
      headers: { authorization: `Bearer ${u.token}` },
      payload: {},
    });
    expect(joined.statusCode, joined.payload).toBe(201);
  });
});
