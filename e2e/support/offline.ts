// Offline in the browser tests. Chromium 150 (Debian, checked 2026-11-27) does not keep a context's offline
// emulation for a page its service worker serves after a navigation: the page loads from the service worker, but
// navigator.onLine reads true again and no 'offline' event comes, so pages that say "you are offline" from
// navigator.onLine (the wallet's and the map's notes) do not. Sending the emulation again after the navigation
// restores it: the requests of the navigation itself were made offline all the same.
import type { BrowserContext, Page } from '@playwright/test';

/** Sends the context's offline emulation again (after a navigation made offline). */
export async function offlineAgain(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

/**
 * Goes offline and reloads the page from the service worker, offline as the visitor's phone would be. Waits first
 * until the service worker controls the page: on a loaded machine its install (the precache) can still be running
 * when a test gets here, and a reload then fails with ERR_INTERNET_DISCONNECTED (seen in CI, e2e/passes.spec.ts).
 */
export async function reloadOffline(page: Page): Promise<void> {
  const context = page.context();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  await context.setOffline(true);
  await page.reload();
  await offlineAgain(context);
}
