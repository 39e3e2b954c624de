import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// zoo_search_normalize as migrations/20261121000004_search.ts meant it: knex had sent `$1` in place of the `?` of
// its punctuation class, so stored search text lost every `1` and `$` and kept `?`, while searches normalise the
// keyword in JS (common/search/normalize.ts) and kept them: "第1駐車場" or any name with a 1 was not found. The
// function is replaced (frozen copy: sql/20261127000300_search_normalize.sql) and every row's generated search_text
// written again (an UPDATE recomputes it).

// The first column of each table that 20261121000004 gave a search_text (frozen: today's list may grow).
const FIRST_COLUMNS: Record<string, string> = {
  parks: 'name_ja',
  items: 'name_ja',
  ticket_packs: 'name_ja',
  living_things: 'name_ja',
  park_living_things: 'nickname_ja',
  park_users: 'name_ja',
  stories: 'title_ja',
};

export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261127000300_search_normalize.sql');
  for (const [table, first] of Object.entries(FIRST_COLUMNS)) {
    await knex(table).update({ [first]: knex.ref(first) });
  }
}

export async function down(): Promise<void> {
  // The old function was a defect: nothing to go back to.
}
