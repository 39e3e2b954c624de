import type { Knex } from 'knex';

// Issue 30 (waiting room, second part):
// - waiting_rooms.max_rate: the staff's maximum admissions per second. `rate` is then the current one, adapted by
//   the waitingRooms sweep to what the stock path takes (holds per second on the item), never above max_rate.
//   Null for rooms saved before: their rate stays as set.
// - waiting_rooms.auto: opened by the high-demand trigger (add-to-cart rate on the item above the configured one).
// - waiting_room_places.notified_at: the visitor was told (inbox and push) that their turn came; once.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('waiting_rooms', (t) => {
    t.double('max_rate');
    t.boolean('auto').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('waiting_room_places', (t) => {
    t.timestamp('notified_at', { useTz: true });
  });
  // The notice sweep looks for let-in places not yet told.
  await knex.raw(
    'CREATE INDEX waiting_room_places_unnotified ON waiting_room_places (room_id, position) WHERE notified_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS waiting_room_places_unnotified');
  await knex.schema.alterTable('waiting_room_places', (t) => {
    t.dropColumn('notified_at');
  });
  await knex.schema.alterTable('waiting_rooms', (t) => {
    t.dropColumn('max_rate');
    t.dropColumn('auto');
  });
}
