import type { Knex } from 'knex';

// Konbini give-back by bank transfer, so a park can run it (server/features/payments/bankTransfers.ts):
// - bank_transfer_refunds gains the Zengin codes of the buyer's account (bank 4 digits, branch 3 digits) and the
//   bank's and branch's names in half-width kana for the transfer file (from the Zengin list); holder_kana is kept
//   half-width kana from now on. Rows set before keep no codes: they stay out of the transfer file until the buyer
//   enters the account again (finance sees them in the list).
// - bank_transfer_reminders: the once-only ledger of the reminders to enter an account (3 and 10 days after the
//   transfer was owed), one row per transfer and day, inserted in the transaction that tells the buyer.
//   Writer: payments/bankTransfers.ts.
// - park_remitter_accounts: the park's own account transfers are sent from and its Zengin consignor code (委託者
//   コード, 10 digits) and name (half-width kana), one row per park, set by its owner.
//   Writer: payments/services/setRemitterAccount.ts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bank_transfer_refunds', (t) => {
    t.string('bank_code', 4);
    t.string('branch_code', 3);
    t.string('bank_name_kana', 15);
    t.string('branch_name_kana', 15);
  });
  await knex.raw(`ALTER TABLE bank_transfer_refunds ADD CONSTRAINT bank_transfer_refunds_codes_check CHECK (
    (bank_code IS NULL OR bank_code ~ '^[0-9]{4}$') AND (branch_code IS NULL OR branch_code ~ '^[0-9]{3}$'))`);
  await knex.schema.createTable('bank_transfer_reminders', (t) => {
    t.uuid('transfer_id').notNullable().references('bank_transfer_refunds.id');
    t.smallint('days_after').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['transfer_id', 'days_after']);
  });
  await knex.schema.createTable('park_remitter_accounts', (t) => {
    t.integer('park_id').primary().references('parks.id');
    t.string('consignor_code', 10).notNullable();
    t.string('consignor_name', 40).notNullable();
    t.string('bank_code', 4).notNullable();
    t.string('bank_name', 60).notNullable();
    t.string('bank_name_kana', 15).notNullable();
    t.string('branch_code', 3).notNullable();
    t.string('branch_name', 60).notNullable();
    t.string('branch_name_kana', 15).notNullable();
    t.string('account_type', 8).notNullable();
    t.string('account_number', 7).notNullable();
    t.integer('updated_by').references('users.id');
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE park_remitter_accounts ADD CONSTRAINT park_remitter_accounts_check CHECK (
    consignor_code ~ '^[0-9]{10}$' AND bank_code ~ '^[0-9]{4}$' AND branch_code ~ '^[0-9]{3}$'
    AND account_type IN ('ordinary', 'current') AND account_number ~ '^[0-9]{7}$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('park_remitter_accounts');
  await knex.schema.dropTable('bank_transfer_reminders');
  await knex.raw('ALTER TABLE bank_transfer_refunds DROP CONSTRAINT bank_transfer_refunds_codes_check');
  await knex.schema.alterTable('bank_transfer_refunds', (t) => {
    t.dropColumn('bank_code');
    t.dropColumn('branch_code');
    t.dropColumn('bank_name_kana');
    t.dropColumn('branch_name_kana');
  });
}
