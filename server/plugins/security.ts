// Security headers on every answer (app shell, static files, API, sandbox and mail-viewer pages, errors):
// Content-Security-Policy, Permissions-Policy and, when the public URL is https, HSTS. The other classic ones
// (X-Frame-Options, X-Content-Type-Options, Referrer-Policy) come from hapi's `routes.security` (server.ts).
// The build's hashed files under /assets/ (scripts, styles, pictures) go without the first two: browsers apply them
// to documents and workers only (the service worker, /sw.js, keeps them), and they were about 750 bytes on each of
// the dozen scripts of a first visit. The API's JSON answers get a policy that allows nothing (API_CSP) instead.

import type { Boom } from '@hapi/boom';
import type { Plugin, ResponseObject } from '@hapi/hapi';
import type { Config } from '../config';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** GMO's token script (pwa/src/features/checkout/tokenize.ts loads it when real GMO credentials are set). */
const GMO_SCRIPT_ORIGIN = 'https://static.mul-pay.jp';

/**
 * The policy. Scripts: our own files and the inline scripts of the built index.html by their SHA-256 (never
 * 'unsafe-inline' or 'unsafe-eval'). Styles allow inline: the first-paint script of index.html and React set
 * style attributes. Pictures and media may be data: or blob: URLs (QR codes, wallet map images from IndexedDB,
 * previews of uploads). WebAssembly may compile ('wasm-unsafe-eval': the gate scanner's QR decoder, our own
 * file). Third parties only when configured: Turnstile (script + iframe), real GMO (token script
 * and its API). Forms post only to us (the sandboxes' pages; real providers are reached by redirects, which
 * form-action does not restrict unless they follow a form post). No framing of our pages, no plugins, no <base>.
 */
export function contentSecurityPolicy(config: Config, scriptHashes: readonly string[]): string {
  // 'wasm-unsafe-eval' lets WebAssembly compile (the gate scanner's QR decoder, served from our origin); it does
  // not allow eval() of JavaScript.
  const script = ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((h) => `'sha256-${h}'`)];
  const connect = ["'self'"];
  const frame: string[] = [];
  if (config.turnstile) {
    script.push(TURNSTILE_ORIGIN);
    frame.push(TURNSTILE_ORIGIN);
  }
  const gmo = config.payments.gmo;
  if (gmo && !gmo.sandbox) {
    const api = new URL(gmo.apiUrl).origin;
    script.push(GMO_SCRIPT_ORIGIN, api);
    connect.push(api);
  }
  const publicOrigin = new URL(config.publicUrl).origin;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['media-src', ["'self'", 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', frame.length ? frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    // A sandbox page's form posts to us and is redirected to the PUBLIC_URL (the same origin unless the page
    // was opened under another name for this server).
    ['form-action', [...new Set(["'self'", publicOrigin])]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * Powerful features: the camera for the gate scanner and the position for map mode, our own origin only;
 * everything else off.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/** The build's hashed, immutable files (vite's assetsDir): never a document or a worker. */
const BUILD_ASSETS = '/assets/';

export const HSTS = 'max-age=63072000; includeSubDomains';

/** JSON answers of the API (OWASP's REST advice): 140 bytes instead of the page policy's 900 on every answer. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** An answer sent as JSON: typed so (a cached catalogue answer is its JSON text), or an object or array hapi turns
 *  into JSON (not text, a buffer or a stream: files, CSV, PDF). */
const isJson = (res: ResponseObject) => {
  const type = res.headers['content-type'];
  if (typeof type === 'string') return type.startsWith('application/json');
  return (
    res.variety === 'plain' &&
    res.source !== null &&
    typeof res.source === 'object' &&
    !Buffer.isBuffer(res.source) &&
    typeof (res.source as { pipe?: unknown }).pipe !== 'function'
  );
};

const NO_SHELL: readonly string[] = [];

export const securityPlugin: Plugin<void> = {
  name: 'security',
  // The app shell's script hashes come from the static plugin when it serves the app; the status worker
  // (statusServer.ts) serves no page and has none.
  dependencies: ['errors'],
  register(server) {
    const config = server.app.config;
    const https = new URL(config.publicUrl).protocol === 'https:';
    let cachedFor: readonly string[] | null = null;
    let csp = '';
    const policy = () => {
      const hashes = server.app.shellScriptHashes?.() ?? NO_SHELL;
      if (hashes !== cachedFor) {
        csp = contentSecurityPolicy(config, hashes);
        cachedFor = hashes;
      }
      return csp;
    };
    // After the errors plugin, which may replace the response with its envelope.
    server.ext(
      'onPreResponse',
      (request, h) => {
        const headers: Record<string, string> = {
          'content-security-policy': policy(),
          'permissions-policy': PERMISSIONS_POLICY,
        };
        if (https) headers['strict-transport-security'] = HSTS;
        const response = request.response;
        if (!response) return h.continue;
        const isBoom = 'isBoom' in response && response.isBoom;
        if (!isBoom && (response as ResponseObject).statusCode < 400 && request.path.startsWith(BUILD_ASSETS)) {
          delete headers['content-security-policy'];
          delete headers['permissions-policy'];
        } else if (request.path.startsWith('/api/') && (isBoom || isJson(response as ResponseObject))) {
          // An API answer in JSON is never a page: nothing may load in it, nor frame it, were it opened as one.
          headers['content-security-policy'] = API_CSP;
          delete headers['permissions-policy'];
        }
        if (isBoom) {
          Object.assign((response as Boom).output.headers, headers);
        } else {
          const res = response as ResponseObject;
          for (const [name, value] of Object.entries(headers)) res.header(name, value);
        }
        return h.continue;
      },
      { after: ['errors'] },
    );
  },
};
