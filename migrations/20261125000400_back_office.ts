import type { Knex } from 'knex';

// The back office: invitations of park staff by e-mail (a single-use link; accepting adds the role), the staff audit
// trail (who, when, park, entity, before and after, written in the same transaction as the change), and the story
// lifecycle: status draft | published | unpublished (scheduled = published with published_at in the future), so
// drafts have no published_at yet. Existing stories are published.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_invitations', (t) => {
    t.uuid('id').primary();
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('role', 16).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('invited_by').notNullable().references('users.id');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true });
    t.integer('accepted_by').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['park_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE staff_invitations ADD CONSTRAINT staff_invitations_role_check CHECK (role IN ('owner', 'editor', 'scanner', 'finance'))",
  );

  await knex.schema.createTable('staff_audit', (t) => {
    t.bigIncrements('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.integer('actor_user_id').references('users.id');
    t.string('entity', 32).notNullable();
    t.string('entity_id', 64).notNullable();
    t.string('action', 32).notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['park_id', 'id']);
  });

  await knex.schema.alterTable('stories', (t) => {
    t.string('status', 16).notNullable().defaultTo('published');
    t.integer('created_by').references('users.id');
  });
  await knex.raw('ALTER TABLE stories ALTER COLUMN published_at DROP NOT NULL');
  await knex.raw(
    "ALTER TABLE stories ADD CONSTRAINT stories_status_check CHECK (status IN ('draft', 'published', 'unpublished') AND (status <> 'published' OR published_at IS NOT NULL))",
  );
  await knex.raw('CREATE INDEX stories_by_park_status ON stories (park_id, status, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS stories_by_park_status');
  await knex.raw('ALTER TABLE stories DROP CONSTRAINT IF EXISTS stories_status_check');
  await knex('stories').whereNot({ status: 'published' }).delete();
  await knex.raw('ALTER TABLE stories ALTER COLUMN published_at SET NOT NULL');
  await knex.schema.alterTable('stories', (t) => {
    t.dropColumn('created_by');
    t.dropColumn('status');
  });
  await knex.schema.dropTable('staff_audit');
  await knex.schema.dropTable('staff_invitations');
}
