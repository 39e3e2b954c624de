// The durable job queue (queue.ts) as a hapi plugin: `server.app.jobs` sends jobs; the queues are made when the
// server initialises; workers and sweep offers start when it starts listening and stop before it stops, so
// `server.initialize()` alone (tests with server.inject) takes no work. `server.plugins.jobs.runOnce(now)` runs
// the sweeps at `now` and every due job now (tests, the e2e harness, the CLI). An interval of 0 turns workers off.
// The jobs are the features' (`jobs` of each feature's index.ts), handed over by server.ts: this imports no feature.
import type { Plugin, Server } from '@hapi/hapi';
import { type JobDefinition, JobQueue } from './queue';
import { registerJobQueue } from './registry';

export interface JobsApi {
  /** The sweeps at `now` (only those named in `sweeps`, when given), then every due job. */
  runOnce(now?: Date, sweeps?: readonly string[]): Promise<Record<string, unknown>>;
  /** Whether this instance takes work. */
  running(): boolean;
}

declare module '@hapi/hapi' {
  interface PluginProperties {
    jobs: JobsApi;
  }
}

export const jobsPlugin: Plugin<{ intervalMs: number; jobs: readonly JobDefinition[] }> = {
  name: 'jobs',
  dependencies: ['db'],
  register(server: Server, options) {
    const queue = new JobQueue(
      server.app.knex,
      options.jobs,
      () => server.app,
      (tags, data) => server.log(tags, data),
    );
    server.app.jobs = queue;
    registerJobQueue(server.app.knex, queue);
    let working = false;
    server.expose({
      runOnce: (now?: Date, sweeps?: readonly string[]) => queue.drain(now ?? server.app.clock.now(), sweeps),
      running: () => working,
    } satisfies JobsApi);

    server.ext('onPreStart', () => queue.start());
    server.ext('onPostStart', async () => {
      if (options.intervalMs <= 0) return;
      await queue.work(options.intervalMs);
      working = true;
    });
    // Jobs in progress finish before the database goes away.
    server.ext('onPreStop', async () => {
      working = false;
      await queue.stop();
    });
  },
};
