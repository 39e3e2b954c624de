import { createHash } from 'node:crypto';
import type { Request, ResponseToolkit } from '@hapi/hapi';

interface Entry {
  body: string;
  etag: string;
  expires: number;
}

/**
 * In-process cache of public catalogue answers, serialised once with their ETag. Entries live a few seconds
 * (the same freshness a CDN in front would give), concurrent misses share one computation, and the map is
 * bounded. Instances stay stateless: each keeps its own short-lived copy.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  async get(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit;
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const promise = (async () => {
      const body = JSON.stringify(await compute());
      const entry = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
        expires: Date.now() + this.ttlMs,
      };
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, entry);
      return entry;
    })();
    this.pending.set(key, promise);
    try {
      return await promise;
    } finally {
      this.pending.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Answers a public read from the cache: ETag, Cache-Control for browsers and CDNs, Vary on the language,
 * and 304 when the client already has it.
 */
export async function cachedJson(
  request: Request,
  h: ResponseToolkit,
  cache: ReadCache,
  maxAgeSeconds: number,
  compute: () => Promise<unknown>,
) {
  const key = `${request.app.locale}|${request.url.pathname}?${request.url.searchParams.toString()}`;
  const entry = await cache.get(key, compute);
  const cacheControl = `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 5}`;
  const inm = request.headers['if-none-match'] as string | undefined;
  if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
    return h
      .response()
      .code(304)
      .header('etag', entry.etag)
      .header('cache-control', cacheControl)
      .header('vary', 'accept-language');
  }
  return h
    .response(entry.body)
    .type('application/json; charset=utf-8')
    .header('etag', entry.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-language');
}
