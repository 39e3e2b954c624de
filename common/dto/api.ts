/** Every API answer: `{ data, meta }`. */
export interface Envelope<T, M = Record<string, unknown>> {
  data: T;
  meta: M & { message?: string; code?: string; status?: number };
}

/** Lists count and reach at most this many matches (server/lib/search.ts); beyond it `totalCapped` is set. */
export const LIST_TOTAL_CAP = 1000;

export interface PageMeta {
  page: number;
  perPage: number;
  /** Matches; at most LIST_TOTAL_CAP. */
  total: number;
  totalPages: number;
  /** More than LIST_TOTAL_CAP matched (show "1,000+"). */
  totalCapped?: boolean;
}

export type Paged<T> = Envelope<T[], PageMeta>;
