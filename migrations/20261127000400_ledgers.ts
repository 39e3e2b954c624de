import type { Knex } from 'knex';

// Issue 25 (one path for tickets, coins and payments):
// - leases: a named, time-limited claim (a sweep, the settlement of a payment) so that no sweep overlaps itself
//   and no payment is settled by two callers at once, whatever the number of instances (server/db/leases.ts);
// - tickets.item_plan_id and parent_ticket_id: an additional plan is issued as a voucher (unit_kind 'additional')
//   that belongs to an admission ticket and is cancelled with it;
// - reconciliation_findings: what the reconciliation sweep found that breaks an order's or payment's arithmetic.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('leases', (t) => {
    t.string('name', 120).primary();
    t.uuid('holder').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('tickets', (t) => {
    t.integer('item_plan_id');
    t.uuid('parent_ticket_id').references('tickets.id');
    t.index(['parent_ticket_id']);
  });
  await knex.schema.createTable('reconciliation_findings', (t) => {
    t.bigIncrements('id');
    t.integer('park_id').references('parks.id');
    t.integer('order_id').references('orders.id');
    t.uuid('payment_id');
    t.string('kind', 40).notNullable();
    t.jsonb('details');
    t.string('state', 16).notNullable().defaultTo('open'); // open | repaired | resolved
    t.timestamp('found_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('closed_at', { useTz: true });
    t.index(['park_id', 'state']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reconciliation_findings');
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('parent_ticket_id');
    t.dropColumn('item_plan_id');
  });
  await knex.schema.dropTable('leases');
}
