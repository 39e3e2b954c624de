// The catalogue reads a first visit of the home, a park or an item page needs, asked for by the small preload entry
// (pwa/src/preload.ts) while the app's code is still downloading. The API's base query takes these answers instead
// of asking again, so the page's data is there when its code is. The pages build their queries from the same
// definitions below, so the URLs match by construction.
import { storedLocale } from './locale';
import { toQueryString } from './queryString';

export interface ApiQuery {
  url: string;
  params?: Record<string, unknown>;
}

export const HOME_QUERIES = {
  parks: { url: '/parks', params: { per_page: 24 } },
  onSale: { url: '/items', params: { tab: 'available', per_page: 8 } },
  populars: { url: '/stories', params: { list: 'populars', per_page: 8 } },
  movies: { url: '/stories', params: { list: 'short-movies', per_page: 8 } },
} satisfies Record<string, ApiQuery>;

export const parkQuery = (id: number, linkId?: string): ApiQuery => ({
  url: `/parks/${id}`,
  params: linkId ? { link_id: linkId } : undefined,
});
export const itemQuery = (id: number, linkId?: string): ApiQuery => ({
  url: `/items/${id}`,
  params: linkId ? { link_id: linkId } : undefined,
});

/** The path and query the base query fetches for a query (under /api/v1). */
export function apiPath({ url, params }: ApiQuery): string {
  const query = params ? toQueryString(params) : '';
  return `/api/v1${url}${query ? `?${query}` : ''}`;
}

/** What a page at this location reads first. */
export function firstReads(pathname: string, search = ''): ApiQuery[] {
  if (new URLSearchParams(search).has('link_id')) return [];
  if (pathname === '/') return Object.values(HOME_QUERIES);
  const park = pathname.match(/^\/profile\/park\/(\d{1,9})$/);
  if (park) return [parkQuery(Number(park[1]))];
  const item = pathname.match(/^\/items\/(\d{1,9})$/);
  if (item) return [itemQuery(Number(item[1]))];
  return [];
}

/** Answers older than this are not used (the page asked for something else first; it asks the network later). */
const FRESH_MS = 15_000;
const early = new Map<string, { at: number; response: Promise<Response | null> }>();

export function startEarlyReads(pathname: string, search: string): void {
  if (typeof fetch !== 'function') return;
  for (const query of firstReads(pathname, search)) {
    const path = apiPath(query);
    const response = fetch(path, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': storedLocale() },
    }).catch(() => null);
    early.set(path, { at: Date.now(), response });
  }
}

/** The early answer for this path, once; later reads of it go to the network. */
export function takeEarlyRead(path: string, now = Date.now()): Promise<Response | null> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return now - entry.at <= FRESH_MS ? entry.response : undefined;
}
