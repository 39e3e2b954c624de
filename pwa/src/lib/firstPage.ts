// The moment the first page of a visit is on screen and the main thread is idle (main.tsx says when). What the
// first page does not need waits for it: the service worker, the wallet's start, the header's cart count and the
// tab bar's unread count. Their requests and work used to land before the page's largest paint and delay it.
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();
let resolveShown: () => void = () => undefined;

/** Resolves once the first page is shown. */
export const firstPageShown = new Promise<void>((resolve) => {
  resolveShown = resolve;
});

export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  resolveShown();
  for (const listener of listeners) listener();
}

/** False until the first page is shown. */
export function useFirstPageShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}
