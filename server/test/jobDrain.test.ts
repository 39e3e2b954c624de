// The test clock's drain (`runOnce(at, only)`, used by the browser tests' /jobs) runs only the sweeps it names, even
// when a running instance's timer has just queued its periodic sweep offers: an offer drained at a time days ahead
// closed and drew the demo's lottery round under the specs that followed (CI: lottery.spec "two open days").
import type { ServerApplicationState } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobDefinition, JobQueue } from '../features/jobs/queue';
import { createTestDb, type TestDb } from './testDb';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
}, 240_000);
afterAll(async () => {
  await db?.drop();
});

describe('drain at a test time', () => {
  it('runs only the named sweeps, also when the other sweeps have offers waiting in the queue', async () => {
    const ran: { name: string; at: string }[] = [];
    const sweep = (name: string): JobDefinition => ({
      name,
      sweep: true,
      run: async (_d, _app, now) => {
        ran.push({ name, at: now.toISOString() });
      },
    });
    const queue = new JobQueue(
      db.knex,
      [sweep('drainNamed'), sweep('drainOther')],
      () => ({}) as ServerApplicationState,
      () => {},
    );
    await queue.start();
    try {
      // What a running instance's sweep timer leaves in the queue between two polls of its workers.
      await queue.send(db.knex, 'drainOther', {});
      await queue.send(db.knex, 'drainNamed', {});
      const later = new Date(Date.now() + 15 * 86_400_000);
      await queue.drain(later, ['drainNamed']);
      expect(ran.filter((r) => r.name === 'drainOther')).toEqual([]);
      expect(ran.filter((r) => r.name === 'drainNamed').length).toBeGreaterThanOrEqual(1);
      // The other sweep's offer stays for the instance's own worker, which runs it at the real time.
      expect(await queue.waiting('drainOther')).toBe(1);
    } finally {
      await queue.stop();
    }
  });
});
