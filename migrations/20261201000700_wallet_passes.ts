import type { Knex } from 'knex';

// Issue 32 (Apple and Google Wallet): the devices that registered a ticket's pass with the PassKit web service, and
// the Google Wallet objects handed out, each with the ticket change it last told about (pushed_xid / synced_xid) so
// the push sweep sends each change once. What changed is read from what is already recorded: the gate_xid that
// migration 20261128002100's trigger stamps on every write of a ticket or its tokens (cancel, share, revoke,
// reissue, use), so no write path of the ledger changes.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wallet_pass_registrations', (t) => {
    t.string('device_library_id', 128).notNullable();
    t.string('pass_type_id', 128).notNullable();
    t.string('serial_number', 64).notNullable();
    t.uuid('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE');
    t.string('push_token', 256).notNullable();
    t.bigInteger('pushed_xid').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['device_library_id', 'pass_type_id', 'serial_number']);
    t.index(['ticket_id']);
  });
  await knex.schema.createTable('wallet_google_objects', (t) => {
    t.string('object_id', 128).primary();
    t.uuid('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE');
    t.integer('user_id').notNullable();
    t.bigInteger('synced_xid').notNullable();
    t.index(['ticket_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wallet_google_objects');
  await knex.schema.dropTable('wallet_pass_registrations');
}
