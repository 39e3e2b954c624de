import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { TIMEOUTS } from './timeouts';

// Type parsing is made the same on pg and PGlite:
// DATE stays a 'YYYY-MM-DD' string (no local-midnight Date shifting), NUMERIC and INT8 become numbers, BYTEA a
// Buffer (pg's own; PGlite would give a plain Uint8Array, which hapi sends as JSON).
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, BYTEA: 17 } as const;
pg.types.setTypeParser(OID.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(OID.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(OID.DATE, (v) => v);

export const pgliteParsers = {
  [OID.INT8]: (v: string) => Number.parseInt(v, 10),
  [OID.NUMERIC]: (v: string) => Number.parseFloat(v),
  [OID.DATE]: (v: string) => v,
  // Text form: '\x' followed by hex digits.
  [OID.BYTEA]: (v: string) => Buffer.from(v.slice(2), 'hex'),
};

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** Use this PGlite instance (tests clone a migrated template into memory). */
  pglite?: PGlite;
  poolMax?: number;
  /**
   * 'pgbouncer': DATABASE_URL is a pgbouncer in transaction mode, which refuses startup parameters it does not
   * know: the pool's default timeouts are then the role's defaults in the database (db/poolerDefaults.ts).
   */
  pooler?: 'none' | 'pgbouncer';
}

export function createPglite(dataDir?: string, loadDataDir?: Blob | File): PGlite {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Options go first: `new PGlite(undefined, options)` silently ignores loadDataDir.
  return new PGlite({
    ...(dataDir ? { dataDir: resolve(dataDir) } : {}),
    parsers: pgliteParsers,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/** A knex instance: PostgreSQL through pg when a URL is given, else embedded PGlite in dataDir. */
export function createKnex(options: DatabaseOptions): Knex {
  if (options.databaseUrl) {
    return knexFactory({
      client: 'pg',
      // The pool's defaults for plain queries and for transactions of no other kind (./timeouts.ts); sent at
      // connect, so a RESET (or the end of a SET LOCAL) comes back to them.
      connection:
        options.pooler === 'pgbouncer'
          ? { connectionString: options.databaseUrl }
          : ({
              connectionString: options.databaseUrl,
              lock_timeout: TIMEOUTS.default.lockMs,
              statement_timeout: TIMEOUTS.default.statementMs,
            } as Knex.PgConnectionConfig), // pg takes lock_timeout; knex's type does not list it
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
      ...knexSnakeCaseMappers(),
    });
  }
  const pglite = options.pglite ?? createPglite(options.dataDir ?? './data');
  // knex-pglite refuses a `pool` key: it is one connection by design.
  return knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    // One connection: every query waits its turn, and the first one waits for a new data directory to be
    // initialised (over 10 s on a busy 2-core machine), so waiting is normal here, not a sign of a leak.
    acquireConnectionTimeout: 120_000,
    ...knexSnakeCaseMappers(),
  });
}

/** count(*) is a string through pg and a number on PGlite: always a number here. */
export function toCount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  return 0;
}
