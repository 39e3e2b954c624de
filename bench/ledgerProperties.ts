// The ledger properties (server/test/ledgerProperties.test.ts) at the scale, outside CI: 10,000 runs on
// PGlite and 1,000 on a throwaway PostgreSQL 15 by default (about 0.3 s a run on 2 cores, so an hour or more:
// CI runs a few hundred, .ci/run). Prints JSON: runs, seconds, runs per second and the machine's load average.
//   npm run bench:ledger                          (both databases)
//   BENCH_DB=pglite BENCH_RUNS=2000 npm run bench:ledger
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { startPostgres } from './lib/postgres';

const which = process.env.BENCH_DB ?? 'both';
const results: object[] = [];

function run(db: 'PGlite' | 'PostgreSQL', runs: number, databaseUrl?: string) {
  const started = Date.now();
  const loadBefore = loadavg()[0] ?? 0;
  const out = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'server/test/ledgerProperties.test.ts'], {
    env: {
      ...process.env,
      LEDGER_PROPERTY_RUNS: String(runs),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (Date.now() - started) / 1000;
  const passed = out.status === 0;
  if (!passed) process.stderr.write(`${out.stdout.slice(-8000)}\n${out.stderr.slice(-4000)}\n`);
  results.push({
    db,
    runs,
    passed,
    seconds: Math.round(seconds),
    // A failed property stops early: how many runs it did is in its output ("Property failed after N tests").
    runsPerSecond: passed ? Number((runs / seconds).toFixed(2)) : null,
    failedAfter: passed ? null : Number(/Property failed after (\d+) tests/.exec(out.stdout)?.[1] ?? Number.NaN),
    loadAverage: [loadBefore, loadavg()[0] ?? 0].map((n) => Number(n.toFixed(2))),
  });
}

if (which !== 'postgresql') run('PGlite', Number(process.env.BENCH_RUNS ?? 10_000));
if (which !== 'pglite') {
  const pg = process.env.DATABASE_URL ? null : startPostgres();
  try {
    run(
      'PostgreSQL',
      Number(process.env.BENCH_PG_RUNS ?? process.env.BENCH_RUNS ?? 1_000),
      process.env.DATABASE_URL || pg?.url,
    );
  } finally {
    pg?.stop();
  }
}
console.log(JSON.stringify({ bench: 'ledgerProperties', results }, null, 2));
process.exit(results.every((r) => (r as { passed: boolean }).passed) ? 0 : 1);
