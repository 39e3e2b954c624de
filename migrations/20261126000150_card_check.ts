import type { Knex } from 'knex';

// Lottery entries whose draw is beyond an authorisation's lifetime: the card gets a zero-amount check at entry
// (payment mode CHECK, state verified) and is charged at the draw. The GMO sandbox keeps each trade's TdFlag so a
// charge with nobody present (TdFlag 0) is not sent to a 3-D Secure challenge.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_mode_check');
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_mode_check CHECK (mode IN ('CAPTURE', 'AUTH', 'CHECK'))",
  );
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_state_check');
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('created', 'redirected', 'authorized', 'verified', 'captured', 'voided', 'failed', 'refunded', 'partially_refunded'))",
  );
  await knex.schema.alterTable('sandbox_gmo_trades', (t) => {
    t.string('td_flag', 1).notNullable().defaultTo('2');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sandbox_gmo_trades', (t) => t.dropColumn('td_flag'));
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_state_check');
  await knex.raw(
    "ALTER TABLE payments ADD CONSTRAINT payments_state_check CHECK (state IN ('created', 'redirected', 'authorized', 'captured', 'voided', 'failed', 'refunded', 'partially_refunded'))",
  );
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT payments_mode_check');
  await knex.raw("ALTER TABLE payments ADD CONSTRAINT payments_mode_check CHECK (mode IN ('CAPTURE', 'AUTH'))");
}
