import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// Japanese-friendly search: an IMMUTABLE SQL function that normalises text exactly like
// common/search/normalize.ts (frozen copy: sql/20261121000004_search_normalize.sql), generated `search_text` columns
// built with it, and pg_trgm GIN indexes so `search_text LIKE '%term%'` stays fast as the catalogue grows. Same SQL on
// PGlite and PostgreSQL.

// The tables and columns as they were then (frozen too: server/db/searchNormalizeSql.ts has today's list).
const SEARCHABLE: Record<string, string[]> = {
  parks: ['name_ja', 'name_en', 'name_kana', 'address_ja', 'address_en', 'description_ja', 'description_en'],
  items: ['name_ja', 'name_en', 'description_ja', 'description_en'],
  ticket_packs: ['name_ja', 'name_en', 'description_ja', 'description_en'],
  living_things: [
    'name_ja',
    'name_en',
    'name_kana',
    'scientific_name',
    'classification_ja',
    'classification_en',
    'habitat_ja',
    'habitat_en',
    'description_ja',
    'description_en',
  ],
  park_living_things: ['nickname_ja', 'nickname_en', 'description_ja', 'description_en'],
  park_users: ['name_ja', 'name_en', 'role_ja', 'role_en', 'bio_ja', 'bio_en'],
  stories: ['title_ja', 'title_en', 'body_ja', 'body_en'],
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await runFrozenSql(knex, '20261121000004_search_normalize.sql');
  for (const [table, columns] of Object.entries(SEARCHABLE)) {
    const doc = columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
    await knex.raw(
      `ALTER TABLE ${table} ADD COLUMN search_text text GENERATED ALWAYS AS (zoo_search_normalize(${doc})) STORED`,
    );
    await knex.raw(`CREATE INDEX ${table}_search_trgm ON ${table} USING gin (search_text gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(SEARCHABLE)) {
    await knex.raw(`DROP INDEX IF EXISTS ${table}_search_trgm`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS search_text`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS zoo_search_normalize(text)');
}
