import type { Knex } from 'knex';

// Local bot-check tokens are single use across every instance: the nonce of a verified token is kept here until
// the token would have expired anyway (server/lib/botCheck.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bot_check_uses', (t) => {
    t.text('nonce').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bot_check_uses');
}
