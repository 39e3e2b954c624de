// Flash-sale benchmark: the real server (its own process, listening on a port, PostgreSQL) takes holds of 1 on one
// hot slot with a large capacity, from many keep-alive HTTP clients (node:http; every request a new guest, so
// every request is a new cart line holding stock). Next to it, on the same cluster, pgbench runs the bare
// conditional UPDATE a hold comes down to, with as many clients. Rounds alternate (HTTP, pgbench, HTTP, pgbench…)
// so a noisy machine weighs on both sides alike; the ratio is median holds/s over median pgbench tps. Both are run
// over TCP (127.0.0.1) and over the cluster's Unix socket. After each HTTP round, an oversell check: sold + held <=
// capacity on every row, and the successful holds (201s) equal the row's held count and its live holds.
// Prints JSON; targets: every round's ratio >= 0.5, the median >= 0.6.
//   npm run bench:flash-sale
//   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CLIENTS=100 BENCH_TRANSPORTS=tcp npm run bench:flash-sale
//   BENCH_INSTANCES=2 npm run bench:flash-sale   (two app instances on the one database, the clients spread over them)
//   DATABASE_URL=postgres://… npm run bench:flash-sale   (an existing cluster, TCP only; pgbench must reach it)
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { DateAvailability } from '../common/dto/cart';
import { addDays, tokyoDate } from '../common/time';
import { seed } from '../seeds/index';
import { createKnex } from '../server/db/knex';
import { migrateLatest } from '../server/db/migrate';
import { startPostgres } from './lib/postgres';
import { startProcess, stopProcess } from './lib/processes';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const CAPACITY = 10_000_000;
// Targets: every round at least 0.5 of pgbench, the median of the rounds at least 0.6.
const TARGET_ROUND = 0.5;
const TARGET_MEDIAN = 0.6;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

type Transport = 'tcp' | 'unix';
const pg = process.env.DATABASE_URL ? null : startPostgres();
const TRANSPORTS: Transport[] = pg
  ? ((process.env.BENCH_TRANSPORTS ?? 'tcp,unix').split(',').filter((t) => t === 'tcp' || t === 'unix') as Transport[])
  : ['tcp'];
const dbName = `zoo_flash_${randomUUID().slice(0, 8)}`;

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/** The socket directory of the throwaway cluster (bench/lib/postgres.ts starts it with -k <its temp dir>). */
function socketDirOf(port: number): string {
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('zoo-bench-pg-'))) {
    if (existsSync(join(tmpdir(), dir, `.s.PGSQL.${port}`))) return join(tmpdir(), dir);
  }
  throw new Error('socket of the throwaway cluster not found');
}

function urlFor(transport: Transport): string {
  const url = withDb(process.env.DATABASE_URL ?? pg?.url ?? '', dbName);
  if (transport === 'tcp' || !pg) return url;
  const u = new URL(url);
  u.hostname = 'localhost';
  u.searchParams.set('host', socketDirOf(pg.port));
  return u.toString();
}

const percentile = (sorted: number[], p: number) =>
  +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const admin = knexFactory({
  client: 'pg',
  connection: process.env.DATABASE_URL ?? pg?.url ?? '',
  pool: { min: 0, max: 1 },
});
await admin.raw(`CREATE DATABASE ${dbName}`);
const knex = createKnex({ databaseUrl: urlFor('tcp'), poolMax: 2 });
const scratch = mkdtempSync(join(tmpdir(), 'zoo-flash-'));
const secret = randomBytes(32).toString('hex');
let children: Awaited<ReturnType<typeof startProcess>>[] = [];

try {
  await migrateLatest(knex);
  await seed(knex);

  // The hot item: one slot with a large capacity.
  const today = tokyoDate();
  const park = (await knex('parks').where('is_private', false).orderBy('id').first('id')).id as number;
  const [item] = await knex('items')
    .insert({
      code: `bench-flash-${randomUUID()}`,
      park_id: park,
      category: 1,
      name_ja: '先着販売イベント',
      name_en: 'Flash sale event',
      description_ja: 'ベンチマーク用の先着販売です。',
      sale_label: 4,
      combination_label: 99,
      usage_trigger: 1,
      max_per_order: 10,
      available_from: addDays(today, -1),
      available_until: addDays(today, 90),
      daily_capacity: CAPACITY,
      image_url: '/media/bench.svg',
      link_id: randomUUID(),
    })
    .returning('id');
  const itemId = item.id as number;
  const [plan] = await knex('item_plans')
    .insert({ item_id: itemId, kind: 'basic', name_ja: '基本プラン', sort: 0 })
    .returning('id');
  await knex('item_plan_prices').insert({ item_plan_id: plan.id, age_group_id: 5, price: 3000 });
  const [slot] = await knex('item_time_slots')
    .insert({ item_id: itemId, start_time: '10:00', end_time: '11:00', capacity: CAPACITY })
    .returning('id');
  const slotId = slot.id as number;

  const script = join(scratch, 'hold.sql');
  writeFileSync(
    script,
    'UPDATE stock_units SET held = held + 1 WHERE id = :unit AND sold + held + 1 <= capacity RETURNING id;\n',
  );

  /** pgbench on a stock row of its own (same item, another date), same statement as the hold's last step. */
  function pgbench(transport: Transport, date: string): Promise<{ tps: number; latencyMs: number }> {
    return (async () => {
      const unit = (
        await knex.raw(
          `INSERT INTO stock_units (item_id, date, time_slot_id, capacity) VALUES (?, ?, ?, ?)
           ON CONFLICT (item_id, date, (COALESCE(time_slot_id, 0)), pool) DO NOTHING RETURNING id`,
          [itemId, date, slotId, CAPACITY],
        )
      ).rows[0].id as number;
      const u = new URL(urlFor(transport));
      const out = execFileSync(
        join(PG_BIN, 'pgbench'),
        [
          '-n',
          '-c',
          String(CLIENTS),
          '-j',
          '2',
          '-T',
          String(DURATION),
          '-f',
          script,
          '-D',
          `unit=${unit}`,
          '-h',
          u.searchParams.get('host') ?? u.hostname,
          '-p',
          u.port || '5432',
          '-U',
          u.username || 'postgres',
          dbName,
        ],
        { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
      );
      if (process.env.BENCH_VERBOSE) console.error(out);
      return {
        tps: +Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0).toFixed(1),
        latencyMs: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0),
      };
    })();
  }

  interface TransportResult {
    transport: Transport;
    dates: string[];
    holdsPerSecond: number;
    p99Ms: number;
    pgbenchTps: number;
    ratio: number;
    rounds: { ratio: number; oversellCheck: { ok: boolean } }[];
  }
  const results: TransportResult[] = [];
  for (const transport of TRANSPORTS) {
    // BENCH_INSTANCES app instances on one database (as behind the load balancer, deploy/), the clients spread
    // over them in turn: their batches of adds then meet on the hot stock row.
    const firstPort = 3600 + Math.floor(Math.random() * 300);
    const ports = Array.from({ length: INSTANCES }, (_, i) => firstPort + i);
    for (const port of ports) {
      children.push(
        await startProcess(
          'server/index.ts',
          {
            DATABASE_URL: urlFor(transport),
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED: 'false',
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            // A production start (no DEMO: no local sign-in provider, no sandboxes): not part of this path.
            APP_SECRET: secret,
            // What is measured is the add path itself: the waiting room's trigger (600 holds a minute) would put the
            // hot item behind a room within the first round and refuse every add without an admission.
            WAITING_ROOM_AUTO_HOLDS_PER_MINUTE: '0',
          },
          `http://127.0.0.1:${port}/api/health`,
        ),
      );
    }
    const base = `http://127.0.0.1:${firstPort}`;
    const days = (await (
      await fetch(`${base}/api/v1/items/${itemId}/availability?from=${addDays(today, 1)}&to=${addDays(today, 60)}`)
    ).json()) as { data: DateAvailability[] };
    const open = days.data
      .filter((d) => d.status === 'available')
      .map((d) => d.date)
      .filter((d) => !results.some((r) => r.dates.includes(d)));
    const dates = open.slice(0, 1 + 2 * ROUNDS);
    if (dates.length < 1 + 2 * ROUNDS) throw new Error('not enough open dates for the hot item');

    // Keep-alive clients, one request at a time each, every request a new guest (a new line holding 1). A client
    // starts no request after the deadline and waits for the one in flight, so every hold made is counted.
    let agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const post = (date: string, port: number) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const body = JSON.stringify({
          item_id: itemId,
          date,
          time_slot_id: slotId,
          quantities: [{ age_group_id: 5, quantity: 1 }],
        });
        const started = performance.now();
        const req = http.request(
          {
            agent,
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/carts',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'accept-language': 'ja',
              'x-guest-user-id': randomUUID(),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    async function hold(date: string, seconds: number) {
      // Fresh sockets each round: the server closes idle keep-alive sockets while pgbench runs.
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
      const deadline = performance.now() + seconds * 1000;
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let errors = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          while (performance.now() < deadline) {
            try {
              const r = await post(date, ports[client % ports.length] as number);
              latencies.push(r.ms);
              statuses[r.status] = (statuses[r.status] ?? 0) + 1;
            } catch {
              errors++;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const successes = statuses['201'] ?? 0;
      // Oversell check of the round's row.
      const row = (await knex('stock_units')
        .where({ item_id: itemId, date, time_slot_id: slotId })
        .first('id', 'capacity', 'sold', 'held')) as { id: number; capacity: number; sold: number; held: number };
      const live = Number(
        (await knex('stock_holds').where({ stock_unit_id: row.id, state: 'held' }).sum({ n: 'quantity' }).first())?.n ??
          0,
      );
      return {
        holdsPerSecond: +(successes / elapsed).toFixed(1),
        requests: latencies.length,
        statuses,
        errors,
        latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
        check: {
          capacity: row.capacity,
          sold: row.sold,
          held: row.held,
          successfulHolds: successes,
          liveHoldQuantity: live,
          ok: row.sold + row.held <= row.capacity && successes === row.held && live === row.held,
        },
      };
    }

    const [warmDate, ...roundDates] = dates as [string, ...string[]];
    if (WARMUP > 0) await hold(warmDate, WARMUP);
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const httpRound = await hold(roundDates[2 * r] as string, DURATION);
      const pgRound = await pgbench(transport, roundDates[2 * r + 1] as string);
      rounds.push({ http: httpRound, pgbench: pgRound });
    }
    agent.destroy();
    for (const c of children) await stopProcess(c);
    children = [];

    const holds = median(rounds.map((r) => r.http.holdsPerSecond));
    const tps = median(rounds.map((r) => r.pgbench.tps));
    results.push({
      transport,
      dates,
      holdsPerSecond: +holds.toFixed(1),
      p99Ms: median(rounds.map((r) => r.http.latencyMs.p99)),
      pgbenchTps: +tps.toFixed(1),
      ratio: tps > 0 ? +(holds / tps).toFixed(3) : 0,
      rounds: rounds.map((r) => ({
        holdsPerSecond: r.http.holdsPerSecond,
        requests: r.http.requests,
        statuses: r.http.statuses,
        errors: r.http.errors,
        latencyMs: r.http.latencyMs,
        pgbench: r.pgbench,
        ratio: r.pgbench.tps > 0 ? +(r.http.holdsPerSecond / r.pgbench.tps).toFixed(3) : 0,
        oversellCheck: r.http.check,
      })),
    });
  }

  const over = Number((await knex('stock_units').whereRaw('sold + held > capacity').count({ n: '*' }).first())?.n ?? 0);
  const noOversell = over === 0 && results.every((r) => r.rounds.every((x) => x.oversellCheck.ok));
  console.log(
    JSON.stringify(
      {
        benchmark: 'flash-sale-holds',
        clients: CLIENTS,
        instances: INSTANCES,
        durationSeconds: DURATION,
        rounds: ROUNDS,
        results: results.map(({ dates: _dates, ...r }) => r),
        oversell: { rowsOverCapacity: over, ok: noOversell },
        target: { everyRound: TARGET_ROUND, median: TARGET_MEDIAN },
        // The ratio to pgbench holds up better than either figure alone, but a loaded machine still lowers it.
        loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
        ok:
          noOversell &&
          results.every((r) => r.ratio >= TARGET_MEDIAN && r.rounds.every((round) => round.ratio >= TARGET_ROUND)),
      },
      null,
      2,
    ),
  );
} finally {
  for (const c of children) await stopProcess(c);
  await knex.destroy();
  await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.destroy();
  rmSync(scratch, { recursive: true, force: true });
  pg?.stop();
}
