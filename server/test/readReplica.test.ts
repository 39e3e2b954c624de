// Catalogue reads from a PostgreSQL hot standby (issue 30): a real primary and a real streaming replica
// (pg_basebackup from this machine's PostgreSQL 15), the app reading the public catalogue from the replica while
// it is fresh and from the primary when it lags, stops replaying, or is down. Runs in the PostgreSQL leg (it makes
// its own two clusters; the PGlite leg has no PostgreSQL to stand for).
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, startReplica, type ThrowawayPostgres } from '../../bench/lib/postgres';
import { seed } from '../../seeds/index';
import { loadConfig } from '../config';
import { createKnex } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { createReadRouter } from '../db/readReplica';
import { createServer } from '../server';

const onPostgres = Boolean(process.env.DATABASE_URL);

async function until(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(onPostgres)('catalogue reads from a streaming replica', () => {
  let primary: ThrowawayPostgres;
  let replica: ThrowawayPostgres;
  let primaryKnex: Knex;
  let replicaKnex: Knex;

  const inRecovery = async (db: Knex) =>
    ((await db.raw<{ rows: { r: boolean }[] }>('SELECT pg_is_in_recovery() AS r')).rows[0]?.r ?? false) as boolean;
  const parkName = async (db: Knex) => (await db('parks').where({ id: 1 }).first('name_ja'))?.nameJa as string;

  beforeAll(async () => {
    primary = startPostgres();
    primaryKnex = createKnex({ databaseUrl: primary.url });
    await migrateLatest(primaryKnex);
    await seed(primaryKnex);
    replica = startReplica(primary);
    replicaKnex = createKnex({ databaseUrl: replica.url });
    await until('the replica to answer', () =>
      replicaKnex.raw('SELECT 1').then(
        () => true,
        () => false,
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await replicaKnex?.destroy();
    await primaryKnex?.destroy();
    replica?.stop();
    primary?.stop();
  });

  it('uses a caught-up replica (also after the primary has been idle), and the primary while replay lags', async () => {
    const reads = createReadRouter({
      primary: primaryKnex,
      replicaUrl: replica.url,
      maxLagMs: 1_000,
      checkEveryMs: 600_000,
    });
    try {
      await until('the replica to catch up', async () => (await reads.check()).inUse);
      expect(reads.status()).toMatchObject({ configured: true, inUse: true, lagMs: 0, reason: null });
      expect(await inRecovery(reads.db())).toBe(true);

      // Nothing written for longer than the bound: an old last-replay time alone is not lag.
      await sleep(1_500);
      expect((await reads.check()).inUse).toBe(true);

      // Replay stops while the primary writes: within the bound the replica still serves (a few seconds stale is
      // what these reads accept), beyond it reads go to the primary.
      await replicaKnex.raw('SELECT pg_wal_replay_pause()');
      await primaryKnex('parks').where({ id: 1 }).update({ name_ja: '遅れの確認' });
      await sleep(1_500);
      const lagging = await reads.check();
      expect(lagging).toMatchObject({ inUse: false, reason: 'lagging' });
      expect(lagging.lagMs).toBeGreaterThan(1_000);
      expect(await inRecovery(reads.db())).toBe(false);
      expect(await parkName(reads.db())).toBe('遅れの確認');

      await replicaKnex.raw('SELECT pg_wal_replay_resume()');
      await until('the replica to catch up again', async () => (await reads.check()).inUse);
      expect(await parkName(reads.db())).toBe('遅れの確認');
    } finally {
      await reads.stop();
    }
  });

  it('serves the public catalogue through the app from the replica, and from the primary when the replica is stale', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DEMO: 'true',
      LOG_LEVEL: 'silent',
      PORT: '0',
      CATALOGUE_CACHE_MS: '0',
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URL: replica.url,
      REPLICA_MAX_LAG_MS: '1000',
    });
    const server: Server = await createServer(config, { knex: primaryKnex, closeDbOnStop: false });
    await server.initialize();
    try {
      await until('the app to use the replica', async () => (await server.app.reads.check()).inUse);
      expect((await server.inject('/api/health')).result).toMatchObject({ data: { database: 'up', replica: 'inUse' } });
      await replicaKnex.raw('SELECT pg_wal_replay_pause()');
      await primaryKnex('parks').where({ id: 1 }).update({ name_ja: '主の名前', name_en: 'Primary name' });
      const stale = await server.inject({ url: '/api/v1/parks/1', headers: { 'accept-language': 'ja' } });
      expect(stale.statusCode).toBe(200);
      // The replica answered: it has not replayed the rename.
      expect(JSON.parse(stale.payload)).toMatchObject({ data: { name: '遅れの確認' } });

      await sleep(1_500);
      expect((await server.app.reads.check()).reason).toBe('lagging');
      const fresh = await server.inject({ url: '/api/v1/parks/1', headers: { 'accept-language': 'en' } });
      expect(JSON.parse(fresh.payload)).toMatchObject({ data: { name: 'Primary name' } });
      // Writes and signed-in reads never went anywhere else: the primary has the rename.
      expect(await parkName(primaryKnex)).toBe('主の名前');

      await replicaKnex.raw('SELECT pg_wal_replay_resume()');
      await until('the replica to catch up', async () => (await server.app.reads.check()).inUse);

      // A replica that is down: reads go to the primary.
      replica.stop();
      const down = await server.app.reads.check();
      expect(down).toMatchObject({ inUse: false, reason: 'unreachable' });
      expect((await server.inject('/api/health')).result).toMatchObject({
        data: { database: 'up', replica: 'unreachable' },
      });
      const afterDown = await server.inject({ url: '/api/v1/parks/1', headers: { 'accept-language': 'ja' } });
      expect(afterDown.statusCode).toBe(200);
      expect(JSON.parse(afterDown.payload)).toMatchObject({ data: { name: '主の名前' } });
    } finally {
      await server.stop();
    }
  });
});
