// Named leases in the database (table leases): one holder at a time across every instance, for a limited time that
// the holder renews while it works. A holder that died loses its lease when the time runs out. Used so that a sweep
// never overlaps itself, whatever its duration or the number of instances, and so that one payment is settled
// (captured, voided) by one caller at a time. Times are the database's own (clock_timestamp()), never the app's
// clock, which tests move.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** A holder that died (a crashed instance) blocks its lease this long at most. */
export const LEASE_TTL_MS = 20_000;

/**
 * The embedded PGlite belongs to one process: a lease found there at start was left by a process that is gone.
 * PostgreSQL is shared by instances: its leases run out by themselves.
 */
export async function dropLeasesOfDeadProcesses(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') await knex('leases').delete();
}

export interface LeaseOptions {
  /** How long the lease lasts without renewal; renewed every third of it while the work runs. */
  ttlMs?: number;
  /** Wait up to this long for the lease (polling) instead of giving up at once. */
  waitMs?: number;
}

/** Takes the lease `name` for `holder` if nobody holds it (or its holder's time ran out). */
export async function tryLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const { rows } = (await db.raw(
    `INSERT INTO leases (name, holder, expires_at)
     VALUES (?, ?, clock_timestamp() + make_interval(secs => ?))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE leases.expires_at < clock_timestamp() OR leases.holder = EXCLUDED.holder
     RETURNING holder`,
    [name, holder, ttlMs / 1000],
  )) as { rows: unknown[] };
  return rows.length === 1;
}

async function renew(db: Db, name: string, holder: string, ttlMs: number): Promise<void> {
  await db.raw(
    'UPDATE leases SET expires_at = clock_timestamp() + make_interval(secs => ?) WHERE name = ? AND holder = ?',
    [ttlMs / 1000, name, holder],
  );
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db('leases').where({ name, holder }).delete();
}

export type LeaseResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` holding the lease `name`; answers `{ ran: false }` when another holder has it (after waiting up to
 * `waitMs`). The lease is renewed while the work runs and released after it, whether it throws or not.
 */
export async function withLease<T>(
  knex: Knex,
  name: string,
  work: () => Promise<T>,
  options: LeaseOptions = {},
): Promise<LeaseResult<T>> {
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS;
  const holder = randomUUID();
  const giveUpAt = Date.now() + (options.waitMs ?? 0);
  let delay = 20;
  while (!(await tryLease(knex, name, holder, ttlMs))) {
    if (Date.now() >= giveUpAt) return { ran: false };
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(250, delay * 2);
  }
  const timer = setInterval(() => {
    renew(knex, name, holder, ttlMs).catch(() => undefined);
  }, ttlMs / 3);
  timer.unref();
  try {
    return { ran: true, value: await work() };
  } finally {
    clearInterval(timer);
    await releaseLease(knex, name, holder).catch(() => undefined);
  }
}
