import type { Knex } from 'knex';

// Issue 28 (day lists by change): a gate asks for the tickets of its park's day that changed since its cursor.
// Every write of a ticket row, and of a ticket token (a token issued or revoked changes the day list's live token
// id), records the writing transaction's 64-bit id (pg_current_xact_id) in `gate_xid`, by trigger, so no writer
// can forget it. Readers hand out only rows written by transactions older than the oldest one still running
// (pg_snapshot_xmin of their own snapshot): those are all committed, and any later write has a larger id, so a
// cursor at that bound never misses a row committed late (server/features/staff/services/listDayTickets.ts).
// No lock is taken and PGlite has the same functions. Existing rows get 0: a first sync lists them all.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION zoo_gate_xid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.gate_xid := pg_current_xact_id()::text::bigint;
      RETURN NEW;
    END $$`);
  for (const table of ['tickets', 'ticket_tokens']) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN gate_xid bigint NOT NULL DEFAULT 0`);
    await knex.raw(
      `CREATE TRIGGER ${table}_gate_xid BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION zoo_gate_xid()`,
    );
  }
  await knex.raw('CREATE INDEX tickets_gate_changes ON tickets (park_id, use_date, gate_xid, id)');
  await knex.raw('CREATE INDEX ticket_tokens_gate_changes ON ticket_tokens (park_id, gate_xid)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['tickets', 'ticket_tokens']) {
    await knex.raw(`DROP TRIGGER ${table}_gate_xid ON ${table}`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN gate_xid`);
  }
  await knex.raw('DROP FUNCTION zoo_gate_xid()');
}
