// The status worker: a thread of each app instance that answers the waiting room's status poll on STATUS_PORT
// (deploy/haproxy.cfg sends that poll there). Thousands poll every few seconds during a sale; on the main thread
// each poll waited behind the carts, admissions and payments of those let in (tens of ms each: bench:waiting-room),
// on its own thread it waits only for the processor. Its own small pool of connections.
import { setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Config } from './config';
import { createKnex } from './db/knex';
import { createStatusServer } from './statusServer';

/**
 * The worker's nice value: under a sale's load the machine's cores are all busy (carts, payments, the database), and
 * a poll that waited for a core behind them took 0.1 s and more at p99 (bench:waiting-room, 110 ms at HAProxy at
 * nice 0, 34 ms at -5). A poll costs a fraction of a millisecond, so favouring it takes little from the others.
 * Raising a thread's priority needs permission (root, CAP_SYS_NICE, or systemd's LimitNICE=-5 in
 * deploy/zoopass@.service); without it the worker runs at the default, and says so once.
 */
const STATUS_NICE = -5;

/** Connections the status worker keeps: most polls read no row (store.ts), the others one. */
const STATUS_POOL_MAX = 4;

// A worker thread does not inherit tsx's loader (the app runs from TypeScript): the worker registers it, then loads
// this file.
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
(workerData.entry.endsWith('.ts') ? import('tsx/esm/api').then((tsx) => tsx.register()) : Promise.resolve())
  .then(() => import(workerData.entry));
`;

/** Starts the worker from the app's main thread; it is started again if it dies. Resolves once it listens. */
export function startStatusWorker(config: Config, log: (msg: string, err?: unknown) => void) {
  let worker: Worker | null = null;
  let stopping = false;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const w = new Worker(WORKER_BOOT, { eval: true, workerData: { config, entry: import.meta.url } });
      worker = w;
      w.once('message', (m: { nice: boolean }) => {
        if (!m.nice) log(`status worker: no permission for nice ${STATUS_NICE} (LimitNICE), runs at the default`);
        resolve();
      });
      w.once('error', (err) => {
        log('status worker failed', err);
        reject(err);
      });
      w.once('exit', (code) => {
        if (stopping) return;
        log(`status worker exited (${code}): starting it again`);
        setTimeout(() => void start().catch(() => {}), 1000);
      });
    });
  return {
    started: start(),
    async stop() {
      stopping = true;
      await worker?.terminate();
    },
  };
}

if (!isMainThread && workerData?.config) {
  const config = workerData.config as Config;
  let nice = true;
  try {
    // Linux keeps a nice value per thread (pid 0: this one, not the app's main thread).
    setPriority(0, STATUS_NICE);
  } catch {
    nice = false;
  }
  const knex = createKnex({
    databaseUrl: config.databaseUrl,
    poolMax: STATUS_POOL_MAX,
    pooler: config.databasePooler,
  });
  const server = await createStatusServer(config, knex, config.statusPort as number);
  await server.start();
  parentPort?.postMessage({ nice });
}
