import type { Knex } from 'knex';

// Payments: one row per payment attempt (an order may try several), the provider events seen (unique per
// provider and event id: notifications and browser returns are applied once), refunds (partial refunds for
// cancellation fees), registered cards (provider references only: never a number or CVC).
// The sandbox_* tables are the state of the local provider sandboxes (development and tests only, unused
// when real provider credentials are configured); they live in PostgreSQL so several instances and restarts work.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_cards', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('provider_member_id', 64).notNullable();
    t.string('provider_card_seq', 16).notNullable();
    t.string('brand', 16).notNullable();
    t.string('last4', 4).notNullable();
    t.string('expiry', 5).notNullable(); // MM/YY
    t.string('holder_name', 50);
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'provider_member_id', 'provider_card_seq']);
    t.index(['user_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX user_cards_one_default ON user_cards (user_id) WHERE is_default');

  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary();
    // The orders table comes later: an index now, the foreign key with it.
    t.integer('order_id').notNullable();
    t.integer('user_id').notNullable().references('users.id');
    t.smallint('method').notNullable(); // 1 card (visa), 2 m-pay (merpay), 3 paypay, 4 full coin / free
    t.string('mode', 8).notNullable(); // CAPTURE | AUTH
    t.integer('amount').notNullable(); // yen, tax included
    t.integer('refunded_amount').notNullable().defaultTo(0);
    t.string('state', 24).notNullable();
    t.string('provider', 16).notNullable(); // gmo | paypay | merpay | internal
    /** Our reference sent to the provider (GMO OrderID, PayPay merchantPaymentId, merpay merchant_order_id). */
    t.string('order_ref', 27).notNullable().unique();
    /** The provider's reference: GMO AccessID, PayPay merchantPaymentId, merpay payment id. */
    t.string('provider_ref', 64);
    t.string('access_id', 64); // GMO
    t.string('access_pass', 64); // GMO
    t.bigInteger('user_card_id').references('user_cards.id').onDelete('SET NULL');
    t.string('failure_reason', 32);
    t.timestamps(true, true);
    t.index(['order_id']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX payments_provider_ref_unique ON payments (provider, provider_ref) WHERE provider_ref IS NOT NULL',
  );
  await knex.raw('ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN (1, 2, 3, 4))');
  await knex.raw("ALTER TABLE payments ADD CONSTRAINT payments_mode_check CHECK (mode IN ('CAPTURE', 'AUTH'))");
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('created', 'redirected', 'authorized', 'captured', 'voided', 'failed', 'refunded', 'partially_refunded'))",
  );
  await knex.raw(
    'ALTER TABLE payments ADD CONSTRAINT payments_amounts_check CHECK (amount >= 0 AND refunded_amount >= 0 AND refunded_amount <= amount)',
  );

  await knex.schema.createTable('payment_events', (t) => {
    t.bigIncrements('id');
    t.string('provider', 16).notNullable();
    t.string('event_id', 160).notNullable();
    t.uuid('payment_id').notNullable().references('payments.id').onDelete('CASCADE');
    t.string('kind', 24).notNullable(); // start | notification | return
    t.string('status', 24).notNullable(); // the provider's word, normalised
    t.jsonb('payload');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'event_id']);
    t.index(['payment_id']);
  });

  await knex.schema.createTable('payment_refunds', (t) => {
    t.uuid('id').primary(); // also the provider's idempotency key
    t.uuid('payment_id').notNullable().references('payments.id').onDelete('CASCADE');
    t.integer('amount').notNullable();
    t.string('state', 16).notNullable(); // pending | succeeded | failed
    t.string('reason', 200);
    t.timestamps(true, true);
    t.index(['payment_id']);
  });

  await knex.raw(
    "CREATE UNIQUE INDEX payment_refunds_one_pending ON payment_refunds (payment_id) WHERE state = 'pending'",
  );

  // ---- Local provider sandboxes ----
  await knex.schema.createTable('sandbox_gmo_tokens', (t) => {
    t.string('token', 64).primary();
    t.string('masked_card_no', 24).notNullable();
    t.string('brand', 16).notNullable();
    t.string('expire', 4).notNullable(); // YYMM
    t.string('holder_name', 50);
    t.string('behaviour', 16).notNullable(); // ok | 3ds | declined | insufficient
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('sandbox_gmo_members', (t) => {
    t.string('site_id', 32).notNullable();
    t.string('member_id', 64).notNullable();
    t.string('member_name', 100);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['site_id', 'member_id']);
  });
  await knex.schema.createTable('sandbox_gmo_cards', (t) => {
    t.string('site_id', 32).notNullable();
    t.string('member_id', 64).notNullable();
    t.integer('card_seq').notNullable();
    t.string('masked_card_no', 24).notNullable();
    t.string('brand', 16).notNullable();
    t.string('expire', 4).notNullable();
    t.string('holder_name', 50);
    t.string('behaviour', 16).notNullable();
    t.boolean('default_flag').notNullable().defaultTo(false);
    t.boolean('deleted').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['site_id', 'member_id', 'card_seq']);
  });
  await knex.schema.createTable('sandbox_gmo_trades', (t) => {
    t.string('access_id', 32).primary();
    t.string('access_pass', 32).notNullable();
    t.string('shop_id', 32).notNullable();
    t.string('order_id', 27).notNullable().unique();
    t.string('job_cd', 8).notNullable(); // CAPTURE | AUTH
    t.integer('amount').notNullable();
    t.string('status', 16).notNullable(); // UNPROCESSED | CAPTURE | AUTH | SALES | VOID | RETURN
    t.string('behaviour', 16);
    t.string('masked_card_no', 24);
    t.string('member_id', 64);
    t.integer('card_seq');
    t.string('challenge', 16).notNullable().defaultTo('none'); // none | pending | approved | failed
    t.text('ret_url');
    t.text('notify_url');
    t.string('tran_id', 32);
    t.string('approve', 16);
    t.string('err_code', 8);
    t.string('err_info', 16);
    t.timestamps(true, true);
  });
  await knex.schema.createTable('sandbox_wallet_payments', (t) => {
    t.string('id', 40).primary(); // PayPay codeId / merpay payment id
    t.string('provider', 16).notNullable(); // paypay | merpay
    t.string('merchant_payment_id', 64).notNullable();
    t.string('provider_payment_id', 40); // PayPay paymentId, set on approval
    t.integer('amount').notNullable();
    t.boolean('capture').notNullable();
    t.string('status', 24).notNullable(); // in the provider's own vocabulary
    t.string('description', 255);
    t.text('return_url');
    t.text('notify_url');
    t.integer('refunded_amount').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamps(true, true);
    t.unique(['provider', 'merchant_payment_id']);
  });
  await knex.schema.createTable('sandbox_wallet_refunds', (t) => {
    t.string('provider', 16).notNullable();
    t.string('refund_id', 64).notNullable();
    t.string('payment_id', 40).notNullable();
    t.integer('amount').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['provider', 'refund_id']);
  });
  await knex.schema.createTable('sandbox_notifications', (t) => {
    t.bigIncrements('id');
    t.string('provider', 16).notNullable();
    t.text('url').notNullable();
    t.string('content_type', 64).notNullable();
    t.text('body').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('gave_up_at', { useTz: true });
    t.integer('last_status');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'CREATE INDEX sandbox_notifications_due ON sandbox_notifications (next_attempt_at) WHERE delivered_at IS NULL AND gave_up_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'sandbox_notifications',
    'sandbox_wallet_refunds',
    'sandbox_wallet_payments',
    'sandbox_gmo_trades',
    'sandbox_gmo_cards',
    'sandbox_gmo_members',
    'sandbox_gmo_tokens',
    'payment_refunds',
    'payment_events',
    'payments',
    'user_cards',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
