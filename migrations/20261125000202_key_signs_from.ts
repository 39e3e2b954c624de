import type { Knex } from 'knex';

// The next ticket signing key is published before it signs (server/features/wallet/keys.ts): staff devices keep
// the key list for 300 s (and offline for longer), so a key that signed at once made new tickets unreadable at
// gates that had not fetched it yet. `signs_from` is when a key starts signing; until then it is only announced.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_signing_keys', (t) => {
    t.timestamp('signs_from', { useTz: true });
  });
  await knex.raw('UPDATE ticket_signing_keys SET signs_from = created_at');
  await knex.raw('ALTER TABLE ticket_signing_keys ALTER COLUMN signs_from SET NOT NULL');
  await knex.raw('ALTER TABLE ticket_signing_keys ALTER COLUMN signs_from SET DEFAULT now()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_signing_keys', (t) => {
    t.dropColumn('signs_from');
  });
}
