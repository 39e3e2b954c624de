import type { Knex } from 'knex';

// The back office's finance pages: finding a park's orders by the customer's telephone number (digits compared,
// so the index is on the digits), and the daily report's reads of a day's paid orders, cancellations and tickets
// used, per park.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "CREATE INDEX users_telephone_digits ON users ((regexp_replace(coalesce(telephone, ''), '[^0-9]', '', 'g'))) WHERE telephone IS NOT NULL",
  );
  await knex.raw('CREATE INDEX orders_paid_at ON orders (paid_at) WHERE paid_at IS NOT NULL');
  await knex.raw('CREATE INDEX cancellations_created_at ON cancellations (created_at)');
  await knex.raw('CREATE INDEX tickets_used_by_park ON tickets (park_id, used_at) WHERE used_at IS NOT NULL');
  await knex.raw('CREATE INDEX tickets_cancellation ON tickets (cancellation_id) WHERE cancellation_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tickets_cancellation');
  await knex.raw('DROP INDEX IF EXISTS tickets_used_by_park');
  await knex.raw('DROP INDEX IF EXISTS cancellations_created_at');
  await knex.raw('DROP INDEX IF EXISTS orders_paid_at');
  await knex.raw('DROP INDEX IF EXISTS users_telephone_digits');
}
