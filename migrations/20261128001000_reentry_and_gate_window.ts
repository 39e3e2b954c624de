import type { Knex } from 'knex';

// Exit and re-entry at the gate, and the park's timed-slot window (issue 28).
//   items.reentry            the ticket may leave and come back on its day of use (default: one entry, as before)
//   items.max_entries        with re-entry, how many entries in all (null: as many as the day allows)
//   tickets.inside           the holder is inside the park as the acts say (written by the ticket ledger only)
//   tickets.entries          accepted entries so far
//   ticket_usages.direction  in (an entry, or a button/URL use) or out (an exit scan)
//   ticket_usages.refused_online  an online gate refused on the server's answer: the act stays a duplicate (acts.ts)
//   parks.gate_slot_before_minutes / gate_slot_after_minutes: a timed ticket enters from this many minutes before its
//                            slot's start to this many after (the gate's verdict, pwa verdict.ts slotRefusal)
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (t) => {
    t.boolean('reentry').notNullable().defaultTo(false);
    t.smallint('max_entries');
  });
  await knex.raw(
    'ALTER TABLE items ADD CONSTRAINT items_max_entries_check CHECK (max_entries IS NULL OR max_entries BETWEEN 2 AND 99)',
  );
  await knex.schema.alterTable('tickets', (t) => {
    t.boolean('inside').notNullable().defaultTo(false);
    t.smallint('entries').notNullable().defaultTo(0);
  });
  // A ticket used before exits existed entered once and never left.
  await knex.raw("UPDATE tickets SET inside = true, entries = 1 WHERE state = 'used'");
  await knex.schema.alterTable('ticket_usages', (t) => {
    t.string('direction', 3).notNullable().defaultTo('in');
    t.boolean('refused_online').notNullable().defaultTo(false);
  });
  await knex.raw(
    "ALTER TABLE ticket_usages ADD CONSTRAINT ticket_usages_direction_check CHECK (direction IN ('in', 'out'))",
  );
  await knex.schema.alterTable('parks', (t) => {
    t.smallint('gate_slot_before_minutes').notNullable().defaultTo(15);
    t.smallint('gate_slot_after_minutes').notNullable().defaultTo(60);
  });
  await knex.raw(
    'ALTER TABLE parks ADD CONSTRAINT parks_gate_slot_window_check CHECK (gate_slot_before_minutes BETWEEN 0 AND 720 AND gate_slot_after_minutes BETWEEN 0 AND 720)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE parks DROP CONSTRAINT IF EXISTS parks_gate_slot_window_check');
  await knex.schema.alterTable('parks', (t) => {
    t.dropColumn('gate_slot_before_minutes');
    t.dropColumn('gate_slot_after_minutes');
  });
  await knex.raw('ALTER TABLE ticket_usages DROP CONSTRAINT IF EXISTS ticket_usages_direction_check');
  await knex.schema.alterTable('ticket_usages', (t) => {
    t.dropColumn('direction');
    t.dropColumn('refused_online');
  });
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('inside');
    t.dropColumn('entries');
  });
  await knex.raw('ALTER TABLE items DROP CONSTRAINT IF EXISTS items_max_entries_check');
  await knex.schema.alterTable('items', (t) => {
    t.dropColumn('reentry');
    t.dropColumn('max_entries');
  });
}
