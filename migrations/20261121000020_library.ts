import type { Knex } from 'knex';

// The library: follows (parks, park users, living things), likes of stories, favourites (items, ticket packs).
// One row per user and target (unique), removed with the user (ON DELETE CASCADE), listed by user, newest first.
// Follow and favourite targets are polymorphic (type + id, checked against a fixed list); listings join the
// target tables, so a row whose target is gone or no longer public is simply not shown.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('follows', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('target_type', 16).notNullable();
    t.integer('target_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'target_type', 'target_id']);
    t.index(['user_id', 'created_at']);
    // Follower counts of a profile.
    t.index(['target_type', 'target_id']);
  });
  await knex.raw(
    "ALTER TABLE follows ADD CONSTRAINT follows_target_type_check CHECK (target_type IN ('park', 'park_user', 'living_thing'))",
  );

  await knex.schema.createTable('likes', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('story_id').notNullable().references('stories.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'story_id']);
    t.index(['user_id', 'created_at']);
    t.index(['story_id']);
  });

  await knex.schema.createTable('favorites', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('target_type', 16).notNullable();
    t.integer('target_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'target_type', 'target_id']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE favorites ADD CONSTRAINT favorites_target_type_check CHECK (target_type IN ('item', 'ticket_pack'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['favorites', 'likes', 'follows']) {
    await knex.schema.dropTableIfExists(table);
  }
}
