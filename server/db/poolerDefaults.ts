import type { Knex } from 'knex';
import { TIMEOUTS } from './timeouts';

// Behind pgbouncer in transaction mode (DATABASE_POOLER=pgbouncer) a client cannot send lock_timeout and
// statement_timeout at connect (pgbouncer refuses unknown startup parameters), and a SET outside a transaction would
// stay on whichever server connection ran it. So the pool's defaults (TIMEOUTS.default) become the app role's
// defaults in its database: every server connection pgbouncer opens starts with them. Transactions of other kinds
// SET LOCAL their own (db/timeouts.ts), which pgbouncer keeps on one server connection. Run at start (idempotent);
// a role may set its own defaults without extra privileges.
export async function setRoleTimeoutDefaults(knex: Knex): Promise<void> {
  await knex.raw(`DO $$
    BEGIN
      EXECUTE format('ALTER ROLE %I IN DATABASE %I SET lock_timeout = %L', current_user, current_database(), '${TIMEOUTS.default.lockMs}ms');
      EXECUTE format('ALTER ROLE %I IN DATABASE %I SET statement_timeout = %L', current_user, current_database(), '${TIMEOUTS.default.statementMs}ms');
    END $$`);
}
