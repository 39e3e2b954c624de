import type { Knex } from 'knex';

// The office's holder search (passes/README.md 2.15, passes/office/searchPassHolders.ts) finds a name anywhere in
// pass_holders.name_search (LIKE '%term%'): a trigram index keeps that off a full scan as holders grow, like the
// catalogue's search_text (20261121000004). Pass numbers, e-mails and telephone digits have their indexes already.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX pass_holders_name_trgm ON pass_holders USING gin (name_search gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS pass_holders_name_trgm');
}
