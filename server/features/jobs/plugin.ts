// A small job runner: every `intervalMs` each job runs once (never two runs of one job at a time in one process;
// across instances the jobs themselves claim rows with FOR UPDATE SKIP LOCKED). It starts when the server starts
// listening and stops before the server stops; `server.initialize()` alone (tests with server.inject) leaves it
// off, and an interval of 0 turns it off. `server.plugins.jobs.runOnce()` runs every job now (tests, CLI).
import type { Plugin, Server, ServerApplicationState } from '@hapi/hapi';
import type { Knex } from 'knex';
import { expireCoins } from '../orders/services/expireCoins';
import { expirePendingPayments } from '../payments/services/expirePendingPayments';
import { expireShares } from '../wallet/services/expireShares';
import { retryRefunds } from '../wallet/services/retryRefunds';
import { retireOldKeys } from '../wallet/services/rotateKeys';
import { expireHolds } from './expireHolds';

export interface Job {
  name: string;
  /** `app` is the server's state (config, the payment outcome handler). */
  run(knex: Knex, now: Date, app: ServerApplicationState): Promise<unknown>;
}

export const JOBS: readonly Job[] = [
  { name: 'expireHolds', run: (knex, now) => expireHolds(knex, { now }) },
  { name: 'expireCoins', run: (knex, now) => expireCoins(knex, now) },
  { name: 'expireShares', run: (knex, now) => expireShares(knex, now) },
  { name: 'retireTicketKeys', run: (knex, now) => retireOldKeys(knex, now) },
  { name: 'retryRefunds', run: (knex, now, app) => retryRefunds(knex, app.config, now) },
  {
    name: 'expirePendingPayments',
    run: (knex, now, app) => expirePendingPayments(knex, app.config, app.paymentOutcome, now),
  },
];

export interface JobsApi {
  runOnce(now?: Date): Promise<Record<string, unknown>>;
  /** Whether the interval is running. */
  running(): boolean;
}

declare module '@hapi/hapi' {
  interface PluginProperties {
    jobs: JobsApi;
  }
}

export const jobsPlugin: Plugin<{ intervalMs: number; jobs?: readonly Job[] }> = {
  name: 'jobs',
  dependencies: ['db'],
  register(server: Server, options) {
    const jobs = options.jobs ?? JOBS;
    // The run in progress of each job: the interval skips a job still running; an explicit run waits for it and
    // then runs the job itself (its `now` may differ, e.g. a test asking for a later time).
    const busy = new Map<string, Promise<unknown>>();
    let timer: NodeJS.Timeout | null = null;
    let inflight: Promise<unknown> = Promise.resolve();

    async function runJob(job: Job, now: Date, whenBusy: 'skip' | 'wait'): Promise<unknown> {
      for (let running = busy.get(job.name); running; running = busy.get(job.name)) {
        if (whenBusy === 'skip') return { skipped: 'still running' };
        await running;
      }
      const run = (async () => {
        try {
          const result = await job.run(server.app.knex, now, server.app);
          server.log(['jobs', 'debug'], { job: job.name, result });
          return result;
        } catch (err) {
          server.log(['jobs', 'error'], { job: job.name, err });
          return { error: (err as Error).message };
        } finally {
          busy.delete(job.name);
        }
      })();
      busy.set(job.name, run);
      return run;
    }

    async function runAll(now: Date, whenBusy: 'skip' | 'wait') {
      const out: Record<string, unknown> = {};
      for (const job of jobs) out[job.name] = await runJob(job, now, whenBusy);
      return out;
    }

    const api: JobsApi = {
      runOnce: (now = new Date()) => runAll(now, 'wait'),
      running: () => timer !== null,
    };
    server.expose(api);

    server.ext('onPostStart', () => {
      if (options.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        inflight = runAll(new Date(), 'skip');
      }, options.intervalMs);
      timer.unref();
    });
    // Let a run in progress finish before the database goes away.
    server.ext('onPreStop', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await inflight;
    });
  },
};
