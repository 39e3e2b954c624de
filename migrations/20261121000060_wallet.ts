import type { Knex } from 'knex';

// The wallet (server/features/wallet/README.md): signed ticket tokens, usage marks, gate scans, shares,
// cancellations and the park staff who scan.
//
// ticket_signing_keys   Ed25519 keys per park (kid); the private key is PKCS8 DER encrypted with AES-256-GCM
//                       under a key derived from APP_SECRET. Public keys are served until retired.
// ticket_tokens         every token ever issued; at most one live (revoked_at null) per ticket (unique index).
// ticket_usages         usage marks (button, URL access, staff scan), idempotent by client_id (the outbox's
//                       UUID or the scan id), with the device's time of the act; later scans of a used ticket
//                       are kept as flagged duplicates.
// ticket_shares         a share link of some tickets (24 hours, not beyond the item's shareable_until day).
// ticket_share_tickets  the tickets of a share, with when each was received or returned.
// cancellations         a cancellation of tickets of one order: fee, refund in money and coins, its state.
// park_staff            users who may record gate scans for a park.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_signing_keys', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.string('kid', 32).notNullable().unique();
    t.string('public_key', 64).notNullable(); // raw 32 bytes, base64url
    t.text('private_key_enc').notNullable(); // v1.<iv>.<tag>.<ciphertext>, base64url
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('retired_at', { useTz: true });
    t.index(['park_id', 'created_at']);
  });

  await knex.schema.createTable('ticket_shares', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('park_id').notNullable().references('parks.id');
    t.string('state', 12).notNullable().defaultTo('open'); // open | received | cancelled | expired
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('received_by').references('users.id').onDelete('SET NULL');
    t.timestamp('received_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    /** Set when the share was reissued: the share that replaced it. */
    t.uuid('replaced_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE ticket_shares ADD CONSTRAINT ticket_shares_state_check CHECK (state IN ('open', 'received', 'cancelled', 'expired'))",
  );
  // The expiry job looks for open shares past their time.
  await knex.raw("CREATE INDEX ticket_shares_open ON ticket_shares (expires_at) WHERE state = 'open'");

  await knex.schema.createTable('cancellations', (t) => {
    t.uuid('id').primary(); // also the refund's idempotency key at the provider
    t.integer('user_id').notNullable().references('users.id');
    t.integer('order_id').notNullable().references('orders.id');
    t.uuid('payment_id');
    t.specificType('ticket_ids', 'uuid[]').notNullable();
    t.integer('days_before').notNullable();
    t.integer('charge_rate').notNullable();
    t.integer('fee').notNullable();
    t.integer('refund_amount').notNullable();
    t.integer('refund_coins').notNullable();
    /** refunding: waiting for the provider; refund_failed: may be retried; done. */
    t.string('state', 16).notNullable();
    t.timestamps(true, true);
    t.index(['order_id']);
    t.index(['user_id']);
  });
  await knex.raw(`ALTER TABLE cancellations ADD CONSTRAINT cancellations_check CHECK (
    fee >= 0 AND refund_amount >= 0 AND refund_coins >= 0 AND charge_rate BETWEEN 0 AND 100
    AND state IN ('refunding', 'refund_failed', 'done'))`);

  await knex.schema.alterTable('tickets', (t) => {
    /** Set while the ticket sits in an open share (it has left the sharer's My Tickets). */
    t.uuid('share_id').references('ticket_shares.id').onDelete('SET NULL');
    t.boolean('received_from_share').notNullable().defaultTo(false);
    t.boolean('won_via_waitlist').notNullable().defaultTo(false);
    t.uuid('face_photo_id').references('uploads.id').onDelete('SET NULL');
    t.timestamp('certificate_confirmed_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.uuid('cancellation_id').references('cancellations.id');
    t.index(['share_id']);
  });

  await knex.schema.createTable('ticket_tokens', (t) => {
    t.uuid('jti').primary();
    t.uuid('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE');
    t.integer('park_id').notNullable().references('parks.id');
    t.string('kid', 32).notNullable();
    t.text('token').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** The token's exp: revocations of expired tokens need not be served. */
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoke_reason', 16);
  });
  // A ticket never has two valid tokens.
  await knex.raw('CREATE UNIQUE INDEX ticket_tokens_live ON ticket_tokens (ticket_id) WHERE revoked_at IS NULL');
  await knex.raw(
    'CREATE INDEX ticket_tokens_revoked ON ticket_tokens (park_id, revoked_at) WHERE revoked_at IS NOT NULL',
  );

  await knex.schema.createTable('ticket_usages', (t) => {
    t.bigIncrements('id');
    /** The idempotency key: the outbox entry's UUID, or the scan id. */
    t.uuid('client_id').notNullable().unique();
    t.uuid('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE');
    t.string('source', 8).notNullable(); // button | url | scan
    /** The device's time of the act. */
    t.timestamp('acted_at', { useTz: true }).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** A later act on an already used ticket (kept for staff to review). */
    t.boolean('duplicate').notNullable().defaultTo(false);
    t.string('device_id', 64);
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('staff_user_id').references('users.id').onDelete('SET NULL');
    t.index(['ticket_id', 'acted_at']);
  });
  await knex.raw(
    "ALTER TABLE ticket_usages ADD CONSTRAINT ticket_usages_source_check CHECK (source IN ('button', 'url', 'scan'))",
  );

  await knex.schema.createTable('ticket_share_tickets', (t) => {
    t.uuid('share_id').notNullable().references('ticket_shares.id').onDelete('CASCADE');
    t.uuid('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE');
    t.timestamp('received_at', { useTz: true });
    t.timestamp('returned_at', { useTz: true });
    t.primary(['share_id', 'ticket_id']);
    t.index(['ticket_id']);
  });

  await knex.schema.createTable('park_staff', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'park_id']);
  });

  // Coins given back by a cancellation: one entry per cancellation (an order can be cancelled in parts, so the
  // one-entry-per-order rule of the orders migration no longer holds for these).
  await knex.schema.alterTable('coin_entries', (t) => {
    t.uuid('cancellation_id').references('cancellations.id');
  });
  await knex.raw('DROP INDEX coin_entries_per_order');
  await knex.raw(
    'CREATE UNIQUE INDEX coin_entries_per_order ON coin_entries (order_id, kind, reason) WHERE order_id IS NOT NULL AND cancellation_id IS NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX coin_entries_per_cancellation ON coin_entries (cancellation_id) WHERE cancellation_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS coin_entries_per_cancellation');
  await knex.raw('DROP INDEX IF EXISTS coin_entries_per_order');
  await knex('coin_entries').whereNotNull('cancellation_id').delete();
  await knex.schema.alterTable('coin_entries', (t) => t.dropColumn('cancellation_id'));
  await knex.raw(
    'CREATE UNIQUE INDEX coin_entries_per_order ON coin_entries (order_id, kind, reason) WHERE order_id IS NOT NULL',
  );
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('share_id');
    t.dropColumn('received_from_share');
    t.dropColumn('won_via_waitlist');
    t.dropColumn('face_photo_id');
    t.dropColumn('certificate_confirmed_at');
    t.dropColumn('cancelled_at');
    t.dropColumn('cancellation_id');
  });
  for (const table of [
    'park_staff',
    'ticket_share_tickets',
    'ticket_usages',
    'ticket_tokens',
    'cancellations',
    'ticket_shares',
    'ticket_signing_keys',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
