declare const __BUILD_ID__: string;

/** How often the build metadata is checked (spec section 9: 60 minutes). */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

type Listener = () => void;
let pendingUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

function setPending(apply: (() => void) | null) {
  pendingUpdate = apply;
  for (const l of listeners) l();
}

export const appUpdate = {
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** A function that applies the waiting update, or null when none is waiting. */
  snapshot: () => pendingUpdate,
  dismiss: () => setPending(null),
};

export async function fetchBuildId(): Promise<string | null> {
  try {
    const res = await fetch('/build.json', { cache: 'no-store' });
    if (!res.ok) return null;
    return ((await res.json()) as { buildId?: string }).buildId ?? null;
  } catch {
    return null; // offline: nothing to compare
  }
}

/** Waits before each new try of a failed install: short at first, then a few minutes (each try fetches the precache). */
const INSTALL_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];

/**
 * A first install fails when one precached file does not arrive (a flaky network, a busy server); the browser then
 * drops the registration and tries again only at the next full page load, which a single-page app may not have
 * before the visitor is at the gate with no signal. Registers again, with growing waits and when the network comes
 * back, until a worker is active.
 */
async function installAgainUntilActive(): Promise<void> {
  let attempt = 0;
  const tryAgain = async () => {
    const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
    if (registration?.active || registration?.waiting || registration?.installing) return;
    await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const schedule = () => {
    const delay = INSTALL_RETRY_DELAYS_MS[Math.min(attempt++, INSTALL_RETRY_DELAYS_MS.length - 1)];
    setTimeout(async () => {
      if ((await navigator.serviceWorker.getRegistration('/').catch(() => undefined))?.active) return;
      await tryAgain();
      schedule();
    }, delay);
  };
  window.addEventListener('online', () => void tryAgain());
  schedule();
}

/**
 * Registers the service worker and watches for new builds: the build id is compared at load and hourly;
 * when it differs, the service worker is asked to update and the user is offered a reload.
 */
export async function startAppUpdates(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // Its own chunk, loaded once the page is up: nothing of the first paint waits for the service worker.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    setPending(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register();
  void installAgainUntilActive();

  const check = async () => {
    const latest = await fetchBuildId();
    if (!latest || latest === __BUILD_ID__) return;
    await wb.update().catch(() => undefined);
    // No waiting worker (e.g. the worker itself did not change): a plain reload picks up the new build.
    if (!pendingUpdate) setPending(() => window.location.reload());
  };
  void check();
  setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
}
