// Lighthouse (mobile defaults) on the built app served by the real server with its seeded demo catalogue, in
// Debian's Chromium. Per page: the median of BENCH_RUNS runs (3) of the performance score, FCP, LCP, TBT, CLS, and
// the JavaScript transferred on the first load (Lighthouse's network-requests: transfer size of every script, so
// compressed bytes as served). Prints JSON; targets: performance >= 95, CLS < 0.05, JS on / <= 170 KB.
//   npm run build && npm run bench:lighthouse      (BENCH_PAGES=/,/items/1 to choose pages)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { startProcess, stopProcess } from './lib/processes';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const PAGES = (process.env.BENCH_PAGES ?? '/,/profile/park/1,/items/1').split(',');
const JS_BUDGET = 170 * 1024;

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.error('No built PWA in dist: run npm run build first.');
  process.exit(1);
}

// A database of its own, kept between runs (seeding a fresh one takes a while; the seed is idempotent).
const dataDir = join(ROOT, '.data-test', 'lighthouse');
mkdirSync(dataDir, { recursive: true });
const base = `http://localhost:${PORT}`;
const server = await startProcess(
  join(ROOT, 'server', 'index.ts'),
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    NODE_ENV: 'test',
    // A production start (no DEMO conveniences), with its own secret.
    APP_SECRET: randomBytes(32).toString('hex'),
    HOLD_SWEEP_INTERVAL_MS: '0',
    SANDBOX_NOTIFY_INTERVAL_MS: '0',
    LOCAL_OIDC_PORT: String(PORT + 1),
  },
  `${base}/api/health`,
);

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Scripts as transferred (brotli where the browser takes it). */
  jsBytes: number;
  /** The same scripts' gzip copies. */
  jsGzipBytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Debian's Chromium with a fresh profile (nothing cached, no service worker: a first visit) and its debugging port. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'lh-'));
  const child = spawn(
    process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolvePort, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = text.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (m) resolvePort(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${text}`)));
  });
  return {
    port,
    kill: () =>
      new Promise<void>((done) => {
        child.once('exit', () => {
          // Chromium's helpers may still be writing for a moment: retry, and never fail the run over a temp dir.
          try {
            rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
          } catch {}
          done();
        });
        child.kill('SIGKILL');
      }),
  };
}

async function audit(url: string): Promise<Run> {
  const chrome = await launchChromium();
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, undefined);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    // BENCH_SAVE=<dir>: keep each full report to look into (network requests, layout shifts, LCP element).
    if (process.env.BENCH_SAVE) {
      mkdirSync(process.env.BENCH_SAVE, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(process.env.BENCH_SAVE, name), result.report as string);
    }
    const { audits, categories } = result.lhr;
    const items = (
      audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items;
    const scripts = (items ?? []).filter((r) => r.resourceType === 'Script');
    const jsBytes = scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0);
    // Chromium takes brotli here; the same scripts as gzip (the build's .gz copies) for browsers that do not.
    const jsGzipBytes = scripts.reduce((n, r) => {
      const gz = join(ROOT, 'dist', `${new URL(r.url).pathname}.gz`);
      return n + (existsSync(gz) ? statSync(gz).size : (r.transferSize ?? 0));
    }, 0);
    const num = (id: string) => Number(audits[id]?.numericValue ?? Number.NaN);
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: Math.round(num('first-contentful-paint')),
      lcp: Math.round(num('largest-contentful-paint')),
      tbt: Math.round(num('total-blocking-time')),
      cls: Number(num('cumulative-layout-shift').toFixed(3)),
      jsBytes,
      jsGzipBytes,
    };
  } finally {
    await chrome.kill();
  }
}

const pages: Record<
  string,
  { median: Omit<Run, 'jsBytes' | 'jsGzipBytes'> & { jsKB: number; jsGzipKB: number }; runs: Run[] }
> = {};
try {
  for (const path of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${base}${path}`));
    pages[path] = {
      median: {
        score: median(runs.map((r) => r.score)),
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        jsKB: Number((median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1)),
        jsGzipKB: Number((median(runs.map((r) => r.jsGzipBytes)) / 1024).toFixed(1)),
      },
      runs,
    };
  }
} finally {
  await stopProcess(server);
}

const home = pages['/']?.median;
console.log(
  JSON.stringify(
    {
      lighthouse: 'mobile defaults, median of runs',
      runs: RUNS,
      cpus: cpus().length,
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
      pages,
      targets: {
        performanceAtLeast95: Object.values(pages).every((p) => p.median.score >= 95),
        clsUnder005: Object.values(pages).every((p) => p.median.cls < 0.05),
        homeJsAtMost170KB: home ? home.jsKB * 1024 <= JS_BUDGET : null,
        homeJsGzipAtMost170KB: home ? home.jsGzipKB * 1024 <= JS_BUDGET : null,
      },
    },
    null,
    2,
  ),
);
