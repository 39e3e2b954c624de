import type { Knex } from 'knex';
import { LIST_TOTAL_CAP } from '../../common/dto/api';
import { searchTerms } from '../../common/search/normalize';
import { toCount } from '../db/knex';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A knex or objection query builder (objection's builders are used through `toKnexQuery`). */
// biome-ignore lint/suspicious/noExplicitAny: both builder families are accepted on purpose
type Builder = any;
const asKnex = (q: Builder): Knex.QueryBuilder => (typeof q.toKnexQuery === 'function' ? q.toKnexQuery() : q);

/**
 * Keyword filter over a generated `search_text` column (see migrations/…_search.ts): every term must occur,
 * in any position, after both sides are normalised the same way (`column` is a column or an SQL expression of
 * ours, never user input). Terms of 1 or 2 characters have no trigram,
 * so they are also asked of the character/pair index (`zoo_search_ngrams`, migrations …_item_search_indexes.ts
 * and …_search_ngram_indexes.ts); the LIKE still checks the rows. Returns the terms (empty: no filter).
 */
export function whereSearch(
  q: Builder,
  column: string,
  keyword: string | undefined,
  { ngramIndex = true }: { ngramIndex?: boolean } = {},
): string[] {
  const terms = searchTerms(keyword);
  for (const term of terms) {
    q.whereRaw(`${column} LIKE ?`, [`%${escapeLike(term)}%`]);
    if (ngramIndex && [...term].length < 3) q.whereRaw(`zoo_search_ngrams(${column}) @> ARRAY[?]::text[]`, [term]);
  }
  return terms;
}

/**
 * Rank for ordering: name matches first (the name is the start of the document), then trigram similarity.
 * Use in `orderByRaw(rankSql(...), bindings)` descending.
 */
export function rankSql(column: string, terms: string[]): { sql: string; bindings: string[] } {
  const phrase = terms.join(' ');
  return {
    sql: `(CASE WHEN ${column} LIKE ? THEN 2 WHEN position(? in ${column}) BETWEEN 1 AND 40 THEN 1 ELSE 0 END) + similarity(${column}, ?)`,
    bindings: [`${escapeLike(phrase)}%`, terms[0] ?? '', phrase],
  };
}

/** How many of the keyword candidates are ranked with rankSql (trigram similarity costs tens of µs a row). */
export const RANK_WINDOW = 100;

export interface SearchPageQuery {
  knex: Knex | Knex.Transaction;
  /** The table (with its joins) filtered, keyword included (whereSearch); no select, no order. */
  filtered: Builder;
  /** e.g. 'items.id' and 'items.search_text' */
  idColumn: string;
  searchColumn: string;
  /** Keyword terms from whereSearch (empty: default order only). */
  terms: string[];
  /** The list's own order (also the tie-break after the rank); may use the joins of `filtered` and `rowsOf`. */
  orderByDefault: (q: Builder) => void;
  /** The full rows of the ids that the given subquery selects (as column `id`). */
  rowsOf: (ids: Knex.QueryBuilder) => Builder;
  page: number;
  perPage: number;
}

export interface SearchPage<T> {
  rows: T[];
  /** Matches, counted up to LIST_TOTAL_CAP. */
  total: number;
  /** More than LIST_TOTAL_CAP matched: `total` is the cap and the list stops there. */
  totalCapped: boolean;
}

/**
 * One page of a list, the same way for every searchable table. Lists reach at most LIST_TOTAL_CAP matches, so
 * no search has to read every row of a common word in a large catalogue (bench/search.ts):
 * - the count stops at the cap;
 * - with a keyword, the first LIST_TOTAL_CAP matches the database finds are the candidates; they are put in a
 *   cheap order (where the first term occurs: the name comes first in search_text, so names come before
 *   descriptions), the first RANK_WINDOW of them are ranked with rankSql, and later pages continue in the cheap
 *   order (disjoint from the window, so paging stays exact). Below the cap (every list of the real catalogue)
 *   every match is a candidate;
 * - without a keyword, the list's own order over all matches (narrow ids first, then the page's full rows).
 */
export async function fetchSearchPage<T>(query: SearchPageQuery): Promise<SearchPage<T>> {
  const { knex, filtered, page, perPage } = query;
  const offset = (page - 1) * perPage;
  const countQuery = knex
    .from(
      asKnex(filtered.clone().clearSelect().select(knex.raw('1')))
        .limit(LIST_TOTAL_CAP + 1)
        .as('m'),
    )
    .count({ n: '*' })
    .first();
  const [rows, counted] = await Promise.all([
    offset >= LIST_TOTAL_CAP ? Promise.resolve([] as T[]) : (pageRows(query, offset) as Promise<T[]>),
    countQuery as Promise<{ n: unknown } | undefined>,
  ]);
  const n = toCount(counted?.n);
  return { rows, total: Math.min(n, LIST_TOTAL_CAP), totalCapped: n > LIST_TOTAL_CAP };
}

function pageRows(query: SearchPageQuery, offset: number): Promise<unknown[]> {
  const { knex, filtered, idColumn, searchColumn, terms, orderByDefault, rowsOf, perPage } = query;
  const limit = Math.min(perPage, LIST_TOTAL_CAP - offset);
  if (terms.length === 0) {
    const ids = asKnex(filtered.clone().clearSelect().select({ id: idColumn }));
    orderByDefault(ids);
    const rows = rowsOf(ids.limit(limit).offset(offset));
    orderByDefault(rows);
    return rows;
  }
  const firstTerm = terms[0] ?? '';
  const candidates = asKnex(
    filtered
      .clone()
      .clearSelect()
      .select({ id: idColumn }, knex.raw(`position(? in ${searchColumn}) AS pos`, [firstTerm])),
  ).limit(LIST_TOTAL_CAP);
  const byOccurrence = () =>
    knex
      .from(candidates.clone().as('c'))
      .select('c.id')
      .orderBy([{ column: 'c.pos' }, { column: 'c.id' }]);
  const window = Math.ceil(Math.max(RANK_WINDOW, perPage) / perPage) * perPage;
  if (offset >= window) {
    const rows = rowsOf(byOccurrence().limit(limit).offset(offset));
    rows.orderByRaw(`position(? in ${searchColumn})`, [firstTerm]).orderBy(idColumn);
    return rows;
  }
  const rank = rankSql(searchColumn, terms);
  const rows = rowsOf(byOccurrence().limit(window)).orderByRaw(`${rank.sql} DESC`, rank.bindings);
  orderByDefault(rows);
  return rows.limit(limit).offset(offset);
}
