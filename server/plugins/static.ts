import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Inert from '@hapi/inert';
import { findRoute, stripTrailingSlash } from '../../common/routes';
import { isServerPath } from '../../common/serverPaths';
import { notFound } from '../lib/errors';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that must always be revalidated so a new build is picked up. */
const ALWAYS_FRESH = new Set(['/index.html', '/sw.js', '/build.json', '/manifest.webmanifest', '/registerSW.js']);

/**
 * Serves the built PWA: hashed assets immutable, the shell, service worker and build metadata no-cache.
 * Known app routes get index.html with 200, unknown paths index.html with 404 (the app shows "Page not found").
 * Non-root paths ending in a slash are redirected (301) without the slash, query kept.
 */
export const staticPlugin: Plugin<{ distDir: string }> = {
  name: 'static',
  async register(server, options) {
    await server.register(Inert);
    const root = resolve(options.distDir);
    const indexPath = join(root, 'index.html');
    let indexHtml: string | null = null;
    const shell = () => {
      if (indexHtml === null || server.app.config.env === 'development') {
        indexHtml = existsSync(indexPath)
          ? readFileSync(indexPath, 'utf8')
          : '<!doctype html><html lang="ja"><meta charset="utf-8"><title>Zoo</title><div id="root">The app is not built: run npm run build.</div></html>';
      }
      return indexHtml;
    };

    server.ext('onRequest', (request, h) => {
      const stripped = stripTrailingSlash(request.path);
      if (stripped !== null) {
        const search = request.url.search ?? '';
        return h.redirect(`${stripped}${search}`).code(301).takeover();
      }
      return h.continue;
    });

    const serveFile = (h: ResponseToolkit, rel: string) => {
      const cache = rel.startsWith('/assets/') ? IMMUTABLE : ALWAYS_FRESH.has(rel) ? NO_CACHE : 'public, max-age=86400';
      return h.file(join(root, rel), { confine: root, etagMethod: 'hash' }).header('cache-control', cache);
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
        if (rel !== '/' && !rel.startsWith('/api/') && fileExists(rel)) return serveFile(h, rel);
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
