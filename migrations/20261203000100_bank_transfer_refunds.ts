import type { Knex } from 'knex';

// Konbini give-back by bank transfer: GMO Payment Gateway has no refund for money paid at a convenience store, so
// money that must go back (a cancellation by policy, a park's refund, a late payment whose places are gone) is owed
// to the buyer as a bank transfer the park makes. One row per transfer owed (id: the cancellation's id, or the
// give-back's stable id: recording it twice is a no-op): amount to the yen, why, the payment and order, and
// awaiting_account -> ready (the buyer entered an account) -> transferred (finance recorded the transfer, once).
// The account is the buyer's own (bank, branch, 普通/当座, 7 digits, holder in katakana), read by finance staff
// only. The one writer is server/features/payments/bankTransfers.ts (ledgerWriters.unit.test.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bank_transfer_refunds', (t) => {
    t.uuid('id').primary();
    t.uuid('payment_id').notNullable().references('payments.id');
    t.integer('order_id').notNullable().references('orders.id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('park_id').notNullable().references('parks.id');
    t.uuid('cancellation_id');
    t.integer('amount').notNullable();
    // cancellation | park_refund | places_gone | mismatch | late_success | reconciliation
    t.string('reason', 32).notNullable();
    t.string('state', 16).notNullable();
    t.string('bank_name', 60);
    t.string('branch_name', 60);
    t.string('account_type', 8); // ordinary (普通) | current (当座)
    t.string('account_number', 7);
    t.string('holder_kana', 60);
    t.timestamp('account_set_at', { useTz: true });
    t.date('transferred_on');
    t.integer('transferred_by').references('users.id');
    t.timestamp('transferred_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['park_id', 'state']);
    t.index(['user_id']);
    t.index(['payment_id']);
  });
  await knex.raw(`ALTER TABLE bank_transfer_refunds ADD CONSTRAINT bank_transfer_refunds_check CHECK (
    amount > 0 AND state IN ('awaiting_account', 'ready', 'transferred')
    AND (account_type IS NULL OR account_type IN ('ordinary', 'current'))
    AND (account_number IS NULL OR account_number ~ '^[0-9]{7}$')
    AND (state = 'awaiting_account' OR account_number IS NOT NULL)
    AND (state <> 'transferred' OR transferred_on IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bank_transfer_refunds');
}
