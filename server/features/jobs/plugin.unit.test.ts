import Hapi from '@hapi/hapi';
import { describe, expect, it } from 'vitest';
import { type Job, jobsPlugin } from './plugin';

describe('jobs plugin', () => {
  it('an explicit run waits for the same job still running, then runs it with its own time', async () => {
    const server = Hapi.server();
    await server.register({ plugin: { name: 'db', register() {} } });
    const seen: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job: Job = {
      name: 'slow',
      async run(_knex, now) {
        seen.push(now.toISOString());
        if (seen.length === 1) await gate;
        return seen.length;
      },
    };
    await server.register({ plugin: jobsPlugin, options: { intervalMs: 0, jobs: [job] } });
    const first = server.plugins.jobs.runOnce(new Date('2026-01-01T00:00:00Z'));
    const later = server.plugins.jobs.runOnce(new Date('2026-01-02T00:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(1); // the second waits
    release();
    expect(await first).toEqual({ slow: 1 });
    expect(await later).toEqual({ slow: 2 });
    expect(seen).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
  });
});
