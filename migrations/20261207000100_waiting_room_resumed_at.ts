import type { Knex } from 'knex';

// Issue 30 (waiting room): waiting_rooms.resumed_at, when staff last resumed a paused room. The adaptive rate measures
// the stock path from it (sweepRooms.ts): while paused nobody new is let in and the holds stop, so a minute that
// spans a pause reads low. Null: never paused and resumed.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('waiting_rooms', (t) => {
    t.timestamp('resumed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('waiting_rooms', (t) => {
    t.dropColumn('resumed_at');
  });
}
