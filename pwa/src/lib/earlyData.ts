// The catalogue reads a first visit of the home, a park, an item or a map page needs, asked for by the head's boot script
// (pwa/src/boot/head.ts, inlined into index.html) while the app's code is still downloading. The API's base query
// takes these answers instead of asking again, so the page's data is there when its code is. The pages build their
// queries from the definitions below, the boot script imports them (so keep this module free of other imports than
// plain functions), and earlyData.test.ts runs the built script to check what it asks for.
import { firstCalendarMonth, monthRange } from '../../../common/rules/calendarMonth';
import { toQueryString } from './queryString';

export interface ApiQuery {
  url: string;
  params?: Record<string, unknown>;
}

// The first row (items on sale) first: its first picture is the page's largest paint.
export const HOME_QUERIES = {
  onSale: { url: '/items', params: { tab: 'available', per_page: 8 } },
  parks: { url: '/parks', params: { per_page: 24 } },
  populars: { url: '/stories', params: { list: 'populars', per_page: 8 } },
  movies: { url: '/stories', params: { list: 'short-movies', per_page: 8 } },
} satisfies Record<string, ApiQuery>;

export const parkQuery = (id: number, linkId?: string): ApiQuery => ({
  url: `/parks/${id}`,
  params: linkId ? { link_id: linkId } : undefined,
});
/** The park profile's animals and latest stories (features/parks/parkExtrasApi.ts). */
export const parkAnimalsQuery = (parkId: number): ApiQuery => ({
  url: '/park-living-things',
  params: { park_id: parkId, per_page: 8 },
});
export const parkStoriesQuery = (parkId: number): ApiQuery => ({
  url: '/stories',
  params: { park_id: parkId, per_page: 4 },
});
export const itemQuery = (id: number, linkId?: string): ApiQuery => ({
  url: `/items/${id}`,
  params: linkId ? { link_id: linkId } : undefined,
});

/** A park's map for map mode (db/parkMaps.ts fetchParkMap): its picture is the page's largest paint. */
export const parkMapQuery = (parkId: number): ApiQuery => ({ url: `/parks/${parkId}/map` });

/** The dates the item page's calendar asks for first (its first month, from today or the 1st to the month's end). */
export const itemCalendarRange = (availableFrom: string, today: string) =>
  monthRange(firstCalendarMonth(availableFrom, today), today);

/** An item's availability for some dates (features/tickets/purchaseApi.ts asks with it). */
export const availabilityQuery = (id: number, range: { from: string; to: string }, linkId?: string): ApiQuery => ({
  url: `/items/${id}/availability`,
  params: { from: range.from, to: range.to, ...(linkId ? { link_id: linkId } : {}) },
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
  if (park) {
    const id = Number(park[1]);
    return [parkQuery(id), parkAnimalsQuery(id), parkStoriesQuery(id)];
  }
  const item = pathname.match(/^\/items\/(\d{1,9})$/);
  if (item) return [itemQuery(Number(item[1]))];
  const map = pathname.match(/^\/maps\/(\d{1,9})$/);
  if (map) return [parkMapQuery(Number(map[1]))];
  return [];
}

/** Answers older than this are not used (the page asked for something else first; it asks the network later). */
const FRESH_MS = 15_000;

/** An early answer, read to its end by the boot script (null: the network failed). */
export interface EarlyAnswer {
  status: number;
  text: string;
}

interface EarlyRead {
  at: number;
  response: Promise<EarlyAnswer | null>;
}

declare global {
  interface Window {
    zoopassEarlyReads?: Record<string, EarlyRead | undefined>;
  }
}

/** The early answer for this path, once; later reads of it go to the network. */
export function takeEarlyRead(path: string, now = Date.now()): Promise<EarlyAnswer | null> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.zoopassEarlyReads;
  const entry = reads?.[path];
  if (!reads || !entry) return undefined;
  delete reads[path];
  return now - entry.at <= FRESH_MS ? entry.response : undefined;
}
