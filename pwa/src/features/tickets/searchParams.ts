import { ITEM_SEARCH_TABS, type ItemSearchTab } from '../../../../common/dto/item';
import { isIsoDate, MAX_SEARCH_DATES } from '../../../../common/rules/availability';
import type { ItemSearch } from './ticketsApi';

export const DEFAULT_TAB: ItemSearchTab = 'available';

const isTab = (v: string | null): v is ItemSearchTab => ITEM_SEARCH_TABS.includes(v as ItemSearchTab);
const ints = (values: string[], min: number, max: number) =>
  values
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter((n) => n >= min && n <= max);

/** The URL query of /find/tickets/result -> the search (dates kept as given, up to the API to refuse). */
export function searchFromQuery(q: URLSearchParams): Required<Pick<ItemSearch, 'tab' | 'page'>> & ItemSearch {
  const tab = q.get('tab');
  const dates = [...new Set(q.getAll('dates').filter(isIsoDate))].sort();
  const parks = ints(q.getAll('park_id'), 1, 2_147_483_647);
  const categories = [...new Set(ints(q.getAll('category'), 0, 5))].sort();
  const page = Number(q.get('page'));
  return {
    tab: isTab(tab) ? tab : DEFAULT_TAB,
    dates: tab === 'date' ? dates : undefined,
    park_id: parks.length ? parks : undefined,
    category: categories.length ? categories : undefined,
    keyword: q.get('keyword')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function queryFromSearch(s: ItemSearch): string {
  const q = new URLSearchParams();
  q.set('tab', s.tab);
  if (s.tab === 'date') for (const d of s.dates ?? []) q.append('dates', d);
  for (const p of s.park_id ?? []) q.append('park_id', String(p));
  for (const c of s.category ?? []) q.append('category', String(c));
  if (s.keyword) q.set('keyword', s.keyword);
  if (s.page && s.page > 1) q.set('page', String(s.page));
  return q.toString();
}

/** Adding a date to the date tab's list: refused past MAX_SEARCH_DATES (the caller shows the message). */
export function addDate(
  dates: readonly string[],
  date: string,
): { dates: string[]; error?: 'tooMany' | 'invalid' | 'duplicate' } {
  if (!isIsoDate(date)) return { dates: [...dates], error: 'invalid' };
  if (dates.includes(date)) return { dates: [...dates], error: 'duplicate' };
  if (dates.length >= MAX_SEARCH_DATES) return { dates: [...dates], error: 'tooMany' };
  return { dates: [...dates, date].sort() };
}
