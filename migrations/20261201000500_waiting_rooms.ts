import type { Knex } from 'knex';

// Issue 30 (virtual waiting room): a high-demand sale of an item goes through a queue.
// - waiting_rooms: one per item; before `opens_at` a pre-queue whose seed is committed (seed_hash published at
//   once, the seed only after the opening). `admitted` places were let in at `admitted_at`; from then on
//   `rate` more per second unless paused (services/frontier.ts). `next_position` hands out places after the opening.
// - waiting_room_places: one per account or guest (holder_key 'u:<id>' / 'g:<uuid>'); `entry_id` is what is ranked
//   and published (SHA-256 of room and holder: the guest id itself is a credential and is never published).
//   `token_jti` is the admission token issued last, `token_used_at` its single use.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('waiting_rooms', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().unique().references('items.id');
    t.timestamp('opens_at', { useTz: true }).notNullable();
    t.timestamp('closes_at', { useTz: true });
    t.string('seed', 64).notNullable();
    t.string('seed_hash', 64).notNullable();
    t.string('state', 10).notNullable().defaultTo('prequeue'); // prequeue | open
    t.boolean('paused').notNullable().defaultTo(false);
    t.double('rate').notNullable().defaultTo(2);
    t.integer('admitted').notNullable().defaultTo(0);
    t.timestamp('admitted_at', { useTz: true });
    t.integer('next_position').notNullable().defaultTo(0);
    t.integer('early_count').notNullable().defaultTo(0);
    t.integer('token_minutes').notNullable().defaultTo(10);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE waiting_rooms ADD CONSTRAINT waiting_rooms_state_check CHECK (state IN ('prequeue', 'open'))",
  );
  await knex.schema.createTable('waiting_room_places', (t) => {
    t.bigIncrements('id');
    t.integer('room_id').notNullable().references('waiting_rooms.id').onDelete('CASCADE');
    t.string('holder_key', 60).notNullable();
    t.string('entry_id', 64).notNullable();
    t.boolean('early').notNullable();
    t.integer('position');
    t.timestamp('joined_at', { useTz: true }).notNullable();
    t.string('token_jti', 32);
    t.timestamp('token_used_at', { useTz: true });
    t.unique(['room_id', 'holder_key']);
    t.unique(['room_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('waiting_room_places');
  await knex.schema.dropTable('waiting_rooms');
}
