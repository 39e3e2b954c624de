// Catalogue read benchmark: park list and park detail at concurrency 50 for 10 s, on PGlite and on
// PostgreSQL, next to a bare hapi route in the same run. Prints JSON; target: ratio >= 0.5.
//   npm run bench            (starts its own throwaway PostgreSQL unless DATABASE_URL is set)
//   BENCH_DURATION=5 npm run bench
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startPostgres } from './lib/postgres';
import { startProcess, stopProcess } from './lib/processes';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function bodyOf(url: string, headers: Record<string, string>): Promise<Buffer> {
  return Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
}

/** The bare route answering `body` (the same bytes as a catalogue answer): what the payload alone costs here. */
async function bareWithBody(body: Buffer): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'zoo-bench-body-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, body);
  const child = await startProcess(
    'bench/bareServer.ts',
    { PORT: String(barePort), BARE_BODY_FILE: file },
    `http://127.0.0.1:${barePort}/bare-body`,
  );
  try {
    return await load(`http://127.0.0.1:${barePort}/bare-body`);
  } finally {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchApp(label: string, env: Record<string, string>, bare: Figures) {
  const port = 3100 + Math.floor(Math.random() * 500);
  const child = await startProcess(
    'server/index.ts',
    // A production start (no DEMO conveniences), with its own secret.
    { APP_SECRET: randomBytes(32).toString('hex'), ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/api/health`,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const list = (await (await fetch(`${base}/api/v1/parks?per_page=1`)).json()) as { data: { id: number }[] };
    const id = list.data[0]?.id;
    const headers = { 'accept-language': 'ja' };
    const listUrl = `${base}/api/v1/parks?region_id=3&per_page=20`;
    const detailUrl = `${base}/api/v1/parks/${id}`;
    const parkList = await load(listUrl, headers);
    const parkDetail = await load(detailUrl, headers);
    const listBody = await bodyOf(listUrl, headers);
    const detailBody = await bodyOf(detailUrl, headers);
    return {
      database: label,
      parkList: { ...parkList, bytes: listBody.length, ratioToBare: +(parkList.rps / bare.rps).toFixed(3) },
      parkDetail: { ...parkDetail, bytes: detailBody.length, ratioToBare: +(parkDetail.rps / bare.rps).toFixed(3) },
      bodies: { parkList: listBody, parkDetail: detailBody },
    };
  } finally {
    await stopProcess(child);
  }
}

const barePort = 3990;
const bareChild = await startProcess(
  'bench/bareServer.ts',
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/bare`,
);
const bare = await load(`http://127.0.0.1:${barePort}/bare`);
await stopProcess(bareChild);

const results = [];
const dataDir = mkdtempSync(join(tmpdir(), 'zoo-bench-pglite-'));
try {
  results.push(await benchApp('pglite', { DATA_DIR: dataDir }, bare));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const pg = process.env.DATABASE_URL ? null : startPostgres();
try {
  results.push(await benchApp('postgresql', { DATABASE_URL: process.env.DATABASE_URL ?? pg?.url ?? '' }, bare));
} finally {
  pg?.stop();
}

// The same bytes from the bare route (the bodies are the same on both databases): how much of the gap to the bare
// route is the answer's size (its sending here, and autocannon's reading it on the same two cores).
const bodies = results[0]?.bodies;
const bareSameBody = bodies
  ? { parkList: await bareWithBody(bodies.parkList), parkDetail: await bareWithBody(bodies.parkDetail) }
  : null;
for (const r of results) {
  const out = r as Record<string, unknown>;
  delete out.bodies;
  if (bareSameBody) {
    Object.assign(r.parkList, { ratioToBareSameBody: +(r.parkList.rps / bareSameBody.parkList.rps).toFixed(3) });
    Object.assign(r.parkDetail, { ratioToBareSameBody: +(r.parkDetail.rps / bareSameBody.parkDetail.rps).toFixed(3) });
  }
}

const target = 0.5;
const ok = results.every((r) => r.parkList.ratioToBare >= target && r.parkDetail.ratioToBare >= target);
console.log(
  JSON.stringify(
    {
      benchmark: 'catalogue-reads',
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      bare,
      bareSameBody,
      results,
      target: { ratioToBare: target },
      ok,
    },
    null,
    2,
  ),
);
