import type { Knex } from 'knex';

interface LockConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock, on a connection of its own (the work uses the pool's
 * others), so that several instances starting at once do it one after another. PGlite is one process with one
 * connection: the work just runs.
 */
export async function withSessionLock<T>(knex: Knex, key: number, work: () => Promise<T>): Promise<T> {
  if (knex.client.config.client !== 'pg') return work();
  const client = knex.client as {
    acquireConnection(): Promise<LockConnection>;
    releaseConnection(c: LockConnection): Promise<void>;
  };
  const lock = await client.acquireConnection();
  try {
    // Waiting for another instance's migration may take longer than the pool's lock_timeout: no limit here.
    await lock.query('SET lock_timeout = 0');
    await lock.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await lock.query('RESET lock_timeout').catch(() => undefined);
    await client.releaseConnection(lock);
  }
}
