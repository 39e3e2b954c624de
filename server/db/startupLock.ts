import type { Knex } from 'knex';

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so that several instances starting at once do it one after
 * another (migrations, the job queue's schema). The lock is taken in a transaction of its own, kept open while the
 * work runs on the pool's other connections, and released by its commit: a transaction keeps its server connection
 * behind pgbouncer in transaction mode (deploy/pgbouncer.ini), where a session lock's lock and unlock could land on
 * two different server connections and leak. Waiters try, let go and try again rather than wait on the lock: a
 * waiting statement would hold one of pgbouncer's few server connections, and enough waiters would leave none for
 * the holder's work. PGlite is one process with one connection: the work just runs.
 */
export async function withStartupLock<T>(knex: Knex, key: number, work: () => Promise<T>): Promise<T> {
  if (knex.client.config.client !== 'pg') return work();
  for (let attempt = 0; ; attempt++) {
    const lock = await knex.transaction();
    let got = false;
    try {
      const r = await lock.raw<{ rows: { got: boolean }[] }>('SELECT pg_try_advisory_xact_lock(?) AS got', [key]);
      got = r.rows[0]?.got === true;
      if (!got) {
        await lock.rollback();
        await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 500)));
        continue;
      }
      const result = await work();
      await lock.commit();
      return result;
    } catch (err) {
      await lock.rollback().catch(() => undefined);
      throw err;
    }
  }
}
