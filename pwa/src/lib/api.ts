import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { GUEST_HEADER } from '../../../common/dto/cart';
import { apiPath, takeEarlyRead } from './earlyData';
import { currentLocale } from './i18n';
import { toQueryString } from './queryString';
import { guestId, tokenExpiry } from './session';
import { handleUnauthorized } from './sessionService';

/** Statuses retried once for non-mutating calls (spec section 7). */
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api/v1',
  credentials: 'same-origin',
  prepareHeaders(headers) {
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', currentLocale());
    // Not signed in: the guest uuid names the guest's cart (the server ignores it for signed-in users).
    const guest = tokenExpiry() === null ? guestId() : null;
    if (guest) headers.set(GUEST_HEADER, guest);
    return headers;
  },
  paramsSerializer: toQueryString,
});

/** A read the preload entry already started (lib/earlyData.ts), as RTK Query's result; undefined when there is none. */
async function earlyResult(args: string | FetchArgs) {
  const { url, params } = typeof args === 'string' ? { url: args, params: undefined } : args;
  const pending = takeEarlyRead(apiPath({ url, params }));
  const answer = pending && (await pending);
  if (!answer) return undefined;
  try {
    const data: unknown = JSON.parse(answer.text);
    const ok = answer.status >= 200 && answer.status < 300;
    return ok ? { data } : { error: { status: answer.status, data } as FetchBaseQueryError };
  } catch {
    return undefined;
  }
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const method = (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
  let result = (method === 'GET' && (await earlyResult(args))) || (await rawBaseQuery(args, api, extra));
  const status = result.error?.status;
  if (typeof status === 'number' && RETRY_STATUSES.has(status) && SAFE_METHODS.has(method)) {
    result = await rawBaseQuery(args, api, extra);
  }
  // A wrong password at sign-in is a 401 too: only other calls mean the session is gone.
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && !url.startsWith('/auth/')) void handleUnauthorized();
  return result;
};

/** The one RTK Query API; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Park',
    'Item',
    'TicketPack',
    'LivingThing',
    'Story',
    'Follow',
    'Like',
    'Favorite',
    'Me',
    'Cart',
    'Ticket',
    'Coupon',
    'Card',
    'Coin',
    'Notification',
    'Lottery',
    'Staff',
  ],
  endpoints: () => ({}),
});

/** The HTTP status of an RTK Query error, when there is one. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const s = (error as { status: unknown }).status;
    if (typeof s === 'number') return s;
  }
  return undefined;
}
