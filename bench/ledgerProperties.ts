// The ledger properties (server/test/ledgerProperties.test.ts) at the scale: 10,000 runs on PGlite and 1,000
// on a throwaway PostgreSQL 15 by default (about 0.3-0.5 s a run and core on a quiet machine). CI runs the 1,000 on
// PostgreSQL (against its own cluster, DATABASE_URL) and 200 on PGlite inside its test run (.ci/run); the 10,000 on
// PGlite (about an hour of one core) run outside it. Prints JSON: runs, seconds, runs per second, the load average.
//   npm run bench:ledger                          (both databases)
//   BENCH_DB=pglite BENCH_RUNS=2000 npm run bench:ledger
//   BENCH_SHARDS=2 (default: the number of cores) splits the runs over that many processes at once, each with its
//   own seed (LEDGER_PROPERTY_SEED = BENCH_SEED + shard), its own database (the test harness clones one per test
//   file: each run moves the server's test clock and runs every sweep, which must not reach another shard's rows)
//   and its own template (TEST_TEMPLATE_TAG). A failing shard prints its seed and fast-check's path to replay it.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { startPostgres } from './lib/postgres';

const which = process.env.BENCH_DB ?? 'both';
const shards = Math.max(1, Number(process.env.BENCH_SHARDS ?? availableParallelism()));
const baseSeed = Number(process.env.BENCH_SEED ?? 20261129);
const results: object[] = [];
const load = () => Number((loadavg()[0] ?? 0).toFixed(2));

interface Shard {
  seed: number;
  runs: number;
  passed: boolean;
  seconds: number;
  /** A failed property stops early: fast-check's "Property failed after N tests" and its replay path. */
  failedAfter: number | null;
  replay: string | null;
}

function runShard(seed: number, runs: number, databaseUrl: string): Promise<Shard> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'integration', 'server/test/ledgerProperties.test.ts'], {
      env: {
        ...process.env,
        LEDGER_PROPERTY_RUNS: String(runs),
        LEDGER_PROPERTY_SEED: String(seed),
        DATABASE_URL: databaseUrl,
        TEST_TEMPLATE_TAG: `_shard${seed - baseSeed}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out = (out + d.toString()).slice(-200_000);
    });
    child.stderr.on('data', (d: Buffer) => {
      out = (out + d.toString()).slice(-200_000);
    });
    child.on('close', (code) => {
      const passed = code === 0;
      if (!passed) process.stderr.write(`shard seed ${seed} failed:\n${out.slice(-8000)}\n`);
      resolve({
        seed,
        runs,
        passed,
        seconds: Math.round((Date.now() - started) / 1000),
        failedAfter: passed ? null : Number(/Property failed after (\d+) tests/.exec(out)?.[1] ?? Number.NaN),
        replay: passed ? null : (/\{ seed: -?\d+, path: "[^"]*"/.exec(out)?.[0] ?? null),
      });
    });
  });
}

async function run(db: 'PGlite' | 'PostgreSQL', runs: number, urls: string[]) {
  const started = Date.now();
  const loadBefore = load();
  const n = urls.length;
  const done = await Promise.all(
    urls.map((url, i) => runShard(baseSeed + i, Math.floor(runs / n) + (i < runs % n ? 1 : 0), url)),
  );
  const seconds = (Date.now() - started) / 1000;
  const passed = done.every((s) => s.passed);
  results.push({
    db,
    runs,
    shards: done,
    passed,
    seconds: Math.round(seconds),
    runsPerSecond: passed ? Number((runs / seconds).toFixed(2)) : null,
    loadAverage: [loadBefore, load()],
  });
}

if (which !== 'postgresql') {
  const runs = Number(process.env.BENCH_RUNS ?? 10_000);
  await run(
    'PGlite',
    runs,
    Array.from({ length: Math.min(shards, runs) }, () => ''),
  );
}
if (which !== 'pglite') {
  const pgServer = process.env.DATABASE_URL ? null : startPostgres({ throwaway: true });
  try {
    const runs = Number(process.env.BENCH_PG_RUNS ?? process.env.BENCH_RUNS ?? 1_000);
    const url = process.env.DATABASE_URL || (pgServer?.url as string);
    await run(
      'PostgreSQL',
      runs,
      Array.from({ length: Math.min(shards, runs) }, () => url),
    );
  } finally {
    pgServer?.stop();
  }
}
console.log(JSON.stringify({ bench: 'ledgerProperties', results }, null, 2));
process.exit(results.every((r) => (r as { passed: boolean }).passed) ? 0 : 1);
