import type { Knex } from 'knex';

// The character/pair index of …_item_search_indexes.ts for the other searchable tables, so that whereSearch
// (server/lib/search.ts) asks it for 1- and 2-character terms (ゾウ, トラ, 象) on every table alike.

const TABLES = ['parks', 'living_things', 'park_living_things', 'park_users', 'stories'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`CREATE INDEX ${table}_search_ngrams ON ${table} USING gin (zoo_search_ngrams(search_text))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`DROP INDEX IF EXISTS ${table}_search_ngrams`);
}
