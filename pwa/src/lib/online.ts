import { useSyncExternalStore } from 'react';

const onlineStore = {
  subscribe(cb: () => void) {
    window.addEventListener('online', cb);
    window.addEventListener('offline', cb);
    return () => {
      window.removeEventListener('online', cb);
      window.removeEventListener('offline', cb);
    };
  },
  snapshot: () => navigator.onLine,
};

/** Whether the browser has a network, re-rendering when that changes. */
// Rendered outside a browser (tests rendering a page to markup): online.
export const useOnline = () => useSyncExternalStore(onlineStore.subscribe, onlineStore.snapshot, () => true);

/**
 * Whether a failed API read failed for want of a network (not a server error): fetch itself failed (RTK Query's
 * FETCH_ERROR, also what the service worker gives when it has no stored answer), or the browser says it is offline.
 */
export function isOfflineError(error: unknown, online: boolean = navigator.onLine): boolean {
  if (!online) return true;
  return !!error && typeof error === 'object' && (error as { status?: unknown }).status === 'FETCH_ERROR';
}
