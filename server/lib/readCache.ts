import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, ResponseToolkit } from '@hapi/hapi';

interface Entry {
  body: Buffer;
  /** The body gzipped, made at its first ask (cachedReadListener.ts). */
  gzip?: Buffer;
  etag: string;
  expires: number;
  maxAgeSeconds: number;
}

export type CachedAnswer = Entry;

/** The entry's body gzipped, once per entry. */
export function gzipOf(entry: Entry): Buffer {
  entry.gzip ??= gzipSync(entry.body);
  return entry.gzip;
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

  /** A fresh entry, without computing anything. */
  peek(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  async get(key: string, compute: () => Promise<unknown>, maxAgeSeconds = 60): Promise<Entry> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit;
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const promise = (async () => {
      const body = Buffer.from(JSON.stringify(await compute()));
      const entry = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
        expires: Date.now() + this.ttlMs,
        maxAgeSeconds,
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

/** The cache key of a request: language and the URL as sent (only validated answers are ever stored). */
export const cacheKey = (request: Request) => `${request.app.locale}|${request.url.pathname}${request.url.search}`;

/** The answer for a cached entry: ETag, Cache-Control for browsers and CDNs, Vary on the language, 304 on match. */
export function respondCached(request: Request, h: ResponseToolkit, entry: Entry) {
  const cacheControl = `public, max-age=${entry.maxAgeSeconds}, stale-while-revalidate=${entry.maxAgeSeconds * 5}`;
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

/** Answers a public read through the cache (computed and validated once per key and lifetime). */
export async function cachedJson(
  request: Request,
  h: ResponseToolkit,
  cache: ReadCache,
  maxAgeSeconds: number,
  compute: () => Promise<unknown>,
) {
  return respondCached(request, h, await cache.get(cacheKey(request), compute, maxAgeSeconds));
}
