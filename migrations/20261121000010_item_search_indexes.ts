import type { Knex } from 'knex';

// Indexes that keep the item (ticket) search fast at catalogue scale (see bench/search.ts).
//
// 1. Short search terms for items and ticket packs. A trigram index cannot help `LIKE '%ゾウ%'` (a 1- or
// 2-character term has no trigram), so such searches scanned the whole table: about 150 ms at 100,000 items.
// Japanese has many of them (ゾウ, トラ, サイ, カバ, サメ, 象, 鳥). `zoo_search_ngrams` lists the characters and
// character pairs of a search_text (spaces excluded); a GIN index over it answers `@> ARRAY['ゾウ']` from the
// index, and the LIKE of whereSearch still checks the rows. Same SQL on PGlite and PostgreSQL.
//
// 2. A narrow covering index of the public listing (tabs available / all / date without a keyword): the filter
// and order columns are read from it (index-only scans) instead of the wide item rows.

const TABLES = ['items', 'ticket_packs'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION zoo_search_ngrams(t text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
    DECLARE
      c text[] := string_to_array(coalesce(t, ''), NULL);
      n int := cardinality(c);
      grams text[] := '{}';
    BEGIN
      FOR i IN 1..n LOOP
        CONTINUE WHEN c[i] = ' ';
        grams := grams || c[i];
        IF i < n AND c[i + 1] <> ' ' THEN
          grams := grams || (c[i] || c[i + 1]);
        END IF;
      END LOOP;
      RETURN grams;
    END
    $fn$`);
  for (const table of TABLES) {
    await knex.raw(`CREATE INDEX ${table}_search_ngrams ON ${table} USING gin (zoo_search_ngrams(search_text))`);
  }
  await knex.raw(`CREATE INDEX items_listing ON items (sale_label, park_id, id)
    INCLUDE (category, available_from, available_until, sale_starts_at, sale_ends_at,
             application_deadline_days, application_deadline_time)
    WHERE NOT is_private`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS items_listing');
  for (const table of TABLES) await knex.raw(`DROP INDEX IF EXISTS ${table}_search_ngrams`);
  await knex.raw('DROP FUNCTION IF EXISTS zoo_search_ngrams(text)');
}
