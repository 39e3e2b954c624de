// The real server as a child process (`node --import tsx server/index.ts`), for tests that kill it, restart it or
// run several at once: start on a free port and wait for /api/health, SIGKILL (a crash) or SIGTERM (a stop), and
// its output kept for printing when a test fails.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export { freePort } from './testServer';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it answers something truthy; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, timeoutMs = 30_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${last})`);
    await sleep(everyMs);
  }
}

export interface ChildServer {
  name: string;
  port: number;
  /** http://127.0.0.1:port: the child itself (PUBLIC_URL may be a balancer in front of it). */
  base: string;
  proc: ChildProcess;
  /** Everything it printed (stdout and stderr, interleaved). */
  output(): string;
  exited(): boolean;
  /** A crash: SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** A graceful stop: SIGTERM (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** All children started and not yet gone, so an afterAll can end every one whatever happened. */
const live = new Set<ChildServer>();

export async function killAll(): Promise<void> {
  await Promise.all([...live].map((c) => c.kill()));
}

/** Output of every child started in this file (for a failed test), newest last. */
const logs: { name: string; output: () => string }[] = [];
export function allOutput(): string {
  return logs.map((l) => `----- ${l.name} -----\n${l.output()}`).join('\n');
}

/**
 * Starts `node --import tsx server/index.ts` with only `env` (plus PATH and HOME) and waits until GET /api/health
 * answers 200. Rejects (after killing it) if it exits first or is not up within `timeoutMs`.
 */
export async function startChild(
  name: string,
  port: number,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ChildServer> {
  const chunks: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      NODE_ENV: 'test',
      // The crash tests pay at the sandboxes; a test of a production start passes DEMO=false and an APP_SECRET.
      DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CATALOGUE_CACHE_MS: '0',
      RATE_LIMIT_FACTOR: '20',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = Date.now();
  const stamp = () => `[+${((Date.now() - started) / 1000).toFixed(1)}s] `;
  proc.stdout?.on('data', (b: Buffer) => chunks.push(stamp() + b.toString()));
  proc.stderr?.on('data', (b: Buffer) => chunks.push(stamp() + b.toString()));
  let code: number | null | undefined;
  let signal: NodeJS.Signals | null = null;
  const gone = new Promise<void>((done) =>
    proc.once('exit', (c, s) => {
      code = c;
      signal = s;
      live.delete(child);
      done();
    }),
  );
  const output = () => `${chunks.join('')}${code !== undefined ? `\n[exited: code ${code}, signal ${signal}]` : ''}`;
  const child: ChildServer = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    proc,
    output,
    exited: () => code !== undefined,
    async kill() {
      if (code === undefined) proc.kill('SIGKILL');
      await gone;
    },
    async stop(graceMs = 15_000) {
      if (code !== undefined) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
  live.add(child);
  logs.push({ name, output });
  let up = false;
  try {
    await Promise.race([
      waitFor(
        `${name} to answer /api/health`,
        async () => {
          if (code !== undefined) return true; // ends the polling: the exit below has failed the start
          const res = await fetch(`${child.base}/api/health`, { signal: AbortSignal.timeout(2000) });
          await res.arrayBuffer();
          return res.status === 200;
        },
        timeoutMs,
        200,
      ),
      // Exiting before it is up fails at once (not after the timeout).
      gone.then(() => {
        if (!up) throw new Error(`${name} exited before it was up`);
      }),
    ]);
    up = true;
  } catch (err) {
    await child.kill();
    throw new Error(`${(err as Error).message}\n----- ${name} output -----\n${output()}`);
  }
  return child;
}

/**
 * A round-robin HTTP balancer in front of several children (one PUBLIC_URL for all, as in production): each
 * request goes to the next target. The targets can be set after it listens.
 */
export async function startBalancer(): Promise<{
  url: string;
  setTargets(ports: number[]): void;
  close(): Promise<void>;
}> {
  let targets: number[] = [];
  let next = 0;
  const server: Server = createHttpServer((req, res) => {
    if (targets.length === 0) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const port = targets[next++ % targets.length] as number;
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets(ports) {
      targets = ports;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** JSON over HTTP with the buyer's token. */
export async function api(base: string, method: string, url: string, token?: string, payload?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'accept-language': 'ja',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    body: payload ? JSON.stringify(payload) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
  let body: { data: any; meta: any } | null = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, text, body };
}

/** Presses Approve on the PayPay sandbox page as a person would; answers where the browser is sent back. */
export async function approve(url: string): Promise<string> {
  const page = await fetch(url, { redirect: 'manual' });
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error(`no approval form at ${url}`);
  const res = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
    method: 'POST',
    body: 'decision=approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`approval answered ${res.status}`);
  return res.headers.get('location') as string;
}
