// Fresh cached catalogue answers (readCache.ts) sent from Node's request event, before hapi makes a request of it:
// a cached park list cost ~84 µs of the server's CPU through hapi's lifecycle (request object, extension points,
// response marshalling) and ~25 µs here (npm run bench: 10,000 → 38,000 answers a second on this machine). Only
// what the cache would answer unchanged is sent here, with the same headers (checked against hapi's answer over
// HTTP in test/cachedReadListener.test.ts); anything else (a miss, HEAD, a conditional request, a language or
// encoding this does not settle alone) goes on to hapi, whose onRequest (plugins/i18n.ts) answers the rest of the
// cache's hits. server.inject never comes here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@hapi/hapi';
import { requestLocaleOf } from '../plugins/i18n';
import { API_CSP, HSTS } from '../plugins/security';
import { type CachedAnswer, gzipOf } from './readCache';

/** hapi compresses answers of at least this many bytes (its default compression.minBytes). */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'identity' | 'gzip';

/**
 * The encoding hapi would choose for this Accept-Encoding, when it is plain: gzip when offered (or *), else none;
 * null (ask hapi) for weights, or deflate without gzip.
 */
function encodingFor(header: string | undefined): Encoding | null {
  if (!header) return 'identity';
  const offered = header
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  if (offered.some((t) => t.includes(';'))) return null;
  if (offered.includes('gzip') || offered.includes('*')) return 'gzip';
  return offered.includes('deflate') ? null : 'identity';
}

export function answerCachedReadsFirst(server: Server, https: boolean): void {
  const listener = server.listener;
  const [hapiDispatch] = listener.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!hapiDispatch) throw new Error('hapi has no request listener to put the cached reads before');
  const security: Record<string, string> = {
    'content-security-policy': API_CSP,
    'x-frame-options': 'DENY',
    'x-xss-protection': '0',
    'x-download-options': 'noopen',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
  const send = (res: ServerResponse, entry: CachedAnswer, encoding: Encoding) => {
    const gzip = encoding === 'gzip' && entry.body.length >= COMPRESS_MIN_BYTES ? gzipOf(entry) : null;
    const body = gzip ?? entry.body;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      etag: entry.etag,
      'cache-control': `public, max-age=${entry.maxAgeSeconds}, stale-while-revalidate=${entry.maxAgeSeconds * 5}`,
      vary: 'accept-language,accept-encoding',
      ...security,
      ...(gzip ? { 'content-encoding': 'gzip' } : { 'accept-ranges': 'bytes' }),
      'content-length': body.length,
    });
    res.end(body);
  };
  listener.removeListener('request', hapiDispatch);
  listener.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url;
    if (req.method === 'GET' && url?.startsWith('/api/v1/') && req.headers['if-none-match'] === undefined) {
      const encoding = encodingFor(req.headers['accept-encoding']);
      // The key as hapi's onRequest makes it (readCache.ts cacheKey): a URL that hapi would normalise differently is
      // simply not found, since stored keys are normalised ones.
      const entry = encoding && server.app.readCache.peek(`${requestLocaleOf(req.headers['accept-language'])}|${url}`);
      if (entry && encoding) return send(res, entry, encoding);
    }
    hapiDispatch(req, res);
  });
}
