import type { Knex } from 'knex';
import { SEARCHABLE, searchNormalizeFunctionSql } from '../server/db/searchNormalizeSql';

// Japanese-friendly search: an IMMUTABLE SQL function that normalises text exactly like
// common/search/normalize.ts (server/db/searchNormalizeSql.ts), generated `search_text` columns built with it, and
// pg_trgm GIN indexes so `search_text LIKE '%term%'` stays fast as the catalogue grows. Same SQL on PGlite and
// PostgreSQL.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(searchNormalizeFunctionSql());
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
