// The SQL side of common/search/normalize.ts: an IMMUTABLE function that normalises text exactly like
// normalizeForSearch (NFKC width folding, lower case, hiragana -> katakana, no long-vowel marks, punctuation ->
// spaces), used by the generated `search_text` columns (migrations/…_search.ts). server/test/search.test.ts checks
// the two give the same text, on PGlite and PostgreSQL.

const HIRAGANA = Array.from({ length: 0x3096 - 0x3041 + 1 }, (_, i) => String.fromCodePoint(0x3041 + i)).join('');
const KATAKANA = Array.from({ length: 0x3096 - 0x3041 + 1 }, (_, i) => String.fromCodePoint(0x30a1 + i)).join('');
// The NOISE class of common/search/normalize.ts as a PostgreSQL regular expression.
const NOISE = `[[:space:]・、。,.!！?？「」『』（）()［］\\[\\]【】"'’“”:：;；/／\\\\＆&＋+*＊#＃@＠%％=＝|｜_＿<>＜＞]+`;

/** The tables with a `search_text` column, and the columns it is made of, in order. */
export const SEARCHABLE: Record<string, string[]> = {
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

/**
 * CREATE OR REPLACE FUNCTION zoo_search_normalize, for knex.raw. Every `?` is written `\?`: knex takes a bare `?`
 * of a raw statement for a binding, even with none given, and sends `$1` in its place (the function's regular
 * expression then dropped `1` and `$` instead of `?`: migrations/…_search_normalize_question_mark.ts). The current
 * text: migrations install frozen copies (migrations/sql), so a change here comes with a new migration.
 */
export function searchNormalizeFunctionSql(): string {
  const sql = `
    CREATE OR REPLACE FUNCTION zoo_search_normalize(t text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT btrim(regexp_replace(
        regexp_replace(
          translate(lower(normalize(coalesce(t, ''), NFKC)), '${HIRAGANA}', '${KATAKANA}'),
          '[ーｰ―‐－~〜～]', '', 'g'),
        '${NOISE.replace(/'/g, "''")}', ' ', 'g'))
    $fn$`;
  return sql.replace(/\?/g, '\\?');
}
