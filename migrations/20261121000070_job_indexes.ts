import type { Knex } from 'knex';

// The background jobs look for few rows among many every interval: payments left at a provider's page
// (expirePendingPayments) and cancellations still owing a refund (retryRefunds). Partial indexes keep those
// lookups small however many settled payments and finished cancellations pile up.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX payments_waiting ON payments (updated_at) WHERE state IN ('created', 'redirected')");
  await knex.raw(
    "CREATE INDEX cancellations_owing ON cancellations (updated_at) WHERE state IN ('refunding', 'refund_failed')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS cancellations_owing');
  await knex.raw('DROP INDEX IF EXISTS payments_waiting');
}
