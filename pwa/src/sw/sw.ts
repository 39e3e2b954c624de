// Service worker: precached app shell, runtime caches for images and catalogue reads.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { SERVER_PATH_PATTERNS } from '../../../common/serverPaths';
import { replayOutbox, SYNC_TAG } from '../db/outbox';
import { walletDb } from '../db/wallet';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app URL opens the precached shell, also with no network. The server's own pages (payment providers'
// sandboxes, the mail viewer, the API...) go to the network: their list is the server's (common/serverPaths.ts).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...SERVER_PATH_PATTERNS] }));

// Generated illustrations and park maps: cache first, they never change for a URL.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && (url.pathname.startsWith('/media/') || request.destination === 'image'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

// Public catalogue reads: fresh when online, last answer when offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    /^\/api\/v1\/(parks|items|ticket-packs|living-things|park-living-things|park-users|stories|pages)/.test(
      url.pathname,
    ),
  new NetworkFirst({
    cacheName: 'catalogue',
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 7 })],
  }),
);

// The wallet's outbox of usage marks made offline (pwa/src/db/outbox.ts): Background Sync sends it once the
// network is back, even with the app closed; pages are told so they show the server's answer. A mark that could
// not be sent makes the sync fail, so the browser tries again later.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    (async () => {
      const result = await replayOutbox(walletDb(), { fetch: (input, init) => self.fetch(input, init) });
      if (result.sent > 0) {
        for (const client of await self.clients.matchAll({ type: 'window' })) {
          client.postMessage({ type: 'wallet-synced', ...result });
        }
      }
      if (result.retry > 0) throw new Error(`wallet outbox: ${result.retry} marks left to send`);
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
