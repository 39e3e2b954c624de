import type { Knex } from 'knex';

// Issue 31 (receipts): every paid order gets a qualified invoice (適格請求書), every refund a credit note
// (返還インボイス), numbered per park without gaps. The numbers come from invoice_counters, a row per park and kind
// locked (UPDATE ... RETURNING) in the transaction that pays or refunds: a rollback gives the number back, which a
// PostgreSQL sequence would not. Invoices keep the lines and amounts per tax rate as issued (a later price or
// item change does not alter an issued invoice).
// - parks: the operator's legal name (ja, en), address and registration number (T + 13 digits).
// - items.tax_rate: 10 (standard) or 8 (reduced, food); items had no rate, so 10 for all.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('parks', (t) => {
    t.string('invoice_issuer_ja', 120);
    t.string('invoice_issuer_en', 120);
    t.string('invoice_address', 200);
    t.string('invoice_registration_number', 14);
  });
  await knex.schema.alterTable('items', (t) => {
    t.smallint('tax_rate').notNullable().defaultTo(10);
  });
  await knex.raw('ALTER TABLE items ADD CONSTRAINT items_tax_rate_check CHECK (tax_rate IN (8, 10))');
  await knex.schema.createTable('invoice_counters', (t) => {
    t.integer('park_id').notNullable().references('parks.id');
    t.string('kind', 8).notNullable(); // invoice | credit
    t.integer('last_number').notNullable().defaultTo(0);
    t.primary(['park_id', 'kind']);
  });
  await knex.schema.createTable('invoices', (t) => {
    t.bigIncrements('id');
    t.integer('park_id').notNullable().references('parks.id');
    t.integer('number').notNullable();
    t.integer('order_id').notNullable().unique().references('orders.id');
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.jsonb('lines').notNullable(); // [{ name_ja, name_en, quantity, amount, rate }]
    t.jsonb('by_rate').notNullable(); // [{ rate, amount, tax }]
    t.integer('total').notNullable();
    t.string('recipient_name', 60);
    t.timestamp('first_downloaded_at', { useTz: true });
    t.integer('downloads').notNullable().defaultTo(0);
    t.unique(['park_id', 'number']);
  });
  await knex.schema.createTable('credit_notes', (t) => {
    t.bigIncrements('id');
    t.integer('park_id').notNullable().references('parks.id');
    t.integer('number').notNullable();
    t.bigInteger('invoice_id').notNullable().references('invoices.id');
    t.string('refund_id', 64).notNullable().unique();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.jsonb('by_rate').notNullable();
    t.integer('total').notNullable();
    t.integer('downloads').notNullable().defaultTo(0);
    t.unique(['park_id', 'number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credit_notes');
  await knex.schema.dropTable('invoices');
  await knex.schema.dropTable('invoice_counters');
  await knex.raw('ALTER TABLE items DROP CONSTRAINT items_tax_rate_check');
  await knex.schema.alterTable('items', (t) => t.dropColumn('tax_rate'));
  await knex.schema.alterTable('parks', (t) => {
    t.dropColumn('invoice_issuer_ja');
    t.dropColumn('invoice_issuer_en');
    t.dropColumn('invoice_address');
    t.dropColumn('invoice_registration_number');
  });
}
