import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// The commerce core (one path for stock and money):
// - cart_lines.order_id: the order that froze the line. While that order awaits payment, the line cannot change.
// - orders.idempotency_key: a checkout submitted twice answers the same order.
// - payments.redirect_url: so that repeat answers the same provider page; orders.receipt_sent_at.
// - order_lines.places: the stock a line took, so a payment that arrives after its holds went can take it again.
// - tickets.reward_coins: what each ticket earned, taken back when it is cancelled.
// - cancellations: reward coins taken back, and what could not be (the balance ran short) and so reduced the refund.
// - the add-to-cart function as it was then (frozen copy: sql/20261124000090_add_cart_line.sql).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cart_lines', (t) => {
    t.integer('order_id').references('orders.id').onDelete('SET NULL');
  });
  // Partial: the flash-sale hot path inserts lines with no order and pays nothing for this index.
  await knex.raw('CREATE INDEX cart_lines_frozen ON cart_lines (order_id) WHERE order_id IS NOT NULL');
  await knex.schema.alterTable('orders', (t) => {
    t.string('idempotency_key', 64);
    /** When the receipt e-mail went out (the receipt job sends it once). */
    t.timestamp('receipt_sent_at', { useTz: true });
  });
  await knex.schema.alterTable('order_lines', (t) => {
    /** The places the line took when the order was placed: [{ stockUnitId, quantity, seatIds }]. */
    t.jsonb('places').notNullable().defaultTo('[]');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX orders_idempotency ON orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL',
  );
  await knex.schema.alterTable('payments', (t) => {
    t.text('redirect_url');
  });
  await knex.schema.alterTable('tickets', (t) => {
    t.integer('reward_coins').notNullable().defaultTo(0);
  });
  // Tickets issued before: their order's reward shared out (the remainder on none: it cannot be taken back).
  await knex.raw(`UPDATE tickets t SET reward_coins = o.reward_coins / n.count
    FROM orders o, (SELECT order_id, count(*)::int AS count FROM tickets GROUP BY order_id) n
    WHERE o.id = t.order_id AND n.order_id = t.order_id AND o.reward_coins > 0`);
  await knex.schema.alterTable('cancellations', (t) => {
    /** Reward coins of the cancelled tickets taken back from the balance. */
    t.integer('reward_coins_back').notNullable().defaultTo(0);
    /** Reward coins the balance could not cover, taken from the money refund instead (1 coin = 1 yen). */
    t.integer('refund_reduced_by').notNullable().defaultTo(0);
  });
  await knex.raw('DROP INDEX IF EXISTS coin_entries_per_cancellation');
  await knex.raw(
    'CREATE UNIQUE INDEX coin_entries_per_cancellation ON coin_entries (cancellation_id, kind, reason) WHERE cancellation_id IS NOT NULL',
  );
  await runFrozenSql(knex, '20261124000090_add_cart_line.sql');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS coin_entries_per_cancellation');
  await knex('coin_entries').whereNotNull('cancellation_id').where('kind', 'minus').delete();
  await knex.raw(
    'CREATE UNIQUE INDEX coin_entries_per_cancellation ON coin_entries (cancellation_id) WHERE cancellation_id IS NOT NULL',
  );
  await knex.schema.alterTable('cancellations', (t) => {
    t.dropColumn('reward_coins_back');
    t.dropColumn('refund_reduced_by');
  });
  await knex.schema.alterTable('tickets', (t) => t.dropColumn('reward_coins'));
  await knex.schema.alterTable('payments', (t) => t.dropColumn('redirect_url'));
  await knex.raw('DROP INDEX IF EXISTS orders_idempotency');
  await knex.schema.alterTable('order_lines', (t) => t.dropColumn('places'));
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('idempotency_key');
    t.dropColumn('receipt_sent_at');
  });
  await knex.schema.alterTable('cart_lines', (t) => t.dropColumn('order_id'));
}
