import type { Knex } from 'knex';

// Accounts: users (parents and kids), social identities, e-mail verification, password resets,
// sessions (revocable JWT ids), uploaded images, rate-limit counters, audit log.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email', 254); // lower-cased; null for kids accounts
    t.string('password_hash');
    t.string('name', 100).notNullable();
    t.string('telephone', 20);
    t.integer('prefecture_id').notNullable().defaultTo(0); // zero or below means unset
    t.date('birthdate');
    t.smallint('language').notNullable().defaultTo(0); // 0 ja, 1 en
    t.smallint('gender').notNullable().defaultTo(0);
    t.string('icon_url');
    t.smallint('child_flag').notNullable().defaultTo(0);
    t.integer('parent_id').references('users.id').onDelete('CASCADE');
    t.boolean('notifications_enabled').notNullable().defaultTo(true);
    t.timestamp('email_verified_at', { useTz: true });
    t.string('disability_id', 128); // linked disability ID (Mirairo ID)
    t.timestamp('disability_linked_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['parent_id']);
  });
  // One live account per address (deleted accounts free it).
  await knex.raw(
    'CREATE UNIQUE INDEX users_email_unique ON users (email) WHERE email IS NOT NULL AND deleted_at IS NULL',
  );

  await knex.schema.createTable('social_identities', (t) => {
    t.increments('id');
    t.string('provider', 16).notNullable(); // google | line | mirairo
    t.string('subject', 255).notNullable(); // the provider's user id
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.string('email', 254);
    t.string('name', 100);
    /** Opaque id handed to the browser after the provider's callback (the spec's "social user id"). */
    t.uuid('handoff_id').unique();
    t.timestamp('handoff_expires_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['provider', 'subject']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('email_verifications', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary(); // the JWT's jti
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** Set when a parent acts as one of their kids: the parent's user id. */
    t.integer('actor_id').references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('uploads', (t) => {
    t.uuid('id').primary();
    t.integer('owner_id').references('users.id').onDelete('CASCADE');
    t.string('purpose', 32).notNullable(); // icon | face | gate
    t.string('content_type', 32).notNullable();
    t.integer('size').notNullable();
    t.binary('bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id']);
  });

  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.string('key', 300).notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
  });

  await knex.schema.createTable('audit_logs', (t) => {
    t.bigIncrements('id');
    t.string('entity', 32).notNullable();
    t.string('entity_id', 64).notNullable();
    t.string('action', 64).notNullable();
    t.integer('actor_user_id');
    t.jsonb('data');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['entity', 'entity_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'audit_logs',
    'rate_limit_hits',
    'uploads',
    'sessions',
    'password_resets',
    'email_verifications',
    'social_identities',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
