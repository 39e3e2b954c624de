// Background Sync of the outbox (usage marks and gate admissions, pwa/src/db/outbox.ts): the service worker sends
// it once the network is there, even with the app closed (Chromium only; elsewhere pages send it on start and on
// `online`).
import { SYNC_TAG } from '../db/outbox';

/** Ask the service worker to send the outbox when the network is there (Background Sync, Chromium only). */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const reg = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(() => resolve(null), 1500)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
    if (!reg?.sync) return false;
    await reg.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
