// The app behind pgbouncer in transaction mode (issue 30; deploy/pgbouncer.ini): Debian's pgbouncer in front of the
// PostgreSQL leg's server, with fewer server connections than the app's pool so that statements of one client land
// on different server connections. Nothing may rely on session state outside a transaction: the startup lock
// (migrations, job queue), the pool's default timeouts (the role's defaults: db/poolerDefaults.ts), and the cart and
// checkout transactions (SET LOCAL timeouts, the stock functions). .ci/run installs pgbouncer.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from '@hapi/hapi';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createKnex } from '../db/knex';
import { setRoleTimeoutDefaults } from '../db/poolerDefaults';
import { withStartupLock } from '../db/startupLock';
import { createServer } from '../server';
import { commerce } from './commerceFixtures';
import { adminUrl, PG_TEMPLATE_DB } from './testDb';
import { freePort, type TestContext } from './testServer';

const PGBOUNCER = '/usr/sbin/pgbouncer';
const url = process.env.DATABASE_URL;

describe.runIf(url)('behind pgbouncer in transaction mode', () => {
  let dir: string;
  let bouncer: ReturnType<typeof spawn> | undefined;
  let direct: Knex;
  let pooled: Knex;
  let admin: Knex;
  let server: Server;
  const name = `zoo_test_${randomBytes(6).toString('hex')}`;
  const ctx = () => ({ server, db: { knex: pooled, kind: 'postgres' } }) as unknown as TestContext;
  const c = commerce(ctx);

  beforeAll(async () => {
    if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing: apt-get install pgbouncer (.ci/run does)`);
    admin = knexFactory({ client: 'pg', connection: adminUrl(url as string), pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const pg = new URL(url as string);
    const directUrl = new URL(pg);
    directUrl.pathname = `/${name}`;
    direct = createKnex({ databaseUrl: directUrl.toString(), poolMax: 2 });
    // First deploy: the defaults are set before pgbouncer opens its server connections (deploy/README.md).
    await setRoleTimeoutDefaults(direct);

    dir = mkdtempSync(join(tmpdir(), 'zoo-pgbouncer-'));
    const port = await freePort();
    writeFileSync(join(dir, 'users.txt'), `"${pg.username || 'postgres'}" ""\n`);
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      `[databases]
zoo = host=${pg.hostname} port=${pg.port || 5432} dbname=${name}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
pool_mode = transaction
default_pool_size = 3
max_client_conn = 200
logfile = ${join(dir, 'pgbouncer.log')}
`,
    );
    // pgbouncer refuses to run as root.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    const ini = join(dir, 'pgbouncer.ini');
    bouncer = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, ini], { stdio: 'ignore' })
      : spawn(PGBOUNCER, [ini], { stdio: 'ignore' });
    const pooledUrl = `postgres://${pg.username || 'postgres'}@127.0.0.1:${port}/zoo`;
    pooled = createKnex({ databaseUrl: pooledUrl, poolMax: 12, pooler: 'pgbouncer' });
    const end = Date.now() + 15_000;
    for (;;) {
      try {
        await pooled.raw('SELECT 1');
        break;
      } catch (err) {
        if (Date.now() > end) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DEMO: 'true',
      LOG_LEVEL: 'silent',
      PORT: '0',
      CATALOGUE_CACHE_MS: '0',
      DATABASE_URL: pooledUrl,
      DATABASE_POOLER: 'pgbouncer',
    });
    server = await createServer(config, { knex: pooled, closeDbOnStop: false });
    await server.initialize();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await pooled?.destroy();
    await direct?.destroy();
    bouncer?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await admin?.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every server connection the pool default timeouts without startup parameters', async () => {
    const shown = await Promise.all(
      Array.from({ length: 12 }, () =>
        pooled.raw<{ rows: { lock_timeout: string; statement_timeout: string }[] }>(
          "SELECT current_setting('lock_timeout') AS lock_timeout, current_setting('statement_timeout') AS statement_timeout, pg_sleep(0.05)",
        ),
      ),
    );
    for (const r of shown) expect(r.rows[0]).toMatchObject({ lock_timeout: '10s', statement_timeout: '30s' });
  });

  it('takes the startup lock one instance at a time, and never leaves it held', async () => {
    const spans: [number, number][] = [];
    const work = () =>
      withStartupLock(pooled, 424_242, async () => {
        const start = Date.now();
        // Other statements of the app keep going on the pool meanwhile.
        await Promise.all([pooled.raw('SELECT pg_sleep(0.2)'), pooled.raw('SELECT 1')]);
        spans.push([start, Date.now()]);
      });
    await Promise.all([work(), work(), work()]);
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? 0);
    // Released: the lock is free on the database, whichever server connection asks.
    const held = await direct.raw<{ rows: unknown[] }>(
      "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242 AND granted",
    );
    expect(held.rows).toHaveLength(0);
  });

  it('sells through carts and checkout under concurrency, nothing oversold', async () => {
    const item = await c.makeItem({ capacity: 10 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => c.user()));
    const added = await Promise.allSettled(buyers.map((b) => c.addToCart(b, item, 2)));
    const ok = added.filter((a) => a.status === 'fulfilled').length;
    expect(ok).toBe(5);
    const units = await direct('stock_units').where({ item_id: item.id }).select('capacity', 'sold', 'held');
    for (const u of units) expect(u.sold + u.held).toBeLessThanOrEqual(u.capacity);
    expect(units.reduce((n, u) => n + u.held, 0)).toBe(10);
    const placed = await Promise.all(
      buyers
        .filter((_, i) => added[i]?.status === 'fulfilled')
        .map((b) => c.call('POST', '/api/v1/orders', b, { park_id: item.parkId, agreement: true, payment_method: 3 })),
    );
    for (const p of placed) expect(p.statusCode, p.payload).toBe(201);
  });
});
