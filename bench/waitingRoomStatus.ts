// The status poll alone (issue 30, its p99): one app instance on a PostgreSQL database, VISITORS signed-in visitors
// with places in an open room (half let in), CONCURRENCY polls in flight over keep-alive HTTP for SECONDS. Prints
// the latency percentiles, polls per second, database queries per poll and the load average. For profiling:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/waitingRoomStatus.ts
// Knobs (env): PROFILE_DATABASE_URL (an admin URL: a scratch database is made beside it), STATUS_VISITORS (400),
// STATUS_CONCURRENCY (32), STATUS_SECONDS (15), STATUS_PORT (7391).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { seed } from '../seeds/index';
import { loadConfig } from '../server/config';
import { createKnex } from '../server/db/knex';
import { migrateLatest } from '../server/db/migrate';
import { issueAccessToken } from '../server/features/auth/accessToken';
import { createServer } from '../server/server';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const VISITORS = num('STATUS_VISITORS', 400);
const CONCURRENCY = num('STATUS_CONCURRENCY', 32);
const SECONDS = num('STATUS_SECONDS', 15);
const PORT = num('STATUS_PORT', 7391);
const ADMIN_URL = process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5466/postgres';
const DB = 'zoo_status_profile';
const url = ADMIN_URL.replace(/\/[^/?]*(\?.*)?$/, `/${DB}`);

const admin = createKnex({ databaseUrl: ADMIN_URL, poolMax: 1 });
await admin.raw(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.raw(`CREATE DATABASE ${DB}`);
await admin.destroy();
const knex = createKnex({ databaseUrl: url });
await migrateLatest(knex);
await seed(knex);
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: 'true',
  LOG_LEVEL: 'warn',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  SEED: 'false',
  APP_SECRET: randomUUID() + randomUUID(),
  DATABASE_URL: url,
});
const item = (await knex('items').orderBy('id').first('id')) as { id: number };
const [room] = (await knex('waiting_rooms')
  .insert({
    item_id: item.id,
    opens_at: new Date(Date.now() - 60_000),
    seed: 'a'.repeat(64),
    seed_hash: 'b'.repeat(64),
    state: 'open',
    rate: 0.001,
    admitted: VISITORS / 2,
    admitted_at: new Date(),
    next_position: VISITORS,
  })
  .returning('id')) as { id: number }[];
const users = (await knex('users')
  .insert(
    Array.from({ length: VISITORS }, (_, i) => ({
      email: `status-${i}-${randomUUID().slice(0, 8)}@example.jp`,
      name: '動物 花子',
      email_verified_at: new Date(),
      telephone: '090-1234-5678',
      birthdate: '1990-04-01',
      prefecture_id: 13,
    })),
  )
  .returning('id')) as { id: number }[];
await knex('waiting_room_places').insert(
  users.map((u, i) => ({
    room_id: room?.id,
    holder_key: `u:${u.id}`,
    entry_id: randomUUID(),
    position: i + 1,
    early: false,
    joined_at: new Date(),
  })),
);
const tokens = await Promise.all(users.map(async (u) => (await issueAccessToken(knex, config, u.id)).access_token));

const server = await createServer(config, { knex, closeDbOnStop: false });
await server.start();
let queries = 0;
knex.on('query', () => queries++);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const get = (token: string) =>
  new Promise<number>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api/v1/items/${item.id}/waiting-room`,
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'ja' },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(res.statusCode)));
      },
    );
    req.on('error', reject);
    req.end();
  });

// A warm-up, then the measured polls.
for (let i = 0; i < 200; i++) await get(tokens[i % VISITORS] as string);
queries = 0;
const ms: number[] = [];
const start = Date.now();
const loadBefore = loadavg();
let n = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() - start < SECONDS * 1000) ms.push(await get(tokens[n++ % VISITORS] as string));
  }),
);
const took = (Date.now() - start) / 1000;
ms.sort((a, b) => a - b);
const pct = (p: number) => Math.round((ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0) * 10) / 10;
console.log(
  JSON.stringify({
    polls: ms.length,
    pollsPerSecond: Math.round(ms.length / took),
    concurrency: CONCURRENCY,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    queriesPerPoll: Math.round((queries / ms.length) * 100) / 100,
    load: {
      before: loadBefore.map((l) => Math.round(l * 100) / 100),
      after: loadavg().map((l) => Math.round(l * 100) / 100),
    },
  }),
);
agent.destroy();
await server.stop();
await knex.destroy();
