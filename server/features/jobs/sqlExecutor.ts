// pg-boss runs its SQL through `{ executeSql(text, values) }`. This one runs it on a knex connection, so pg-boss
// shares our pool on PostgreSQL and queues behind our queries on PGlite's one connection, and, given a transaction,
// it runs inside it: a job queued there is committed or rolled back with the change that caused it.
// Texts go to the driver as they are ($1 placeholders, array values): knex's own binding rewrite would expand
// arrays, which pg-boss passes for `= ANY($1)`.
import type { Knex } from 'knex';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface DriverConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite: several statements in one text (its query() prepares, which takes one statement only). */
  exec?(text: string): Promise<{ rows: Record<string, unknown>[] }[]>;
}

export function sqlExecutor(db: Knex | Knex.Transaction): SqlExecutor {
  return {
    async executeSql(text, values) {
      // A transaction's client hands out the transaction's own connection and releases nothing.
      const client = db.client as {
        acquireConnection(): Promise<DriverConnection>;
        releaseConnection(c: DriverConnection): Promise<void>;
      };
      const connection = await client.acquireConnection();
      // pg-boss sends whole `BEGIN; ...; COMMIT;` texts: one that fails part-way leaves the connection inside a
      // failed transaction. Outside a transaction of ours, roll it back before the pool hands it to anyone else.
      const ownTransaction = !(db as { isTransaction?: boolean }).isTransaction;
      try {
        if (connection.exec && (values ?? []).length === 0) {
          const results = await connection.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await connection.query(text, values ?? []);
        return { rows: result.rows ?? [] };
      } catch (err) {
        if (ownTransaction) await connection.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}
