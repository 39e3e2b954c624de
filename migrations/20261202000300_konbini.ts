import type { Knex } from 'knex';

// Issue 32 (konbini): convenience-store payment (GMO Payment Gateway's CVS payment, method code 5).
//   payments.method takes 5; parks.konbini_payment_days is the park's payment term (default 3 days, never past the
//   day before use: placeOrder cuts it); konbini_payments keeps what the provider gave for the slip (store, payment
//   number ConfNo, receipt number ReceiptNo, deadline PaymentTerm) per payment, so the visitor can see it again and
//   the expiry sweep finds the payments past their deadline. sandbox_gmo_cvs_trades is the local stand-in's state.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_method_check');
  await knex.raw('ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN (1, 2, 3, 4, 5))');
  await knex.schema.alterTable('parks', (t) => {
    t.smallint('konbini_payment_days').notNullable().defaultTo(3);
  });
  await knex.raw(
    'ALTER TABLE parks ADD CONSTRAINT parks_konbini_payment_days_check CHECK (konbini_payment_days BETWEEN 1 AND 30)',
  );
  await knex.schema.createTable('konbini_payments', (t) => {
    t.uuid('payment_id').primary().references('payments.id').onDelete('CASCADE');
    t.string('convenience', 8).notNullable(); // GMO Convenience code
    t.string('conf_no', 32).notNullable(); // 確認番号 / payment number
    t.string('receipt_no', 32).notNullable(); // 受付番号
    t.timestamp('payment_term', { useTz: true }).notNullable(); // the deadline
    t.text('receipt_url'); // the provider's slip page (払込票)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['payment_term']);
  });
  await knex.schema.createTable('sandbox_gmo_cvs_trades', (t) => {
    t.string('access_id', 32).primary();
    t.string('access_pass', 32).notNullable();
    t.string('order_id', 27).notNullable().unique();
    t.integer('amount').notNullable();
    // UNPROCESSED -> REQSUCCESS (slip issued) -> PAYSUCCESS | EXPIRED | CANCEL
    t.string('status', 16).notNullable();
    t.string('convenience', 8);
    t.string('conf_no', 32);
    t.string('receipt_no', 32);
    t.timestamp('payment_term', { useTz: true });
    t.string('customer_name', 64);
    t.text('notify_url');
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sandbox_gmo_cvs_trades');
  await knex.schema.dropTable('konbini_payments');
  await knex.raw('ALTER TABLE parks DROP CONSTRAINT parks_konbini_payment_days_check');
  await knex.schema.alterTable('parks', (t) => t.dropColumn('konbini_payment_days'));
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_method_check');
  await knex.raw('ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN (1, 2, 3, 4))');
}
