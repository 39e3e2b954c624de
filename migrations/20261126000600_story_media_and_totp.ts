import type { Knex } from 'knex';

// Story media and staff two-factor sign-in.
// - story_media: a story's photos and short movies in order, alt text per language (ja required). media_files holds
//   the re-encoded bytes (photo widths in WebP and AVIF, a movie and its poster) in the database like uploads, so
//   instances stay stateless; ranges of a movie are read with substring() rather than loading all of it.
// - story_living_things: the park's animals a story is about (several; stories.park_living_thing_id stays the first).
// - user_totp: the TOTP secret (encrypted with a key derived from APP_SECRET), a pending one while being set up,
//   and the last accepted time step (a code is accepted once). totp_recovery_codes are HMAC hashes, each used once.
// - sign_in_challenges: a password (or provider) that was right, waiting for the second factor, a few minutes.
// - parks.require_totp: the owner's rule that every member of the park uses two-factor sign-in.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('story_media', (t) => {
    t.uuid('id').primary();
    t.integer('story_id').notNullable().references('stories.id').onDelete('CASCADE');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.string('kind', 8).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    t.string('alt_ja', 300).notNullable();
    t.string('alt_en', 300);
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('duration_ms');
    t.integer('created_by').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['story_id', 'sort']);
  });
  await knex.raw(
    "ALTER TABLE story_media ADD CONSTRAINT story_media_kind_check CHECK (kind IN ('photo', 'movie') AND (kind = 'photo' OR duration_ms IS NOT NULL))",
  );
  await knex.schema.createTable('media_files', (t) => {
    t.uuid('id').primary();
    t.uuid('media_id').notNullable().references('story_media.id').onDelete('CASCADE');
    t.string('role', 8).notNullable(); // image | poster | movie
    t.string('content_type', 32).notNullable();
    t.integer('width');
    t.integer('height');
    t.integer('size').notNullable();
    t.binary('bytes').notNullable();
    t.index(['media_id']);
  });
  await knex.schema.createTable('story_living_things', (t) => {
    t.integer('story_id').notNullable().references('stories.id').onDelete('CASCADE');
    t.integer('park_living_thing_id').notNullable().references('park_living_things.id').onDelete('CASCADE');
    t.integer('sort').notNullable().defaultTo(0);
    t.primary(['story_id', 'park_living_thing_id']);
    t.index(['park_living_thing_id']);
  });
  await knex.raw(
    'INSERT INTO story_living_things (story_id, park_living_thing_id) SELECT id, park_living_thing_id FROM stories WHERE park_living_thing_id IS NOT NULL',
  );

  await knex.schema.createTable('user_totp', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('secret_enc');
    t.text('pending_secret_enc');
    t.timestamp('enabled_at', { useTz: true });
    t.bigInteger('last_step');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('totp_recovery_codes', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.unique(['user_id', 'code_hash']);
  });
  await knex.schema.createTable('sign_in_challenges', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('method', 32).notNullable();
    t.smallint('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
  await knex.schema.alterTable('parks', (t) => {
    t.boolean('require_totp').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('parks', (t) => t.dropColumn('require_totp'));
  await knex.schema.dropTable('sign_in_challenges');
  await knex.schema.dropTable('totp_recovery_codes');
  await knex.schema.dropTable('user_totp');
  await knex.schema.dropTable('story_living_things');
  await knex.schema.dropTable('media_files');
  await knex.schema.dropTable('story_media');
}
