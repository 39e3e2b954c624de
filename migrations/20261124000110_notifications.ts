import type { Knex } from 'knex';

// Notifications: every one is stored in the user's inbox first, then pushed to each of their devices.
// - vapid_keys: the one VAPID key pair of the deployment (made on first start unless configured; row id 1 only, so
//   instances starting together never make two sets);
// - push_subscriptions: a browser's PushSubscription, one account each (a device that signs in as someone else moves);
// - notifications: the inbox (text in the account's language at the time), read or not;
// - notification_preferences: per kind on/off (absent: the kind's default);
// - cart_lines.expiry_notified_at: the "hold ends in 3 minutes" notice went out.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vapid_keys', (t) => {
    t.smallint('id').primary();
    t.text('public_key').notNullable();
    t.text('private_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE vapid_keys ADD CONSTRAINT vapid_keys_one CHECK (id = 1)');
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    t.smallint('language').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_sent_at', { useTz: true });
    t.index(['user_id']);
  });
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable();
    /** Where a tap goes (a path of the app). */
    t.text('navigate').notNullable();
    /** Push Topic: a newer message of the same kind and object replaces an unread older one. */
    t.string('topic', 32).notNullable();
    t.jsonb('data');
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await knex.raw('CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL');
  await knex.schema.createTable('notification_preferences', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.boolean('enabled').notNullable();
    t.primary(['user_id', 'kind']);
  });
  await knex.schema.alterTable('cart_lines', (t) => {
    t.timestamp('expiry_notified_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cart_lines', (t) => t.dropColumn('expiry_notified_at'));
  for (const table of ['notification_preferences', 'notifications', 'push_subscriptions', 'vapid_keys']) {
    await knex.schema.dropTableIfExists(table);
  }
}
