// Lighthouse (mobile defaults) on the built app served by the real server with its seeded demo catalogue, in
// Debian's Chromium. Per page: the median of BENCH_RUNS runs (5) of the performance score, FCP, LCP, TBT, CLS, and
// the JavaScript transferred on the first load (Lighthouse's network-requests: transfer size of every script, so
// compressed bytes as served, and the same scripts' gzip copies). My Tickets is opened signed in (a user registered
// through the API, its cookies set in the browser before each run; Lighthouse keeps cookies). Prints JSON with the
// load average; targets: performance >= 95 on the home, a park and an item, >= 90 on the other pages, CLS < 0.05,
// and every page's first-load JavaScript <= 170 KB gzip. Chromium has a Japanese system font, as a phone does
// (BENCH_BARE_FONTS=1: none, as on a bare machine; bench/lib/phoneFonts.ts).
//   npm run build && npm run bench:lighthouse      (BENCH_PAGES=/,/items/1 to choose pages, BENCH_RUNS=3)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { simpleParser } from 'mailparser';
import { FONTS_NOTE, phoneFontsEnv } from './lib/phoneFonts';
import { startProcess, stopProcess } from './lib/processes';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const PAGES = (process.env.BENCH_PAGES ?? '/,/profile/park/1,/items/1,/my-tickets,/cart,/maps/1').split(',');
/** The pages a first visit most often opens: their score target is 95, the others' 90. */
const FIRST_VISIT_PAGES = new Set(['/', '/profile/park/1', '/items/1']);
/** Pages opened signed in. */
const SIGNED_IN = (path: string) => /^\/(my-tickets|me)(\/|$)/.test(path);
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
    // One registration and sign-in per run of the bench.
    RATE_LIMIT_FACTOR: '20',
  },
  `${base}/api/health`,
);

/** A verified user, registered and signed in through the API (its verification link from the mail folder: a
 *  production start without SMTP_URL writes its mails there). */
async function signedInUser(): Promise<{ access_token: string; expires_in: number }> {
  const email = `lighthouse${Date.now().toString(36)}@example.jp`;
  const password = 'Zoo12345';
  const botToken = async () =>
    ((await (await fetch(`${base}/api/v1/auth/bot-check`)).json()) as { data: { token: string } }).data.token;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/v1/auth/register', {
    email,
    name: '動物 好子',
    password,
    password_confirmation: password,
    bot_token: await botToken(),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const mails = join(dataDir, 'mail');
  let token: string | undefined;
  for (let i = 0; i < 100 && !token; i++) {
    const file = existsSync(mails)
      ? readdirSync(mails).find((f) => f.includes(email.replace(/[^a-z0-9@.]/gi, '_')))
      : null;
    // The body is base64 (Japanese text).
    const text = file ? ((await simpleParser(readFileSync(join(mails, file)))).text ?? '') : '';
    token = text.match(/\/email\/verify\/([^\s"<]+)/)?.[1];
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error('no verification mail');
  const verified = await fetch(`${base}/api/v1/email/verify/${token}`);
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  const login = await post('/api/v1/auth/login', { email, password, bot_token: await botToken() });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return (await login.json()) as { access_token: string; expires_in: number };
}
const login = PAGES.some(SIGNED_IN) ? await signedInUser() : null;

/** Signs the browser in as `login`: the cookies /api/access-token sets, posted through the browser's own context (the
 *  API's answers carry a policy that allows no fetch from their page). */
async function signInBrowser(port: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const status = (
    await context.request.post(`${base}/api/access-token`, { data: login, headers: { origin: base } })
  ).status();
  if (status !== 204) throw new Error(`access-token answered ${status}`);
}

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
const chromiumEnv = phoneFontsEnv();

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
    { stdio: ['ignore', 'ignore', 'pipe'], env: chromiumEnv },
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
    if (SIGNED_IN(new URL(url).pathname)) await signInBrowser(chrome.port);
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

const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
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

const over = Object.entries(pages)
  .filter(([, p]) => p.median.jsGzipKB * 1024 > JS_BUDGET)
  .map(([path, p]) => ({ path, jsGzipKB: p.median.jsGzipKB }));
console.log(
  JSON.stringify(
    {
      lighthouse: 'mobile defaults, median of runs',
      runs: RUNS,
      fonts: FONTS_NOTE,
      cpus: cpus().length,
      // This machine is shared: scores move by 10 points with its load (1, 5 and 15 minute averages).
      loadAverage: { before: loadBefore, after: loadavg().map((l) => Number(l.toFixed(2))) },
      pages,
      targets: {
        performanceAtLeast95OnFirstVisitPages: Object.entries(pages)
          .filter(([path]) => FIRST_VISIT_PAGES.has(path))
          .every(([, p]) => p.median.score >= 95),
        performanceAtLeast90OnOtherPages: Object.entries(pages)
          .filter(([path]) => !FIRST_VISIT_PAGES.has(path))
          .every(([, p]) => p.median.score >= 90),
        clsUnder005: Object.values(pages).every((p) => p.median.cls < 0.05),
        jsGzipAtMost170KBOnEveryPage: over.length === 0,
        pagesOverJsBudget: over,
      },
    },
    null,
    2,
  ),
);
