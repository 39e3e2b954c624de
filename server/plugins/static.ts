import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Inert from '@hapi/inert';
import { findRoute, stripTrailingSlash } from '../../common/routes';
import { isServerPath } from '../../common/serverPaths';
import { notFound } from '../lib/errors';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that must always be revalidated so a new build is picked up. */
const ALWAYS_FRESH = new Set(['/index.html', '/sw.js', '/build.json', '/manifest.webmanifest', '/registerSW.js']);

const ENCODED_EXTENSION = { br: '.br', gzip: '.gz' } as const;

/** The encodings an Accept-Encoding header takes (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
const mimeType = (rel: string) => MIME[extname(rel)] ?? 'application/octet-stream';

/**
 * SHA-256 (base64) of every inline script of an HTML page (a <script> without src), exactly as written between
 * the tags: what a Content-Security-Policy 'sha256-...' source must name for the browser to run it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = m[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    // The browser hashes the text as parsed: HTML turns CR LF and lone CR into LF.
    const text = (m[2] ?? '').replace(/\r\n?/g, '\n');
    hashes.push(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return hashes;
}

/**
 * Serves the built PWA: hashed assets immutable, the shell, service worker and build metadata no-cache.
 * Known app routes get index.html with 200, unknown paths index.html with 404 (the app shows "Page not found").
 * Non-root paths ending in a slash are redirected (301) without the slash, query kept. Source maps (*.map) are not
 * served. The hashes of index.html's inline scripts are kept for the Content-Security-Policy (plugins/security.ts).
 */
export const staticPlugin: Plugin<{ distDir: string }> = {
  name: 'static',
  async register(server, options) {
    await server.register(Inert);
    const root = resolve(options.distDir);
    const indexPath = join(root, 'index.html');
    let indexHtml: string | null = null;
    let scriptHashes: readonly string[] = [];
    const shell = () => {
      if (indexHtml === null || server.app.config.env === 'development') {
        const html = existsSync(indexPath)
          ? readFileSync(indexPath, 'utf8')
          : '<!doctype html><html lang="ja"><meta charset="utf-8"><title>Zoo</title><div id="root">The app is not built: run npm run build.</div></html>';
        if (html !== indexHtml) {
          indexHtml = html;
          scriptHashes = Object.freeze(inlineScriptHashes(html));
        }
      }
      return indexHtml as string;
    };
    server.app.shellScriptHashes = () => {
      shell();
      return scriptHashes;
    };

    server.ext('onRequest', (request, h) => {
      const stripped = stripTrailingSlash(request.path);
      if (stripped !== null) {
        const search = request.url.search ?? '';
        return h.redirect(`${stripped}${search}`).code(301).takeover();
      }
      return h.continue;
    });

    const serveFile = (request: Request, h: ResponseToolkit, rel: string) => {
      // Hashed names: the build's assets and its Japanese faces (pwa/src/fonts).
      const hashed = rel.startsWith('/assets/') || rel.startsWith('/fonts/');
      const cache = hashed ? IMMUTABLE : ALWAYS_FRESH.has(rel) ? NO_CACHE : 'public, max-age=86400';
      // The build writes brotli and gzip copies of its text files (vite.config.ts): serve the best one the
      // browser takes instead of compressing on every request.
      const encoding = precompressed(request.headers['accept-encoding'] as string | undefined, rel);
      if (encoding) {
        return h
          .file(join(root, `${rel}${ENCODED_EXTENSION[encoding]}`), { confine: root, etagMethod: 'hash' })
          .type(mimeType(rel))
          .compressed(encoding)
          .vary('accept-encoding')
          .header('cache-control', cache);
      }
      return h
        .file(join(root, rel), { confine: root, etagMethod: 'hash' })
        .vary('accept-encoding')
        .header('cache-control', cache);
    };

    const precompressed = (acceptEncoding: string | undefined, rel: string): 'br' | 'gzip' | null => {
      const accepted = acceptedEncodings(acceptEncoding);
      for (const encoding of ['br', 'gzip'] as const) {
        if (accepted.has(encoding) && fileExists(`${rel}${ENCODED_EXTENSION[encoding]}`)) return encoding;
      }
      return null;
    };

    const fileExists = (rel: string) => {
      const full = normalize(join(root, rel));
      if (!full.startsWith(root)) return false;
      try {
        return statSync(full).isFile();
      } catch {
        return false;
      }
    };

    server.route({
      method: 'GET',
      path: '/{path*}',
      options: { auth: false, plugins: { 'hapi-swagger': { exclude: true } } as never },
      handler(request: Request, h: ResponseToolkit) {
        const rel = request.path;
        // Source maps: megabytes of our source, for no visitor's benefit.
        if (rel.endsWith('.map')) throw notFound();
        if (rel !== '/' && !rel.startsWith('/api/') && fileExists(rel)) return serveFile(request, h, rel);
        // The server's own paths (common/serverPaths.ts) never get the app shell: the service worker hands them
        // to the network for the same reason.
        if (isServerPath(rel)) throw notFound();
        const known = findRoute(rel) !== null;
        return h
          .response(shell())
          .type('text/html; charset=utf-8')
          .header('cache-control', NO_CACHE)
          .code(known ? 200 : 404);
      },
    });
  },
};
