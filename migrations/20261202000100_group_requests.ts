import type { Knex } from 'knex';

// Issue 31 (group part): school, company and tour visits. A park's group settings (size limits, the exemption kinds
// it grants, the bank account printed on invoices, the days to pay), and the group requests: who asks for which
// item, date and slot, how many and who, the exemption document (bytes, judged by content), the staff's decision
// (price, exemptions or a reason), the places held through the stock ledger (hold_ids) until due_at, and the payment
// (invoice: the transfer staff record; then the order and its tickets).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('park_group_settings', (t) => {
    t.integer('park_id').primary().references('parks.id').onDelete('CASCADE');
    t.integer('min_size').notNullable().defaultTo(20);
    t.integer('max_size').notNullable().defaultTo(400);
    /** Exemption kinds the park grants (減免), e.g. ["school", "welfare"]. */
    t.jsonb('exemption_kinds').notNullable().defaultTo('[]');
    t.text('bank_account').notNullable().defaultTo('');
    t.integer('payment_days').notNullable().defaultTo(14);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('group_requests', (t) => {
    t.bigIncrements('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.integer('time_slot_id').nullable().references('item_time_slots.id').onDelete('SET NULL');
    t.string('organisation', 100).notNullable();
    t.string('kind', 12).notNullable(); // school | company | tour | welfare | other
    t.integer('party_size').notNullable();
    /** Head count per age band: { infants, primary, middle, high, adult, senior }. */
    t.jsonb('age_mix').notNullable();
    t.integer('leaders').notNullable();
    t.string('leader_name', 100).notNullable();
    t.text('purpose').notNullable();
    t.string('exemption_kind', 20).nullable();
    t.binary('document').nullable();
    t.string('document_type', 8).nullable(); // pdf | png | jpeg
    t.string('state', 12).notNullable().defaultTo('requested'); // requested | approved | declined | paid | released
    t.integer('price').nullable();
    t.jsonb('exemptions').nullable();
    t.text('decline_reason').nullable();
    t.specificType('hold_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.bigInteger('stock_unit_id').nullable();
    t.timestamp('due_at', { useTz: true }).nullable();
    t.string('payment_method', 8).nullable(); // invoice | card
    t.integer('order_id').nullable().references('orders.id').onDelete('SET NULL');
    t.integer('transfer_amount').nullable();
    t.integer('decided_by').nullable();
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.timestamp('paid_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['park_id', 'state']);
    t.index(['user_id']);
    t.index(['state', 'due_at']);
  });
  /** A gate's admission of part of a paid group (36 of 44 now, the rest later that day), idempotent by scan_id. */
  await knex.schema.createTable('group_admissions', (t) => {
    t.uuid('scan_id').primary();
    t.bigInteger('group_request_id').notNullable().references('group_requests.id').onDelete('CASCADE');
    t.integer('count').notNullable();
    t.integer('staff_user_id').nullable();
    t.timestamp('scanned_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['group_request_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('group_admissions');
  await knex.schema.dropTable('group_requests');
  await knex.schema.dropTable('park_group_settings');
}
