// Waiting-room benchmark (issue 30, Proof): a flash sale through the virtual waiting room, at production shape on
// one machine. A throwaway PostgreSQL primary and a streaming replica (pg_basebackup -R), two app instances
// (DATABASE_URL = primary, DATABASE_REPLICA_URL = replica) behind HAProxy (deploy/haproxy.cfg with the bench's
// ports), one item of PLACES places sold through a waiting room with a pre-queue. VISITORS simulated visitors
// (signed-in accounts: one place per account), EARLY of them joining before the opening, the rest after it in arrival
// order; each reads the item (a catalogue read: the replica), joins, polls its status through HAProxy honouring
// Retry-After, and once let in takes its admission, adds the item to its cart with it and pays (PayPay sandbox:
// order, approval page, return). Halfway through the sale (sold >= PLACES / 2) one instance is SIGKILLed; HAProxy
// routes around it. When the item is sold out the staff close the room and the visitors still waiting go home.
// Prints JSON: oversell checks, bought ratio, order checks (the pre-queue against the published ranking, recomputed
// with queue:verify's code; arrival order after), status latency (at the balancer from HAProxy's log; as the simulator
// saw it, and with its wait for a socket), RSS of each instance, the replica's reads, the kill and whether anyone's place changed, load average,
// durations.
//   npm run bench:waiting-room
//   BENCH_VISITORS=2000 BENCH_EARLY=300 BENCH_PLACES=200 npm run bench:waiting-room     (a small run)
//   BENCH_CHECK=1 exits 1 when an invariant broke (CI runs 300 visitors for 30 places so: .ci/run)
// Knobs (env): BENCH_VISITORS (20000), BENCH_EARLY (3000), BENCH_PLACES (2000), BENCH_PREQUEUE_S (30: early
// joins spread over the first PREQUEUE_S - 5 s, the opening at PREQUEUE_S), BENCH_ARRIVAL_S (60: late joins spread
// over this after the opening), BENCH_RATE (25: the staff's admissions per second, the adaptive rate's maximum),
// BENCH_TOKEN_MINUTES (5), BENCH_KILL (1: kill an instance halfway; 0: no), BENCH_SOCKETS (256: client sockets to
// HAProxy), BENCH_MAX_S (900: the sale's time limit), BENCH_PORT_BASE (4700: ports base..base+99).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { isPendingPayment } from '../common/rules/paymentState';
import { addDays, tokyoDate } from '../common/time';
import { seed } from '../seeds/index';
import { loadConfig } from '../server/config';
import { createKnex, toCount } from '../server/db/knex';
import { migrateLatest } from '../server/db/migrate';
import { issueAccessToken } from '../server/features/auth/accessToken';
import { type PublishedRanking, verifyRanking } from '../server/features/waitingRoom';
import { ROOM_CACHE_MS } from '../server/features/waitingRoom/store';
import { startPostgres, startReplica, type ThrowawayPostgres } from './lib/postgres';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const VISITORS = num('BENCH_VISITORS', 20_000);
const EARLY = Math.min(VISITORS, num('BENCH_EARLY', 3_000));
const PLACES = num('BENCH_PLACES', 2_000);
const PREQUEUE_S = num('BENCH_PREQUEUE_S', 30);
const ARRIVAL_S = num('BENCH_ARRIVAL_S', 60);
const RATE = num('BENCH_RATE', 25);
const TOKEN_MINUTES = num('BENCH_TOKEN_MINUTES', 5);
const KILL = num('BENCH_KILL', 1) === 1;
const SOCKETS = num('BENCH_SOCKETS', 256);
const MAX_S = num('BENCH_MAX_S', 900);
const PORT_BASE = num('BENCH_PORT_BASE', 4700) + 10 * Math.floor(Math.random() * 9);
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const TARGET_P99_MS = 50;

const t0 = Date.now();
const since = () => +((Date.now() - t0) / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...a: unknown[]) => console.error(`[${since()}s]`, ...a);
const load = () => loadavg().map((x) => +x.toFixed(2));
const percentile = (sorted: number[], p: number) =>
  +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);

const loadAtStart = load();
const started = new Date().toISOString();
const scratch = mkdtempSync(join(tmpdir(), 'zoo-wr-'));
// The instances' and HAProxy's output, kept after the run.
const logDir = mkdtempSync(join(tmpdir(), 'zoo-wr-logs-'));
let primary: ThrowawayPostgres | null = null;
let replica: ThrowawayPostgres | null = null;
const children: ChildProcess[] = [];
let knex: Knex | null = null;

function dbUrl(pg: ThrowawayPostgres, db: string) {
  const u = new URL(pg.url);
  u.pathname = `/${db}`;
  return u.toString();
}

function rssKb(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used (user + system), from /proc; null once it is gone. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The machine's busy CPU seconds over all cores (everything but idle and iowait), from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...t] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = t;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * Each status poll's time at the balancer, from HAProxy's request log (httplog): Ta, from the request's first byte
 * to the answer's last, sorted. What a visitor on their own connection waits, without the simulator's own event
 * loop (one process playing 20,000 visitors), which delays when the client sees an answer that has arrived.
 */
function statusTimesAtBalancer(logFile: string): number[] {
  const times: number[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    // ... www status/status1 0/0/0/3/3 200 ... "GET /api/v1/items/103/waiting-room HTTP/1.1"
    const m = / status\/status\d+ -?\d+\/-?\d+\/-?\d+\/-?\d+\/(\d+) 200 /.exec(line);
    if (m && line.includes('/waiting-room HTTP')) times.push(Number(m[1]));
  }
  return times.sort((a, b) => a - b);
}

function fdLimit(): number {
  try {
    return Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()) || 4096;
  } catch {
    return 4096;
  }
}

/** deploy/haproxy.cfg with the bench's frontend port and the instances' ports (same shape otherwise). */
function haproxyConfig(port: number, backends: number[], statusBackends: number[]): string {
  const cfg = readFileSync(join(import.meta.dirname, '..', 'deploy', 'haproxy.cfg'), 'utf8');
  const servers = backends.map((p, i) => `    server app${i + 1} 127.0.0.1:${p} check`).join('\n');
  const statusServers = statusBackends.map((p, i) => `    server status${i + 1} 127.0.0.1:${p} check`).join('\n');
  return (
    cfg
      // HAProxy's request log: its timers give each status poll's time at the balancer (statusAtBalancer).
      .replace(/^\s*log stdout.*$/m, '    log stdout format raw local0')
      // The machine's open-file limit bounds HAProxy's (two descriptors per connection).
      .replace(/^(\s*)maxconn 20000$/m, `$1maxconn ${Math.min(20_000, Math.floor((fdLimit() - 100) / 2))}`)
      .replace(/^(\s*)bind :\d+/m, `$1bind 127.0.0.1:${port}`)
      .replace(/(^\s*server app\d+ .*\n?)+/m, `${servers}\n`)
      .replace(/(^\s*server status\d+ .*\n?)+/m, `${statusServers}\n`)
  );
}

// ---- the HTTP client: keep-alive sockets to HAProxy, JSON in and out ----
let agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
interface Answer {
  status: number;
  /** From the call to the last byte, the wait for one of the client's SOCKETS included. */
  ms: number;
  /** From the moment the request had its socket (a browser's own connection) to the last byte. */
  wireMs: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
  headers: http.IncomingHttpHeaders;
  at: number;
}
function request(
  base: string,
  method: string,
  path: string,
  o: { token?: string; body?: object | string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const begin = performance.now();
    let onSocket = begin;
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: {
          'accept-language': 'ja',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(payload !== undefined
            ? {
                'content-type': typeof o.body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
          ...o.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - begin,
            wireMs: performance.now() - onSocket,
            body,
            headers: res.headers,
            at: Date.now(),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('socket', () => {
      onSocket = performance.now();
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

let stop = false;
let wake: () => void = () => {};
const stopped = new Promise<void>((r) => {
  wake = r;
});
/** A pause that ends early when the run stops. */
const nap = (ms: number) => Promise.race([sleep(ms), stopped]);

const errors: Record<string, number> = {};
const count = (what: string) => {
  errors[what] = (errors[what] ?? 0) + 1;
};

/** A request retried (after a pause) while the balancer or an instance fails it: 502/503/504 or a broken socket. */
async function call(
  base: string,
  method: string,
  path: string,
  o: Parameters<typeof request>[3] & { what: string },
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const a = await request(base, method, path, o);
      if (a.status < 502 || attempt >= 10 || stop) return a;
      count(`${o.what}:${a.status}`);
    } catch (err) {
      count(`${o.what}:${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      if (attempt >= 10 || stop) throw err;
    }
    await nap(500 * attempt);
  }
}

try {
  // ---- databases ----
  primary = startPostgres();
  const db = 'zoo_wr';
  const admin = createKnex({ databaseUrl: primary.url, poolMax: 1 });
  await admin.raw(`CREATE DATABASE ${db}`);
  await admin.destroy();
  knex = createKnex({ databaseUrl: dbUrl(primary, db), poolMax: 8 });
  await migrateLatest(knex);
  await seed(knex);
  log('primary migrated and seeded');

  const appSecret = randomBytes(32).toString('hex');
  const lbPort = PORT_BASE;
  const ports = [PORT_BASE + 1, PORT_BASE + 2];
  // Each instance's status worker (STATUS_PORT): HAProxy sends the status poll there (deploy/haproxy.cfg).
  const statusPorts = [PORT_BASE + 3, PORT_BASE + 4];
  const base = `http://127.0.0.1:${lbPort}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: 'true',
    APP_SECRET: appSecret,
    PUBLIC_URL: base,
    DATABASE_URL: dbUrl(primary, db),
  });

  // ---- the item, the visitors' accounts and an editor ----
  const today = tokyoDate();
  const parkId = (await knex('parks').where('is_private', false).orderBy('id').first('id')).id as number;
  const [item] = await knex('items')
    .insert({
      code: `bench-wr-${randomUUID().slice(0, 8)}`,
      park_id: parkId,
      category: 1,
      name_ja: 'パンダの赤ちゃん初公開',
      name_en: "The panda cub's first viewing",
      description_ja: 'ベンチマーク用の人気販売です。',
      sale_label: 4,
      combination_label: 99,
      usage_trigger: 1,
      max_per_order: 1,
      available_from: addDays(today, -1),
      available_until: addDays(today, 90),
      daily_capacity: PLACES,
      image_url: '/media/bench.svg',
      link_id: randomUUID(),
    })
    .returning('id');
  const itemId = Number(item.id);
  const [plan] = await knex('item_plans')
    .insert({ item_id: itemId, kind: 'basic', name_ja: '基本プラン', name_en: 'Standard', sort: 0 })
    .returning('id');
  await knex('item_plan_prices').insert({ item_plan_id: plan.id, age_group_id: 5, price: 3000 });

  const userIds: number[] = [];
  for (let i = 0; i < VISITORS + 1; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, VISITORS + 1 - i) }, (_, k) => ({
      email: `wr-${i + k}-${randomUUID().slice(0, 8)}@example.jp`,
      name: '動物 花子',
      email_verified_at: new Date(),
      telephone: '090-1234-5678',
      birthdate: '1990-04-01',
      prefecture_id: 13,
    }));
    const ids = (await knex('users').insert(rows).returning('id')) as { id: number }[];
    userIds.push(...ids.map((r) => Number(r.id)));
  }
  const editorId = userIds.pop() as number;
  await knex('park_staff').insert({ user_id: editorId, park_id: parkId, role: 'editor' });
  const tokens: string[] = new Array(VISITORS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < VISITORS) {
        const i = next++;
        tokens[i] = (await issueAccessToken(knex as Knex, config, userIds[i] as number)).access_token;
      }
    }),
  );
  const editorToken = (await issueAccessToken(knex, config, editorId)).access_token;
  log(`${VISITORS} accounts signed in`);

  // ---- the replica, the instances, HAProxy ----
  replica = startReplica(primary);
  const env = {
    DATABASE_URL: dbUrl(primary, db),
    DATABASE_REPLICA_URL: dbUrl(replica, db),
    HOST: '127.0.0.1',
    SEED: 'false',
    NODE_ENV: 'test',
    DEMO: 'true',
    APP_SECRET: appSecret,
    PUBLIC_URL: base,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // The sweeps (adaptive rate, turn notices, expired holds) as often as a busy sale would want them.
    HOLD_SWEEP_INTERVAL_MS: '5000',
  };
  const pids: number[] = [];
  const up = ports.map(async (port, i) => {
    const out = openSync(join(logDir, `app${i + 1}.log`), 'a');
    // BENCH_CPU_PROF=<dir>: each instance writes a CPU profile there when it stops (with BENCH_KILL=0: a killed one
    // writes none).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        STATUS_PORT: String(statusPorts[i]),
        LOCAL_OIDC_PORT: String(PORT_BASE + 5 + i),
        DATA_DIR: join(scratch, `app${i + 1}`),
      },
      stdio: ['ignore', out, out],
    });
    children.push(child);
    pids[i] = child.pid as number;
    for (let n = 0; ; n++) {
      if (child.exitCode !== null) throw new Error(`instance ${i + 1} exited: see ${logDir}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {}
      if (n > 600) throw new Error(`instance ${i + 1} did not come up: see ${logDir}`);
      await sleep(250);
    }
  });
  await Promise.all(up);
  const cfgFile = join(scratch, 'haproxy.cfg');
  writeFileSync(cfgFile, haproxyConfig(lbPort, ports, statusPorts));
  const lbOut = openSync(join(logDir, 'haproxy.log'), 'a');
  const lb = spawn(HAPROXY, ['-db', '-f', cfgFile], { stdio: ['ignore', lbOut, lbOut] });
  children.push(lb);
  for (let i = 0; ; i++) {
    try {
      const h = await request(base, 'GET', '/api/health');
      if (h.status === 200 && h.body?.data?.replica === 'inUse') break;
    } catch {}
    if (i > 120) throw new Error('HAProxy or the replica did not come up');
    await sleep(250);
  }
  log('two instances behind HAProxy, replica in use');

  // ---- the waiting room: set up by the staff API ----
  const setupAt = Date.now();
  const opensAt = new Date(setupAt + PREQUEUE_S * 1000);
  const roomUrl = `/api/v1/staff/parks/${parkId}/items/${itemId}/waiting-room`;
  const made = await request(base, 'PUT', roomUrl, {
    token: editorToken,
    body: { opens_at: opensAt.toISOString(), rate: RATE, token_minutes: TOKEN_MINUTES },
  });
  if (made.status !== 200) throw new Error(`room set-up: ${made.status} ${JSON.stringify(made.body)}`);
  const days = await request(
    base,
    'GET',
    `/api/v1/items/${itemId}/availability?from=${addDays(today, 1)}&to=${addDays(today, 30)}`,
  );
  const date = (days.body.data as { date: string; status: string }[]).find((d) => d.status === 'available')?.date;
  if (!date) throw new Error('no open date');

  // Replica reads before the sale (pg_stat_database on the standby counts what it served).
  const replicaKnex = createKnex({ databaseUrl: dbUrl(replica, db), poolMax: 1 });
  const replicaStats = async () =>
    (
      await replicaKnex.raw(
        'SELECT xact_commit::int AS xacts, tup_returned::bigint AS tuples FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows[0] as { xacts: number; tuples: string };
  const replicaBefore = await replicaStats();

  // ---- the visitors ----
  interface Visitor {
    i: number;
    early: boolean;
    arriveAt: number;
    joinStart?: number;
    joinEnd?: number;
    entryId?: string;
    position?: number;
    positionBeforeKill?: number;
    changedAfterKill?: boolean;
    positionsSeen: Set<number>;
    admittedAt?: number;
    expiresAt?: number;
    tried?: boolean;
    outcome?: 'bought' | 'soldOut' | 'failed' | 'closed' | 'stopped';
    failure?: string;
    boughtAt?: number;
    notYetAfterAdmitted?: number;
  }
  const openMs = opensAt.getTime();
  const visitors: Visitor[] = Array.from({ length: VISITORS }, (_, i) => {
    const early = i < EARLY;
    // Early joins spread over the pre-queue (ending 5 s before the opening); late ones after it, in index order.
    const arriveAt = early
      ? setupAt + ((i + Math.random()) / EARLY) * Math.max(1, PREQUEUE_S - 5) * 1000
      : openMs + 500 + ((i - EARLY + 0.5) / Math.max(1, VISITORS - EARLY)) * ARRIVAL_S * 1000;
    return { i, early, arriveAt, positionsSeen: new Set() };
  });

  const statusMs: number[] = [];
  const statusClientMs: number[] = [];
  // The simulator's own event-loop delay: how late it may see an answer that has arrived.
  const simulatorLoop = monitorEventLoopDelay({ resolution: 10 });
  simulatorLoop.enable();
  // Each "not yet" with the time an admission behind it must precede to be an inversion: the admission's refusal
  // reads the database (its start); the status poll answers from a row up to ROOM_CACHE_MS old (store.ts), so an
  // admission handed within that second before it may be behind it without anyone passing anyone.
  const notYet: { position: number; before: number }[] = [];
  const admissions: { position: number; at: number }[] = [];
  let killAt: number | null = null;
  let catalogueReads = 0;

  function see(v: Visitor, place: { entryId: string; position: number | null } | null) {
    if (!place) return;
    v.entryId = place.entryId;
    if (place.position === null) return;
    if (v.position !== undefined && v.position !== place.position) count('positionChanged');
    if (killAt !== null && v.positionBeforeKill !== undefined && v.positionBeforeKill !== place.position) {
      v.changedAfterKill = true;
    }
    v.position ??= place.position;
    v.positionsSeen.add(place.position);
  }

  async function buy(v: Visitor, token: string): Promise<boolean> {
    const room = `/api/v1/items/${itemId}/waiting-room`;
    const adm = await call(base, 'POST', `${room}/admission`, { token, what: 'admission' });
    if (adm.status === 409 && adm.body?.meta?.code === 'waitingRoomNotYet') {
      notYet.push({ position: v.position ?? -1, before: adm.at - adm.ms });
      v.notYetAfterAdmitted = (v.notYetAfterAdmitted ?? 0) + 1;
      return false; // back to polling
    }
    if (adm.status !== 201) {
      // Let in as the staff closed the sold-out room (the poll's room row is up to a second old): told so, goes
      // home, as a visitor who joins after the close.
      if (closedAt !== null && adm.body?.meta?.code === 'waitingRoomNotActive') {
        v.outcome = 'closed';
        return true;
      }
      v.outcome = 'failed';
      v.failure = `admission ${adm.status} ${adm.body?.meta?.code}`;
      return true;
    }
    admissions.push({ position: v.position ?? -1, at: adm.at });
    v.admittedAt = adm.at;
    v.expiresAt = Date.parse(adm.body.data.expiresAt);
    v.tried = true;
    const add = await call(base, 'POST', '/api/v1/carts', {
      token,
      what: 'cart',
      headers: { 'x-admission-token': adm.body.data.token },
      body: { item_id: itemId, date, quantities: [{ age_group_id: 5, quantity: 1 }] },
    });
    // An add whose answer was lost (the instance that made it was killed, the retry above spent nothing): the
    // admission is used, and the cart holds the ticket. A visitor sees it in the cart and goes on to pay.
    const lostAnswer =
      add.status === 409 &&
      add.body?.meta?.code === 'waitingRoomAdmissionUsed' &&
      (await call(base, 'GET', '/api/v1/carts', { token, what: 'carts' })).body?.data?.some(
        (cart: { lines: { itemId: number }[] }) => cart.lines.some((l) => l.itemId === itemId),
      );
    if (lostAnswer) count('cart:answer lost, found in the cart');
    if (add.status !== 201 && !lostAnswer) {
      v.outcome = add.body?.meta?.code === 'soldOut' ? 'soldOut' : 'failed';
      if (v.outcome === 'failed') v.failure = `cart ${add.status} ${add.body?.meta?.code}`;
      return true;
    }
    const checkout = (key = randomUUID()) =>
      call(base, 'POST', '/api/v1/orders', {
        token,
        what: 'order',
        headers: { 'idempotency-key': key },
        body: { park_id: parkId, agreement: true, payment_method: 3 },
      });
    const key = randomUUID();
    let order = await checkout(key);
    // Its payment's start was lost with its instance (409 checkoutInProgress: "check My Tickets in a moment"): the
    // sweep settles it within minutes (expirePendingPayments). The visitor asks again (the same checkout) until it
    // has; a start that failed there is checked out again below.
    for (let wait = 0; order.status === 409 && order.body?.meta?.code === 'checkoutInProgress' && wait < 20; wait++) {
      if (wait === 0) count('order:in progress, asked again until settled');
      await nap(10_000);
      order = await checkout(key);
    }
    // Its instance died between the order and its payment: the retry says so and gives the places back (409
    // checkoutNotStarted), or its lost start failed: the visitor presses pay again, as the checkout page asks.
    if (
      (order.status === 409 && order.body?.meta?.code === 'checkoutNotStarted') ||
      (order.status === 201 && order.body?.data?.payment?.kind === 'failed')
    ) {
      count(`order:${order.status === 409 ? 'not started' : 'start failed'}, checked out again`);
      order = await checkout();
    }
    if (order.status !== 201) {
      v.outcome = 'failed';
      v.failure = `order ${order.status} ${order.body?.meta?.code}`;
      return true;
    }
    // A lost start the provider had completed, settled by the sweep: bought.
    if (order.body?.data?.payment?.kind === 'completed') {
      v.outcome = 'bought';
      v.boughtAt = Date.now();
      return true;
    }
    // The PayPay sandbox: the approval page, the button, the way back.
    // The payment URL may be relative to the site (PUBLIC_URL: the balancer).
    const payUrl = new URL(order.body.data.payment.url as string, base).toString();
    const page = await call(payUrl, 'GET', payUrl, { what: 'payPage' });
    const action = /<form method="post" action="([^"]+)"/.exec(String(page.body))?.[1];
    if (!action) {
      v.outcome = 'failed';
      v.failure = `pay page ${page.status}`;
      return true;
    }
    const pressed = await call(payUrl, 'POST', new URL(action.replace(/&amp;/g, '&'), payUrl).toString(), {
      what: 'approve',
      body: 'decision=approve',
    });
    const back = pressed.headers.location;
    if (pressed.status !== 303 || !back) {
      v.outcome = 'failed';
      v.failure = `approve ${pressed.status}`;
      return true;
    }
    const query = Object.fromEntries(new URL(back, base).searchParams);
    // As the app's return page does (PaymentCallbackPage): report the return; while the provider has no final word
    // (the instance that asked it died, say), read the payment every 1.5 s and report again every fourth read, for
    // up to 90 s.
    const report = () =>
      call(base, 'POST', `/api/v1/payments/${query.payment_id}/return`, { token, what: 'return', body: { query } });
    let ret = await report();
    for (let read = 1; ret.status === 200 && isPendingPayment(ret.body?.data?.state) && read <= 60; read++) {
      if (read === 1) count('return:payment pending, followed');
      await nap(1_500);
      ret =
        read % 4 === 0
          ? await report()
          : await call(base, 'GET', `/api/v1/payments/${query.payment_id}`, { token, what: 'payment' });
    }
    if (ret.status !== 200) {
      v.outcome = 'failed';
      v.failure = `return ${ret.status} ${ret.body?.meta?.code}`;
      return true;
    }
    // Bought when the payment was taken: a return answers the payment whatever its end (given back when the places
    // were gone, say), and that visitor has no ticket.
    if (ret.body?.data?.state !== 'captured') {
      v.outcome = 'failed';
      v.failure = `return: payment ${ret.body?.data?.state} ${ret.body?.data?.failureReason ?? ''}`.trim();
      return true;
    }
    v.outcome = 'bought';
    v.boughtAt = Date.now();
    return true;
  }

  async function visit(v: Visitor) {
    await nap(v.arriveAt - Date.now());
    if (stop) return;
    const token = tokens[v.i] as string;
    const room = `/api/v1/items/${itemId}/waiting-room`;
    try {
      // The item's page (a catalogue read), then the queue.
      const page = await call(base, 'GET', `/api/v1/items/${itemId}`, { token, what: 'item' });
      if (page.status === 200) catalogueReads++;
      v.joinStart = Date.now();
      const joined = await call(base, 'POST', room, { token, what: 'join', body: {} });
      v.joinEnd = Date.now();
      if (joined.status !== 201) {
        // Arrived after the staff closed the sold-out room: told so, goes home (as a waiting visitor told so).
        if (closedAt !== null && joined.body?.meta?.code === 'waitingRoomNotActive') {
          v.outcome = 'closed';
          return;
        }
        v.outcome = 'failed';
        v.failure = `join ${joined.status} ${joined.body?.meta?.code}`;
        return;
      }
      see(v, joined.body.data.place);
      let wait = Number(joined.body.data.pollAfterSeconds ?? 2);
      while (!stop) {
        // Honour Retry-After, with a little jitter (people do not all press at once).
        await nap(wait * 1000 + Math.random() * 500);
        if (stop) break;
        const s = await call(base, 'GET', room, { token, what: 'status' });
        if (s.status !== 200) {
          count(`status:${s.status}`);
          wait = 2;
          continue;
        }
        statusMs.push(s.wireMs);
        statusClientMs.push(s.ms);
        const data = s.body.data;
        see(v, data.place);
        if (!data.active) {
          v.outcome = 'closed';
          return;
        }
        if (data.place?.admitted && !data.place.used) {
          if (await buy(v, token)) return;
          wait = 1;
          continue;
        }
        if (data.place?.position !== null && data.place?.position !== undefined && !data.place.admitted) {
          notYet.push({ position: data.place.position, before: s.at - s.ms - ROOM_CACHE_MS });
        }
        wait = Number(s.headers['retry-after'] ?? data.pollAfterSeconds ?? 5);
      }
      v.outcome ??= 'stopped';
    } catch (err) {
      v.outcome = 'failed';
      v.failure = (err as Error).message;
    }
  }

  // ---- the monitor: RSS, stock, the kill, the end ----
  const rss: { t: number; kb: (number | null)[] }[] = [];
  const stockSamples: { t: number; sold: number; held: number }[] = [];
  let overCapacitySamples = 0;
  let soldOutAt: number | null = null;
  let closedAt: number | null = null;
  let victim: number | null = null;
  const runs = visitors.map((v) => visit(v));
  const saleStart = Date.now();
  // Where the machine's CPU went during the sale: this simulator, each instance, the rest (PostgreSQL, HAProxy).
  const cpuAtStart = { client: process.cpuUsage(), machine: machineBusySeconds(), instances: pids.map(cpuSeconds) };
  const instanceCpu = pids.map(() => 0);
  while (!stop) {
    await sleep(1000);
    rss.push({ t: since(), kb: pids.map((p) => rssKb(p)) });
    pids.forEach((p, i) => {
      const used = cpuSeconds(p);
      if (used !== null) instanceCpu[i] = used - (cpuAtStart.instances[i] ?? used);
    });
    const unit = (await knex('stock_units').where({ item_id: itemId }).first('sold', 'held', 'capacity')) as
      | { sold: number; held: number; capacity: number }
      | undefined;
    const over = toCount((await knex('stock_units').whereRaw('sold + held > capacity').count({ n: '*' }).first())?.n);
    if (over > 0) overCapacitySamples++;
    if (unit) stockSamples.push({ t: since(), sold: unit.sold, held: unit.held });
    if (KILL && killAt === null && unit && unit.sold >= PLACES / 2) {
      for (const v of visitors) v.positionBeforeKill = v.position;
      victim = 0;
      children[0]?.kill('SIGKILL');
      killAt = Date.now();
      log(`SIGKILLed instance 1 (pid ${pids[0]}) at sold=${unit.sold}`);
    }
    const busy = visitors.filter((v) => v.tried && !v.outcome).length;
    // Sold out: every place sold or held (a line left by a visitor whose purchase failed holds until it expires).
    if (unit && unit.sold + unit.held >= unit.capacity && soldOutAt === null) soldOutAt = Date.now();
    if (soldOutAt !== null && closedAt === null && busy === 0) {
      // Sold out: the staff close the room; the visitors still waiting hear so at their next poll.
      const closed = await call(base, 'PUT', roomUrl, {
        token: editorToken,
        what: 'close',
        body: { closes_at: new Date().toISOString() },
      });
      if (closed.status !== 200) throw new Error(`closing the room: ${closed.status}`);
      closedAt = Date.now();
      log('sold out: room closed');
    }
    const done = visitors.every((v) => v.outcome);
    if (done || (closedAt !== null && Date.now() - closedAt > 35_000) || Date.now() - saleStart > MAX_S * 1000) {
      stop = true;
      wake();
    }
    if (rss.length % 10 === 0) {
      const counts: Record<string, number> = {};
      for (const v of visitors) counts[v.outcome ?? 'waiting'] = (counts[v.outcome ?? 'waiting'] ?? 0) + 1;
      log(
        JSON.stringify({
          sold: unit?.sold,
          held: unit?.held,
          load: load(),
          rssMb: rss.at(-1)?.kb.map((k) => k && Math.round(k / 1024)),
          counts,
        }),
      );
    }
  }
  await Promise.all(runs);
  const saleEnd = Date.now();
  const clientCpu = process.cpuUsage(cpuAtStart.client);
  const saleSeconds = (saleEnd - saleStart) / 1000;
  const cores = (seconds: number) => +(seconds / saleSeconds).toFixed(2);
  const machineCpu = machineBusySeconds() - cpuAtStart.machine;
  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  const instancesSeconds = instanceCpu.reduce((a, b) => a + b, 0);
  const cpuDuringSale = {
    note: 'cores busy on average during the sale (this machine has 2)',
    machine: cores(machineCpu),
    simulator: cores(clientSeconds),
    instances: instanceCpu.map(cores),
    postgresHaproxyAndOther: cores(machineCpu - clientSeconds - instancesSeconds),
  };
  agent.destroy();
  agent = new http.Agent({ keepAlive: false });

  // ---- checks ----
  const replicaAfter = await replicaStats();
  await replicaKnex.destroy();
  const published = (await request(base, 'GET', `/api/v1/items/${itemId}/waiting-room/ranking`)).body
    .data as PublishedRanking;
  const verdict = verifyRanking(published);
  const rankOf = new Map((published.ranking ?? []).map((e, k) => [e, k + 1]));
  const early = visitors.filter((v) => v.early);
  const late = visitors.filter((v) => !v.early && v.joinEnd !== undefined);
  const earlyMismatch = early.filter(
    (v) => v.position === undefined || rankOf.get(v.entryId ?? '') !== v.position,
  ).length;
  const earlyWithPosition = early.filter((v) => v.position !== undefined).length;
  // Arrival order after the opening: whoever's join was answered before another's was sent stands ahead of it.
  const byEnd = [...late].sort((a, b) => (a.joinEnd as number) - (b.joinEnd as number));
  const byStart = [...late].sort((a, b) => (a.joinStart as number) - (b.joinStart as number));
  let k = 0;
  let maxBefore = 0;
  let arrivalInversions = 0;
  for (const v of byStart) {
    while (k < byEnd.length && (byEnd[k]?.joinEnd as number) < (v.joinStart as number)) {
      maxBefore = Math.max(maxBefore, byEnd[k]?.position ?? 0);
      k++;
    }
    if (v.position !== undefined && v.position < maxBefore) arrivalInversions++;
  }
  const latePositionsAfterEarly = late.every((v) => v.position === undefined || v.position > EARLY);
  // Admission order: no admission handed to a place behind one that was told "not yet" later.
  admissions.sort((a, b) => a.at - b.at);
  notYet.sort((a, b) => a.before - b.before);
  let admissionInversions = 0;
  let j = 0;
  let maxAdmitted = 0;
  for (const n of notYet) {
    while (j < admissions.length && (admissions[j]?.at as number) < n.before) {
      maxAdmitted = Math.max(maxAdmitted, admissions[j]?.position ?? 0);
      j++;
    }
    if (maxAdmitted > n.position) admissionInversions++;
  }
  const positions = visitors.flatMap((v) => (v.position === undefined ? [] : [v.position]));
  const uniquePositions = new Set(positions).size === positions.length;

  const unit = (await knex('stock_units').where({ item_id: itemId }).first('sold', 'held', 'capacity')) as {
    sold: number;
    held: number;
    capacity: number;
  };
  const overRows = toCount((await knex('stock_units').whereRaw('sold + held > capacity').count({ n: '*' }).first())?.n);
  const tickets = toCount(
    (await knex('tickets').where({ item_id: itemId }).whereNot('state', 'cancelled').count({ n: '*' }).first())?.n,
  );
  const paidOrders = toCount(
    (
      await knex('orders as o')
        .join('order_lines as l', 'l.order_id', 'o.id')
        .where('l.item_id', itemId)
        .where('o.state', 'paid')
        .countDistinct({ n: 'o.id' })
        .first()
    )?.n,
  );
  const outcomes: Record<string, number> = {};
  for (const v of visitors) outcomes[v.outcome ?? 'none'] = (outcomes[v.outcome ?? 'none'] ?? 0) + 1;
  const failures: Record<string, number> = {};
  for (const v of visitors) if (v.failure) failures[v.failure] = (failures[v.failure] ?? 0) + 1;
  const tried = visitors.filter((v) => v.tried);
  const bought = tried.filter((v) => v.outcome === 'bought');
  const outsideWindow = bought.filter((v) => (v.boughtAt as number) > (v.expiresAt as number)).length;
  const buyMs = bought.map((v) => (v.boughtAt as number) - (v.admittedAt as number)).sort((a, b) => a - b);
  statusMs.sort((a, b) => a - b);
  statusClientMs.sort((a, b) => a - b);
  simulatorLoop.disable();
  const atBalancer = statusTimesAtBalancer(join(logDir, 'haproxy.log'));
  const maxRss = pids.map((_, i) => Math.max(0, ...rss.map((r) => r.kb[i] ?? 0)));
  const everyN = Math.max(1, Math.ceil(rss.length / 30));
  const oversold =
    unit.sold + unit.held > unit.capacity || overRows > 0 || tickets !== unit.sold || overCapacitySamples > 0;
  const p99 = percentile(atBalancer, 99);

  console.log(
    JSON.stringify(
      {
        benchmark: 'waiting-room',
        started,
        logDir,
        setup: {
          instances: 2,
          balancer: 'haproxy (deploy/haproxy.cfg shape)',
          database: 'PostgreSQL 15 primary + streaming replica (pg_basebackup -R)',
          visitors: VISITORS,
          early: EARLY,
          places: PLACES,
          prequeueSeconds: PREQUEUE_S,
          arrivalSeconds: ARRIVAL_S,
          staffRate: RATE,
          tokenMinutes: TOKEN_MINUTES,
          kill: KILL,
          clientSockets: SOCKETS,
        },
        visitors: VISITORS,
        places: PLACES,
        sold: unit.sold,
        held: unit.held,
        ticketsIssued: tickets,
        paidOrders,
        oversold: oversold ? 1 : 0,
        oversellChecks: {
          soldPlusHeldWithinCapacity: unit.sold + unit.held <= unit.capacity,
          rowsOverCapacity: overRows,
          samplesOverCapacity: overCapacitySamples,
          ticketsEqualSold: tickets === unit.sold,
        },
        outcomes,
        failures,
        admittedTried: tried.length,
        admittedTriedBought: bought.length,
        admittedTriedSoldOut: tried.filter((v) => v.outcome === 'soldOut').length,
        boughtRatio: tried.length ? +(bought.length / tried.length).toFixed(4) : 0,
        boughtRatioExcludingSoldOut: tried.length
          ? +(bought.length / tried.filter((v) => v.outcome !== 'soldOut').length).toFixed(4)
          : 0,
        boughtOutsideAdmissionWindow: outsideWindow,
        admissionToPaidMs: { p50: percentile(buyMs, 50), p99: percentile(buyMs, 99) },
        notYetAfterStatusSaidAdmitted: visitors.reduce((n, v) => n + (v.notYetAfterAdmitted ?? 0), 0),
        order: {
          prequeue: {
            verify: verdict,
            earlyVisitors: EARLY,
            earlyWithPosition,
            positionNotPublishedRank: earlyMismatch,
          },
          afterOpening: {
            lateVisitorsJoined: late.length,
            allBehindThePrequeue: latePositionsAfterEarly,
            arrivalInversions,
          },
          positionsUnique: uniquePositions,
          admissionInversions,
          ok:
            verdict.ok &&
            earlyMismatch === 0 &&
            latePositionsAfterEarly &&
            arrivalInversions === 0 &&
            admissionInversions === 0 &&
            uniquePositions,
        },
        statusLatencyMs: {
          polls: atBalancer.length,
          pollsPerSecond: +(atBalancer.length / ((saleEnd - saleStart) / 1000)).toFixed(1),
          p50: percentile(atBalancer, 50),
          p95: percentile(atBalancer, 95),
          p99,
          targetP99: TARGET_P99_MS,
          ok: p99 < TARGET_P99_MS,
          note: "at the balancer (HAProxy's Ta): from the request's first byte to the answer's last, as a visitor on their own connection waits",
          atSimulator: {
            note: "from the request on its socket to the last byte as the simulator saw it: its own event loop's delay included",
            polls: statusMs.length,
            p50: percentile(statusMs, 50),
            p95: percentile(statusMs, 95),
            p99: percentile(statusMs, 99),
            simulatorEventLoopDelayMs: {
              p50: +(simulatorLoop.percentile(50) / 1e6).toFixed(1),
              p99: +(simulatorLoop.percentile(99) / 1e6).toFixed(1),
              max: +(simulatorLoop.max / 1e6).toFixed(1),
            },
          },
          atClientWithSocketQueue: {
            note: `from the call, the wait for one of the simulator's ${SOCKETS} sockets included`,
            p50: percentile(statusClientMs, 50),
            p95: percentile(statusClientMs, 95),
            p99: percentile(statusClientMs, 99),
          },
        },
        rssMb: {
          max: maxRss.map((kb) => +(kb / 1024).toFixed(1)),
          series: rss
            .filter((_, n) => n % everyN === 0)
            .map((r) => [r.t, ...r.kb.map((kb) => (kb ? Math.round(kb / 1024) : null))]),
        },
        replica: {
          catalogueReadsByVisitors: catalogueReads,
          standbyTransactions: replicaAfter.xacts - replicaBefore.xacts,
          standbyTuplesReturned: Number(replicaAfter.tuples) - Number(replicaBefore.tuples),
        },
        kill: KILL
          ? {
              instance: victim === null ? null : victim + 1,
              atSecond: killAt ? +((killAt - t0) / 1000).toFixed(1) : null,
              soldAtKill: killAt ? stockSamples.find((s) => s.t >= (killAt - t0) / 1000)?.sold : null,
              visitorsWhosePositionChangedAfter: visitors.filter((v) => v.changedAfterKill).length,
            }
          : null,
        positionChangesSeen: errors.positionChanged ?? 0,
        retriedErrors: Object.fromEntries(Object.entries(errors).filter(([k]) => k !== 'positionChanged')),
        cpuDuringSale,
        loadAverage: { start: loadAtStart, end: load() },
        durationsSeconds: {
          setup: +((setupAt - t0) / 1000).toFixed(1),
          sale: +((saleEnd - saleStart) / 1000).toFixed(1),
          openingToSoldOut: soldOutAt ? +((soldOutAt - openMs) / 1000).toFixed(1) : null,
          total: since(),
        },
      },
      null,
      2,
    ),
  );
  // CI's small run (BENCH_CHECK=1, .ci/run) fails on what must hold at any size: nothing oversold, tickets for
  // every place sold, the published order kept, no place lost to the kill, no purchase outside its admission.
  // Latency and the bought ratio depend on the machine's load and are reported, not checked.
  if (process.env.BENCH_CHECK === '1') {
    const broken = [
      oversold && 'oversold',
      tickets !== unit.sold && 'tickets differ from places sold',
      !(
        verdict.ok &&
        earlyMismatch === 0 &&
        latePositionsAfterEarly &&
        arrivalInversions === 0 &&
        admissionInversions === 0 &&
        uniquePositions
      ) && 'admission order',
      visitors.some((v) => v.changedAfterKill) && 'a place changed after the kill',
      outsideWindow > 0 && 'bought outside the admission window',
      unit.sold === 0 && 'nothing sold',
    ].filter(Boolean);
    if (broken.length > 0) {
      console.error(`waiting-room check failed: ${broken.join(', ')}`);
      process.exitCode = 1;
    }
  }
} finally {
  // A profiled instance stops gracefully (its profile is written at exit), within 15 s.
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null) return;
      if (process.env.BENCH_CPU_PROF) {
        c.kill('SIGTERM');
        await Promise.race([new Promise((r) => c.once('exit', r)), sleep(15_000)]);
      }
      if (c.exitCode === null) c.kill('SIGKILL');
    }),
  );
  await knex?.destroy();
  replica?.stop();
  primary?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
