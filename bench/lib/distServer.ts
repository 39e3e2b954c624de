// The built PWA served as the real server serves it (files, else the app shell, sw.js never cached) for the
// browser benches, with the API answered by the bench (`api`) or not at all (404: the page runs offline).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

export const DIST = resolve(import.meta.dirname, '..', '..', process.env.DIST_DIR ?? 'dist');

/** Exits with a message when there is no build to serve. */
export function requireBuild(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`No built PWA in ${DIST}: run npm run build first.`);
    process.exit(1);
  }
}

/** Starts the server; `api` answers the paths it knows (true) and leaves the rest to the 404. Answers the base URL. */
export async function serveDist(
  api: (path: string, res: ServerResponse, req: IncomingMessage) => boolean = () => false,
): Promise<{ base: string; close(): void }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      if (api(path, res, req)) return;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"data":null,"meta":{}}');
      return;
    }
    const file = normalize(join(DIST, path));
    const found =
      file.startsWith(DIST) && existsSync(file) && statSync(file).isFile() ? file : join(DIST, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[extname(found)] ?? 'application/octet-stream',
      'cache-control': found.endsWith('sw.js') ? 'no-cache' : 'max-age=0',
    });
    res.end(readFileSync(found));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
