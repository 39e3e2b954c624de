/** Every API answer: `{ data, meta }`. */
export interface Envelope<T, M = Record<string, unknown>> {
  data: T;
  meta: M & { message?: string; code?: string; status?: number };
}

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

export type Paged<T> = Envelope<T[], PageMeta>;
