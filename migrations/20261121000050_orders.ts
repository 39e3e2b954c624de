import type { Knex } from 'knex';

// Orders (applications), their lines, issued tickets, coupons and the coin ledger (DESIGN.md "Orders and
// payments"). Money is integer yen, tax included.
//
// orders         one application: cart of one park (or a quick buy), totals, method, state machine
//                (common/rules/orderState.ts). application_number is what the visitor sees.
// order_lines    what was bought, priced when the order was made, with the stock holds it sells.
// tickets        one per person (and per pack item), issued in the transaction that confirms payment.
// coupons        percent or yen off, valid from/until, usage limit per holder, for each ticket or listed items.
// user_coupons   coupons held by a user (coupons for everyone are handed out when the user first lists them).
// order_coupons  coupons applied to an order; counted as used unless the order failed.
// coin_entries   the coin ledger: plus (reward, welcome), minus (spent), return, expired. A minus entry is
//                'pending' while its order awaits payment (counted as spent) and 'cancelled' if it fails.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (t) => {
    /** Advance information asked of each ticket holder (common/rules/advanceInfo.ts AdvanceField[]). */
    t.jsonb('advance_info_fields').notNullable().defaultTo('[]');
  });
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('application_number', 24).unique();
    t.integer('user_id').notNullable().references('users.id');
    t.integer('park_id').notNullable().references('parks.id');
    t.string('kind', 8).notNullable(); // ITEMS | PACKAGE
    t.smallint('order_type').notNullable().defaultTo(0); // 0 normal, 1 quick
    t.string('state', 20).notNullable();
    t.integer('subtotal').notNullable();
    t.integer('coin_discount').notNullable().defaultTo(0);
    t.integer('coupon_discount').notNullable().defaultTo(0);
    t.integer('total').notNullable();
    t.smallint('payment_method').notNullable(); // PaymentMethod
    t.string('payment_mode', 8).notNullable().defaultTo('CAPTURE');
    t.integer('amount_paid').notNullable().defaultTo(0);
    t.integer('reward_coins').notNullable().defaultTo(0);
    t.uuid('payment_id');
    t.string('failure_reason', 40);
    t.timestamp('ordered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['user_id', 'ordered_at']);
  });
  await knex.raw(`ALTER TABLE orders ADD CONSTRAINT orders_amounts_check CHECK (
    subtotal >= 0 AND coin_discount >= 0 AND coupon_discount >= 0 AND total >= 0
    AND total = subtotal - coin_discount - coupon_discount AND amount_paid >= 0)`);

  await knex.schema.createTable('order_lines', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('item_id').references('items.id');
    t.integer('ticket_pack_id').references('ticket_packs.id');
    t.date('date').notNullable();
    t.integer('time_slot_id').references('item_time_slots.id');
    t.string('time', 5);
    t.jsonb('seats').notNullable().defaultTo('[]');
    /** The priced units of the line: [{ kind, planId, ageGroupId, quantity, unitPrice, name }]. */
    t.jsonb('units').notNullable();
    t.integer('subtotal').notNullable();
    t.specificType('hold_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.jsonb('advance_info');
    t.bigInteger('cart_line_id');
    t.index(['order_id']);
  });

  await knex.schema.createTable('tickets', (t) => {
    t.uuid('id').primary();
    t.integer('order_id').notNullable().references('orders.id');
    t.integer('order_line_id').notNullable().references('order_lines.id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('park_id').notNullable().references('parks.id');
    t.integer('item_id').notNullable().references('items.id');
    t.integer('ticket_pack_id').references('ticket_packs.id');
    t.string('ticket_number', 32).notNullable().unique();
    t.string('pack_number', 32);
    t.date('use_date').notNullable();
    t.integer('time_slot_id').references('item_time_slots.id');
    t.string('seat_code', 8);
    t.string('unit_kind', 12).notNullable(); // basic | disability | companion | pack
    t.integer('age_group_id').references('age_groups.id');
    t.integer('price').notNullable();
    t.string('state', 24).notNullable().defaultTo('available');
    t.timestamp('used_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['user_id', 'use_date']);
    t.index(['order_id']);
  });

  await knex.schema.createTable('coupons', (t) => {
    t.increments('id');
    t.string('code', 32).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.string('discount_kind', 8).notNullable(); // percent | yen
    t.integer('discount_value').notNullable();
    /** each_ticket: off every ticket of the order; listed_items: off the listed items' lines only. */
    t.string('scope', 16).notNullable();
    t.integer('park_id').references('parks.id');
    t.timestamp('valid_from', { useTz: true }).notNullable();
    t.timestamp('valid_until', { useTz: true }).notNullable();
    /** How many orders each holder may use it on. */
    t.integer('usage_limit').notNullable().defaultTo(1);
    t.boolean('for_all_users').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE coupons ADD CONSTRAINT coupons_discount_check CHECK (
    discount_value > 0 AND (discount_kind = 'yen' OR discount_value <= 100) AND usage_limit > 0
    AND discount_kind IN ('percent', 'yen') AND scope IN ('each_ticket', 'listed_items'))`);
  await knex.schema.createTable('coupon_items', (t) => {
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.primary(['coupon_id', 'item_id']);
  });
  await knex.schema.createTable('user_coupons', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('coupon_id').notNullable().references('coupons.id').onDelete('CASCADE');
    t.timestamp('granted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'coupon_id']);
  });
  await knex.schema.createTable('order_coupons', (t) => {
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('user_coupon_id').notNullable().references('user_coupons.id');
    t.integer('discount').notNullable();
    t.primary(['order_id', 'user_coupon_id']);
  });

  await knex.schema.createTable('coin_entries', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 8).notNullable(); // plus | minus | return | expired
    t.string('reason', 16).notNullable(); // reward | welcome | order | cancel | expiry
    /** Positive for plus and return, negative for minus and expired. */
    t.integer('amount').notNullable();
    t.string('state', 10).notNullable().defaultTo('settled'); // pending | settled | cancelled
    t.integer('order_id').references('orders.id');
    /** plus entries: when their unspent rest expires. */
    t.timestamp('expires_at', { useTz: true });
    t.boolean('expiry_processed').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE coin_entries ADD CONSTRAINT coin_entries_sign_check CHECK (
    (kind IN ('plus', 'return') AND amount > 0) OR (kind IN ('minus', 'expired') AND amount < 0))`);
  // The coin expiry job looks for gifts past their date that it has not processed.
  await knex.raw(
    "CREATE INDEX coin_entries_expiring ON coin_entries (expires_at) WHERE kind = 'plus' AND NOT expiry_processed",
  );
  // One welcome gift per user; one entry of each kind per order (minus, reward, return): replays change nothing.
  await knex.raw("CREATE UNIQUE INDEX coin_entries_welcome ON coin_entries (user_id) WHERE reason = 'welcome'");
  await knex.raw(
    'CREATE UNIQUE INDEX coin_entries_per_order ON coin_entries (order_id, kind, reason) WHERE order_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'coin_entries',
    'order_coupons',
    'user_coupons',
    'coupon_items',
    'coupons',
    'tickets',
    'order_lines',
    'orders',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('items', (t) => t.dropColumn('advance_info_fields'));
}
