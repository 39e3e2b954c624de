// Reads that may be a few seconds stale (the public catalogue: parks, items, living things, stories, search) can go
// to a PostgreSQL hot standby fed by streaming replication (issue 30): DATABASE_REPLICA_URL. Everything that writes,
// or must see its own writes, stays on the primary (request.server.app.knex).
//
// A replica is used only while it is known to be fresh: a check every `checkEveryMs` asks the primary for its WAL
// position and the replica for what it has replayed. Caught up (same position): fresh. Behind: the age of the last
// replayed transaction is the lag (pg_last_xact_replay_timestamp; on an idle primary nothing is behind, so an old
// timestamp alone never marks it stale). A replica that does not answer, is not in recovery (promoted, or a wrong
// URL), or lags more than `maxLagMs` is skipped until a later check finds it fresh: reads go to the primary.
import type { Knex } from 'knex';
import { createKnex } from './knex';

export interface ReadRouterOptions {
  primary: Knex;
  replicaUrl?: string | undefined;
  /** Most staleness a catalogue read may have (default 5 s). */
  maxLagMs?: number;
  checkEveryMs?: number;
  poolMax?: number;
}

export interface ReplicaStatus {
  configured: boolean;
  /** Reads go to the replica now. */
  inUse: boolean;
  lagMs: number | null;
  checkedAt: string | null;
  /** Why the replica is not in use, when configured. */
  reason: 'unreachable' | 'notStandby' | 'lagging' | 'notChecked' | null;
}

export interface ReadRouter {
  /** The connection for reads that may be stale: the replica when fresh, else the primary. */
  db(): Knex;
  status(): ReplicaStatus;
  /** One check now (tests; the timer calls it). */
  check(): Promise<ReplicaStatus>;
  stop(): Promise<void>;
}

const QUERY_TIMEOUT_MS = 1_000;

/** Runs a query with a client-side deadline: a replica that hangs must not hold the check. */
async function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('replica check timed out')), QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const { primary } = options;
  const maxLagMs = options.maxLagMs ?? 5_000;
  let state: ReplicaStatus = {
    configured: Boolean(options.replicaUrl),
    inUse: false,
    lagMs: null,
    checkedAt: null,
    reason: options.replicaUrl ? 'notChecked' : null,
  };
  if (!options.replicaUrl) {
    return { db: () => primary, status: () => state, check: async () => state, stop: async () => {} };
  }
  const replica = createKnex({ databaseUrl: options.replicaUrl, poolMax: options.poolMax ?? 10 });

  async function check(): Promise<ReplicaStatus> {
    const checkedAt = new Date().toISOString();
    let next: ReplicaStatus;
    try {
      // The primary's position first, then compared on the replica: a replica at or past it is caught up.
      const position = await withDeadline(
        primary.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn'),
      );
      const standby = await withDeadline(
        replica.raw<{ rows: { recovering: boolean; behind: string | null; ageMs: number | null }[] }>(
          `SELECT pg_is_in_recovery() AS recovering,
                  pg_wal_lsn_diff(?::pg_lsn, pg_last_wal_replay_lsn())::text AS behind,
                  (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS "ageMs"`,
          [position.rows[0]?.lsn ?? '0/0'],
        ),
      );
      const row = standby.rows[0];
      if (!row?.recovering) {
        next = { configured: true, inUse: false, lagMs: null, checkedAt, reason: 'notStandby' };
      } else {
        const behindBytes = Number(row.behind ?? 0);
        const lagMs = behindBytes <= 0 ? 0 : Math.max(0, Math.round(row.ageMs ?? Number.POSITIVE_INFINITY));
        const fresh = lagMs <= maxLagMs;
        next = { configured: true, inUse: fresh, lagMs, checkedAt, reason: fresh ? null : 'lagging' };
      }
    } catch {
      next = { configured: true, inUse: false, lagMs: null, checkedAt, reason: 'unreachable' };
    }
    state = next;
    return state;
  }

  const timer = setInterval(() => void check(), options.checkEveryMs ?? 2_000);
  timer.unref();
  void check();

  return {
    db: () => (state.inUse ? replica : primary),
    status: () => state,
    check,
    async stop() {
      clearInterval(timer);
      await replica.destroy();
    },
  };
}
