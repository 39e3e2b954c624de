import type { Knex } from 'knex';

// Acts kept for staff review (server/features/wallet/acts.ts): every act on a ticket (button, URL access, scan) is
// stored; the one that marked the ticket has duplicate = false. `flag` says why staff should look at an act:
//   duplicate  a later act of a used ticket (or an act that lost "earliest wins" to one uploaded after it)
//   revoked    a scan of a token revoked before the scan, or of a ticket cancelled since (the gate let someone in)
//   clock      the device's time is before the token (or ticket) existed: its clock cannot be right
// `reviewed_at`/`reviewed_by` record a staff member's review. `jti` is the token presented, `gate_name` the gate.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_usages', (t) => {
    t.string('flag', 12);
    t.uuid('jti');
    t.string('gate_name', 40);
    t.timestamp('reviewed_at', { useTz: true });
    t.integer('reviewed_by').references('users.id').onDelete('SET NULL');
  });
  await knex.raw(
    "ALTER TABLE ticket_usages ADD CONSTRAINT ticket_usages_flag_check CHECK (flag IN ('duplicate', 'revoked', 'clock'))",
  );
  // Duplicates stored before flags existed are duplicates to review.
  await knex('ticket_usages').where({ duplicate: true }).update({ flag: 'duplicate' });
  await knex.raw('CREATE INDEX ticket_usages_to_review ON ticket_usages (ticket_id) WHERE flag IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS ticket_usages_to_review');
  await knex.raw('ALTER TABLE ticket_usages DROP CONSTRAINT IF EXISTS ticket_usages_flag_check');
  await knex.schema.alterTable('ticket_usages', (t) => {
    t.dropColumn('flag');
    t.dropColumn('jti');
    t.dropColumn('gate_name');
    t.dropColumn('reviewed_at');
    t.dropColumn('reviewed_by');
  });
}
