// Cached catalogue answers sent before hapi (lib/cachedReadListener.ts): over real HTTP, the same answer, headers
// and all, as hapi sends for the same cached entry; only what it can settle alone; never for a miss.
// PGlite, and PostgreSQL with DATABASE_URL.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext & { base: string };
let throughHapi = 0;

beforeAll(async () => {
  ctx = await createHttpTestServer({ CATALOGUE_CACHE_MS: '60000' });
  ctx.server.events.on('response', () => {
    throughHapi++;
  });
  await ctx.server.start();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or `method`) with exactly these headers (fetch would add its own Accept-Encoding). */
function get(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${ctx.base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that say something about the answer (not the connection's or the moment's). */
function meaningful(h: http.IncomingHttpHeaders, ...without: string[]) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', ...without]);
  return Object.fromEntries(Object.entries(h).filter(([k]) => !skip.has(k)));
}

async function counted<T>(run: () => Promise<T>): Promise<{ value: T; hapi: number }> {
  const before = throughHapi;
  const value = await run();
  // hapi emits 'response' once the answer is sent: give it the turn.
  await new Promise((r) => setTimeout(r, 20));
  return { value, hapi: throughHapi - before };
}

describe('cached catalogue answers before hapi', () => {
  const list = '/api/v1/parks?region_id=3&per_page=20';

  it('sends a cached answer exactly as hapi sends it, without hapi, in each language', async () => {
    for (const lang of ['ja', 'en']) {
      const first = await counted(() => get(list, { 'accept-language': lang }));
      expect(first.value.status).toBe(200);
      expect(first.hapi).toBe(1); // a miss: hapi computed and stored it
      // hapi's answer for the stored entry (a weight in Accept-Encoding: left to hapi), then the listener's.
      const viaHapi = await counted(() => get(list, { 'accept-language': lang, 'accept-encoding': 'identity;q=1' }));
      const early = await counted(() => get(list, { 'accept-language': lang }));
      expect(viaHapi.hapi).toBe(1);
      expect(early.hapi).toBe(0);
      expect(early.value.status).toBe(200);
      expect(early.value.body.equals(viaHapi.value.body)).toBe(true);
      expect(early.value.body.equals(first.value.body)).toBe(true);
      expect(meaningful(early.value.headers)).toEqual(meaningful(viaHapi.value.headers));
    }
  });

  it('gzips as hapi does for a browser (once per entry), and leaves weights and deflate to hapi', async () => {
    await get(list, { 'accept-language': 'ja' });
    const browser = 'gzip, deflate, br, zstd';
    const viaHapi = await counted(() => get(list, { 'accept-language': 'ja', 'accept-encoding': 'gzip;q=1' }));
    const early = await counted(() => get(list, { 'accept-language': 'ja', 'accept-encoding': browser }));
    expect([viaHapi.hapi, early.hapi]).toEqual([1, 0]);
    expect(viaHapi.value.headers['content-encoding']).toBe('gzip');
    expect(early.value.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(early.value.body).equals(gunzipSync(viaHapi.value.body))).toBe(true);
    // hapi streams what it compresses (no length, no ranges); the listener's is a buffer with its length.
    expect(meaningful(early.value.headers, 'content-length', 'accept-ranges')).toEqual(
      meaningful(viaHapi.value.headers, 'content-length', 'accept-ranges'),
    );
    expect(Number(early.value.headers['content-length'])).toBe(early.value.body.length);
    const deflate = await counted(() => get(list, { 'accept-language': 'ja', 'accept-encoding': 'deflate' }));
    expect(deflate.hapi).toBe(1);
    expect(deflate.value.headers['content-encoding']).toBe('deflate');
  });

  it('leaves to hapi what it does not settle alone: a miss, HEAD, a conditional request, another path', async () => {
    const first = await get(list, { 'accept-language': 'ja' });
    const etag = first.headers.etag as string;
    const conditional = await counted(() => get(list, { 'accept-language': 'ja', 'if-none-match': etag }));
    expect(conditional).toMatchObject({ hapi: 1, value: { status: 304 } });
    const head = await counted(() => get(list, { 'accept-language': 'ja' }, 'HEAD'));
    expect(head.hapi).toBe(1);
    // The same query written otherwise is another key: a miss, computed by hapi (then cached under it).
    const other = await counted(() => get('/api/v1/parks?per_page=20&region_id=3', { 'accept-language': 'ja' }));
    expect(other.hapi).toBe(1);
    // A path hapi redirects (trailing slash) and a route that is never cached.
    expect((await counted(() => get('/api/v1/parks/', {}))).hapi).toBe(1);
    const health = await counted(() => get('/api/health', {}));
    expect(health.hapi).toBe(1);
  });
});
