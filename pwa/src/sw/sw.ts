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

// The Japanese faces (fonts/japaneseFont.ts), asked for only by a device without a Japanese font: kept once asked
// for, so that device draws Japanese offline too. Their names change with their contents.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/fonts/'),
  new CacheFirst({ cacheName: 'fonts', plugins: [new ExpirationPlugin({ maxEntries: 4 })] }),
);

// Public catalogue reads: fresh when online, last answer when offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    /^\/api\/v1\/(parks|items|ticket-packs|living-things|park-living-things|park-users|stories|pages)/.test(
      url.pathname,
    ) &&
    // Gate devices keep keys and revocations in IndexedDB: an old stored answer must not pass for a fresh sync.
    !/\/ticket-(keys|revocations)$/.test(url.pathname),
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

// Web push: the server sends Declarative Web Push JSON (`web_push: 8030`), which browsers that know it show by
// themselves; here the same message is shown by the worker (title, body, tag, the app's icon and badge), with its
// target kept for the click. Open pages hear of it too (a 3-second toast, a new unread count).
interface DeclarativePush {
  web_push?: number;
  notification?: { title?: string; body?: string; navigate?: string; lang?: string; tag?: string };
}
self.addEventListener('push', (event) => {
  let message: DeclarativePush = {};
  try {
    message = (event.data?.json() ?? {}) as DeclarativePush;
  } catch {
    message = { notification: { title: 'ZooPass', body: event.data?.text() ?? '' } };
  }
  const n = message.notification ?? {};
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(n.title ?? 'ZooPass', {
        body: n.body ?? '',
        tag: n.tag,
        lang: n.lang,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { navigate: n.navigate ?? '/me/notification' },
      });
      for (const client of await self.clients.matchAll({ type: 'window' })) {
        client.postMessage({ type: 'push-received', title: n.title, body: n.body, navigate: n.navigate });
      }
    })(),
  );
});

// A tap focuses a window of ours already open (and takes it to the target), or opens the target.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { navigate?: string } | null)?.navigate ?? '/me/notification',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin) as WindowClient | undefined;
      if (ours) {
        await ours.focus();
        if (target.origin === self.location.origin) await ours.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

// The push service replaced the subscription (keys rotated, expired): subscribe again and tell the server.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null };
  change.waitUntil(
    (async () => {
      const key = (await (await self.fetch('/api/v1/push/public-key')).json()) as { data: { publicKey: string } };
      const subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(key.data.publicKey),
      });
      await self.fetch('/api/v1/me/push-subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...subscription.toJSON(),
          language: self.navigator.language.startsWith('en') ? 'en' : 'ja',
        }),
      });
    })(),
  );
});

function urlBase64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

clientsClaim();
