// The moment the first page of a visit is on screen and the main thread is idle: the app's root route element
// (app/Root.tsx) says when it first mounts, which is when React commits the first page (until the router's first
// navigation is done the router draws the shell in its place); main.tsx adds a late mark. What the first page does
// not need waits for it: the service worker, the wallet's start, the header's cart count and the tab bar's unread
// count. Their requests and work used to land before the page's largest paint and delay it.
//
// A first navigation may end while React is still rendering its first frame in slices (seen under CPU load): the
// router's <AppRoutes> (app/router.tsx) reads the router's state again once it has subscribed, so the first page is
// shown whenever it ended (react-router's data router kept such a result only for a first subscriber,
// remix-run/react-router#15527, and the page stayed the empty shell for good).
import { startTransition, useEffect, useState } from 'react';

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

/** False until the first page is shown. What it turns on renders in a transition (in slices, not one long task). */
export function useFirstPageShown(): boolean {
  const [value, setValue] = useState(shown);
  useEffect(() => {
    if (value) return;
    const listener = () => startTransition(() => setValue(true));
    listeners.add(listener);
    if (shown) listener();
    return () => {
      listeners.delete(listener);
    };
  }, [value]);
  return value;
}

/** Runs `run` when the main thread is idle (at the latest after 2 s); the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

/**
 * How many of `total` parts of a page below its first screen to draw: none until the first page is shown, then one
 * more each time the main thread is idle, each drawn in a transition (React renders it in 5 ms slices and the
 * browser lays out one part at a time) instead of one long task for all of them. A page opened later in the visit
 * draws them all at once.
 */
export function useStagedParts(total: number): number {
  const first = useFirstPageShown();
  const [drawn, setDrawn] = useState(() => (shown ? total : 0));
  useEffect(() => {
    if (!first || drawn >= total) return;
    return whenIdle(() => startTransition(() => setDrawn((n) => n + 1)));
  }, [first, drawn, total]);
  return drawn;
}

/** For the root route's element: once it has mounted with the first page, the next frame paints it; then, when
 *  the main thread is idle, the first page counts as shown. */
export function useMarkFirstPageShown(): void {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => whenIdle(markFirstPageShown)));
  }, []);
}
