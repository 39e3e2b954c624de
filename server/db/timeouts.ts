import type { Knex } from 'knex';

// How long a statement may run and a lock may be waited for, by kind of transaction. A visitor's cart and checkout
// answer quickly or say "busy, try again" (a 503 with Retry-After: server/plugins/errors.ts) instead of queueing
// behind a stuck row; reports and lottery draws read or write a lot and get longer. The rest of the transactions,
// and every plain query, run under the pool's defaults (createKnex): the `default` kind.
export const TIMEOUTS = {
  cart: { lockMs: 2_000, statementMs: 5_000 },
  checkout: { lockMs: 2_000, statementMs: 5_000 },
  default: { lockMs: 10_000, statementMs: 30_000 },
  report: { lockMs: 30_000, statementMs: 120_000 },
  lottery: { lockMs: 30_000, statementMs: 120_000 },
} as const;

export type TransactionKind = keyof typeof TIMEOUTS;

/**
 * SET LOCAL both timeouts (set_config(..., true): one statement, and the values are bindings); they end with the
 * transaction, so a pooled connection keeps its defaults.
 */
export async function setTimeouts(trx: Knex.Transaction, kind: TransactionKind): Promise<void> {
  const t = TIMEOUTS[kind];
  await trx.raw("SELECT set_config('lock_timeout', ?, true), set_config('statement_timeout', ?, true)", [
    `${t.lockMs}ms`,
    `${t.statementMs}ms`,
  ]);
}

/** knex.transaction with the timeouts of its kind set first. */
export function transaction<T>(knex: Knex, kind: TransactionKind, work: (trx: Knex.Transaction) => Promise<T>) {
  return knex.transaction(async (trx) => {
    await setTimeouts(trx, kind);
    return work(trx);
  });
}

/** SQLSTATE of a lock wait that timed out (55P03 lock_not_available) or a statement cancelled (57014). */
export const TIMEOUT_SQLSTATES = ['55P03', '57014'] as const;

/**
 * The database did not answer in time: a lock wait or a statement past its timeout, or no pooled connection free
 * within the pool's acquire timeout (knex's KnexTimeoutError, known by name: it carries no SQLSTATE).
 */
export function isDbTimeout(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown } | null;
  if (e?.name === 'KnexTimeoutError') return true;
  return typeof e?.code === 'string' && (TIMEOUT_SQLSTATES as readonly string[]).includes(e.code);
}

/** SQLSTATE of a server at its connection limit (53300 too_many_connections): busy, as a timeout is. */
const BUSY_SQLSTATES = ['53300'];
/**
 * SQLSTATE of a connection shut down or not accepted (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now) and class 08, connection exceptions (08P01 included: pgbouncer answers its own refusals so).
 */
const UNAVAILABLE_SQLSTATES = ['57P01', '57P02', '57P03'];
/** A socket to the database refused, cut or unanswered (a restart, a failover, a network fault). */
const SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'];

/**
 * pg's errors of a connection lost or closed carry no code: known by their message, after knex's prefix of the
 * statement ("ROLLBACK - Connection terminated unexpectedly": a transaction whose backend was terminated).
 */
const LOST_CONNECTION =
  /(?:^|\s-\s)(?:Connection terminated(?: unexpectedly)?|Client was closed and is not queryable)$/;

/**
 * The 503 a database error answers (server/plugins/errors.ts), or null for any other error: `databaseBusy` for a
 * timeout or the connection limit, `databaseUnavailable` for a database refusing, dropping or shutting down
 * connections.
 */
export function dbUnavailableAnswer(err: unknown): 'databaseBusy' | 'databaseUnavailable' | null {
  if (isDbTimeout(err)) return 'databaseBusy';
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (BUSY_SQLSTATES.includes(code)) return 'databaseBusy';
  if (UNAVAILABLE_SQLSTATES.includes(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.includes(code)) {
    return 'databaseUnavailable';
  }
  if (typeof e?.message === 'string' && LOST_CONNECTION.test(e.message)) {
    return 'databaseUnavailable';
  }
  return null;
}
