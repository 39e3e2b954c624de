import type { Knex } from 'knex';

// Account changes need proof. A verification link can now carry what it applies when opened:
// - new_email: an e-mail change (the address changes only when the link sent to it is used);
// - password_hash, name, language: a second registration of an address still unverified (the pending account is
//   left as it is until this link, sent to that address, is used).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_verifications', (t) => {
    t.string('new_email', 254);
    t.text('password_hash');
    t.string('name', 100);
    t.smallint('language');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_verifications', (t) => {
    t.dropColumn('new_email');
    t.dropColumn('password_hash');
    t.dropColumn('name');
    t.dropColumn('language');
  });
}
