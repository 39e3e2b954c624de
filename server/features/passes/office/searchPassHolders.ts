// GET api/v1/staff/parks/{parkId}/pass-holders/search (README 2.15): the park's pass holders found by what the
// member typed: an e-mail address (the owner's, exact, any case), a pass number (P001-0000001, a holder's
// P001-0000001-2, hyphens optional), a telephone number (the owner's, digits compared) or a name (the holder's,
// kana either way, kanji, partial: common/search/normalize.ts, as pass_holders.name_search is stored), optionally
// of one state; a page at a time, by pass number and position.
import type { Knex } from 'knex';
import type { OfficePassHolderSearch, PassState } from '../../../../common/dto/pass';
import type { Locale } from '../../../../common/enums';
import { searchTerms } from '../../../../common/search/normalize';
import { tokyoDate } from '../../../../common/time';
import { HOLDER_ROW_COLUMNS, type HolderRow, holderRowsQuery, presentHolderRow, stateIs } from './passHolderRows';

export const HOLDERS_PER_PAGE = 20;

export type HolderQuery =
  | { by: 'email'; email: string }
  | { by: 'number'; passNumber: string; position: number | null }
  | { by: 'phone'; digits: string }
  | { by: 'name'; terms: string[] };

const PASS_NUMBER = /^P(\d{3})-?(\d{7})(?:-?(\d{1,2}))?$/i;
const PHONE = /^\+?[\d\-() ]+$/;

/** What the typed text is; null when it holds nothing to search by. */
export function holderQuery(text: string): HolderQuery | null {
  const q = text.trim();
  if (q.includes('@')) return { by: 'email', email: q.toLowerCase() };
  const number = PASS_NUMBER.exec(q.replace(/\s/g, ''));
  if (number)
    return { by: 'number', passNumber: `P${number[1]}-${number[2]}`, position: number[3] ? Number(number[3]) : null };
  const digits = q.replace(/\D/g, '');
  if (PHONE.test(q) && digits.length >= 6) return { by: 'phone', digits };
  const terms = searchTerms(q);
  return terms.length ? { by: 'name', terms } : null;
}

export interface HolderSearch {
  q?: string;
  state?: PassState;
  page: number;
  now: Date;
  locale: Locale;
}

export async function searchPassHolders(knex: Knex, parkId: number, s: HolderSearch): Promise<OfficePassHolderSearch> {
  const today = tokyoDate(s.now);
  const query = s.q ? holderQuery(s.q) : null;
  const base = () => {
    const q = holderRowsQuery(knex, parkId, today);
    if (s.state) q.where(stateIs(knex, today, s.state));
    if (!query) return q;
    if (query.by === 'email') return q.whereRaw('lower(u.email) = ?', [query.email]);
    if (query.by === 'number') {
      q.where('p.pass_number', query.passNumber.toUpperCase());
      return query.position === null ? q : q.where('h.position', query.position);
    }
    if (query.by === 'phone')
      return q
        .whereNotNull('u.telephone')
        .whereRaw("regexp_replace(coalesce(u.telephone, ''), '[^0-9]', '', 'g') = ?", [query.digits]);
    for (const term of query.terms) q.where('h.name_search', 'like', `%${term.replace(/[\\%_]/g, '\\$&')}%`);
    return q;
  };
  const total = Number(((await base().count({ n: '*' }).first()) as { n: unknown } | undefined)?.n ?? 0);
  const rows = (await base()
    .orderBy([{ column: 'p.pass_number' }, { column: 'h.position' }])
    .limit(HOLDERS_PER_PAGE)
    .offset((s.page - 1) * HOLDERS_PER_PAGE)
    .select(HOLDER_ROW_COLUMNS(knex, today))) as HolderRow[];
  return { rows: rows.map((r) => presentHolderRow(r, s.locale)), total };
}
