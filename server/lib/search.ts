import { searchTerms } from '../../common/search/normalize';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Keyword filter over a generated `search_text` column (see migrations/…_search.ts): every term must occur,
 * in any position, after both sides are normalised the same way. Returns the terms (empty: no filter).
 */
export function whereSearch(
  q: { where(column: string, op: string, value: string): unknown },
  column: string,
  keyword: string | undefined,
): string[] {
  const terms = searchTerms(keyword);
  for (const term of terms) q.where(column, 'like', `%${escapeLike(term)}%`);
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
