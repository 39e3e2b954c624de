// Durable jobs in PostgreSQL through pg-boss 10 (on the embedded PGlite too: its SQL runs on our knex connection,
// see sqlExecutor.ts). Work that must follow a change is queued in the SAME transaction as the change
// (`jobs.send(trx, ...)`), so a crash either loses both or keeps both; pg-boss retries a failed job with backoff
// and hands each job to one worker across all app instances (FOR UPDATE SKIP LOCKED).
//
// Sweeps (hold expiry, coin expiry, abandoned payments, ...) are jobs too: every instance offers one per interval
// with a singleton key, so across instances one is queued per interval. The singleton holds only per interval, so a
// sweep also runs under a lease of its name (server/db/leases.ts): a run that lasts longer than its interval, a
// second instance, or the test clock's `drain` never overlaps it.
//
// Tests and the e2e harness run the same jobs without workers: `drain(now)` runs the sweeps at `now` and then every
// queued job that is due, until none is left.
import type { ServerApplicationState } from '@hapi/hapi';
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { dropLeasesOfDeadProcesses, withLease } from '../../db/leases';
import { withStartupLock } from '../../db/startupLock';
import { type SqlExecutor, sqlExecutor } from './sqlExecutor';

/** The advisory lock instances take while they set the job tables up. */
const START_LOCK = 7_020_261_125;

export const JOB_SCHEMA = 'pgboss';

export interface JobDefinition<T = Record<string, unknown>> {
  /** Queue name: letters, digits, hyphens. */
  name: string;
  /** A sweep is offered every interval by every instance (one runs); others are sent by the code that needs them. */
  sweep?: boolean;
  run(data: T, app: ServerApplicationState, now: Date, log: Log): Promise<unknown>;
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

export interface SendOptions {
  /** At most one job with this key waiting at a time (a second send is a no-op). */
  singletonKey?: string;
  startAfter?: Date;
}

type Log = (tags: string[], data: object) => void;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly byName: Map<string, JobDefinition>;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private working = false;

  constructor(
    private readonly knex: Knex,
    definitions: readonly JobDefinition[],
    private readonly app: () => ServerApplicationState,
    private readonly log: Log,
  ) {
    this.byName = new Map(definitions.map((d) => [d.name, d]));
    this.boss = new PgBoss({
      db: sqlExecutor(knex) as unknown as PgBoss.Db,
      schema: JOB_SCHEMA,
      // The server runs its sweeps itself (below); pg-boss's maintenance keeps the tables small.
      schedule: false,
      supervise: true,
      migrate: true,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => this.log(['jobs', 'error'], { err }));
  }

  /**
   * Creates the queues (idempotent). Does not take work: see `work()`. Instances starting at once on PostgreSQL
   * queue on an advisory lock: pg-boss 10 creates its schema and each queue's partition without one, and two
   * instances doing it together deadlock (one of them then fails to start).
   */
  async start(): Promise<void> {
    if (this.started) return;
    await dropLeasesOfDeadProcesses(this.knex);
    await withStartupLock(this.knex, START_LOCK, async () => {
      await this.boss.start();
      for (const d of this.byName.values()) {
        await this.boss.createQueue(d.name, {
          name: d.name,
          policy: 'standard',
          retryLimit: d.retryLimit ?? 8,
          retryDelay: d.retryDelay ?? 5,
          retryBackoff: d.retryBackoff ?? true,
          expireInSeconds: d.expireInSeconds ?? 300,
        });
      }
    });
    this.started = true;
  }

  /** Queues a job; with a transaction, it commits or rolls back with it. */
  async send(db: Knex | Knex.Transaction, name: string, data: object, options: SendOptions = {}): Promise<void> {
    if (!this.byName.has(name)) throw new Error(`unknown job ${name}`);
    await this.boss.send(name, data, {
      db: sqlExecutor(db) as SqlExecutor as unknown as PgBoss.Db,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /**
   * Runs one job. A sweep runs under its lease: a worker skips a sweep that is running elsewhere (the next interval
   * offers it again); `drain` waits for it, so that when drain returns a whole pass has run after its `now`.
   */
  private async runOne(d: JobDefinition, data: unknown, now: Date, waitForSweep = false) {
    const run = () => d.run((data ?? {}) as Record<string, unknown>, this.app(), now, this.log);
    let result: unknown;
    if (d.sweep) {
      const leased = await withLease(this.knex, `sweep:${d.name}`, run, { waitMs: waitForSweep ? 120_000 : 0 });
      result = leased.ran ? leased.value : { skipped: 'running elsewhere' };
    } else result = await run();
    this.log(['jobs', 'debug'], { job: d.name, result });
    return result;
  }

  /** Workers for every queue, and the sweep offers every `sweepIntervalMs` (0: no sweeps). */
  async work(sweepIntervalMs: number): Promise<void> {
    if (this.working) return;
    this.working = true;
    for (const d of this.byName.values()) {
      await this.boss.work(d.name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await this.runOne(d, job.data, this.app().clock.now());
      });
    }
    if (sweepIntervalMs > 0) {
      const offer = () => {
        for (const d of this.byName.values()) {
          if (!d.sweep) continue;
          this.boss
            .send(
              d.name,
              {},
              { singletonKey: d.name, singletonSeconds: Math.max(1, Math.round(sweepIntervalMs / 1000)) },
            )
            .catch((err: unknown) => this.log(['jobs', 'error'], { job: d.name, err }));
        }
      };
      this.timer = setInterval(offer, sweepIntervalMs);
      this.timer.unref();
    }
  }

  /**
   * Runs the sweeps as at `now` (only those named in `sweeps`, when given), then every queued job that is due, until
   * none is left (tests, the e2e harness, the CLI). A job that throws is failed for pg-boss to retry later, as a
   * worker would; its error is in the answer. A test that needs one deadline passed names its sweep: running them
   * all days ahead would also draw every lottery and expire every hold of the other tests sharing the database.
   */
  async drain(now: Date, sweeps?: readonly string[]): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const d of this.byName.values()) {
      if (!d.sweep || (sweeps && !sweeps.includes(d.name))) continue;
      try {
        out[d.name] = await this.runOne(d, {}, now, true);
      } catch (err) {
        out[d.name] = { error: (err as Error).message };
        this.log(['jobs', 'error'], { job: d.name, err });
      }
    }
    for (let round = 0; round < 50; round++) {
      let ran = 0;
      // Only the queues that have a due job: asking each of the ~30 queues in turn cost a test's drain 130 ms.
      const due = await this.dueQueues();
      for (const d of this.byName.values()) {
        // A sweep not named keeps its queued offer (a running instance's timer sends them) for that instance's
        // worker, at the real time: drained days ahead, it drew lotteries under the tests that followed.
        if (!due.has(d.name) || (d.sweep && sweeps && !sweeps.includes(d.name))) continue;
        for (;;) {
          const [job] = (await this.boss.fetch(d.name, { batchSize: 1 })) ?? [];
          if (!job) break;
          ran++;
          try {
            const result = await this.runOne(d, job.data, now);
            await this.boss.complete(d.name, job.id, result ? { result } : {});
            out[d.name] = result ?? 'done';
          } catch (err) {
            await this.boss.fail(d.name, job.id, { message: (err as Error).message });
            out[d.name] = { error: (err as Error).message };
            this.log(['jobs', 'error'], { job: d.name, err });
          }
        }
      }
      if (ran === 0) break;
    }
    return out;
  }

  private async dueQueues(): Promise<Set<string>> {
    const { rows } = await sqlExecutor(this.knex).executeSql(
      `SELECT DISTINCT name FROM ${JOB_SCHEMA}.job WHERE state IN ('created', 'retry') AND start_after <= now()`,
    );
    return new Set(rows.map((r) => String(r.name)));
  }

  /** Jobs waiting (created or retry) in a queue: for tests and the health of the queue. */
  async waiting(name: string): Promise<number> {
    const { rows } = await sqlExecutor(this.knex).executeSql(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry')`,
      [name],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.started) await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    this.started = false;
    this.working = false;
  }
}
