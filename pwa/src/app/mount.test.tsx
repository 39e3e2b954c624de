// @vitest-environment jsdom
import { createRoot } from 'react-dom/client';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { firstPageShown } from '../lib/firstPage';
import { initI18n } from '../lib/i18n';
import { mountApp } from './mount';
import { Root } from './Root';
import type { AppRouter, Shown } from './router';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A router like app/router.tsx createRouter whose first navigation ends when the test says. */
function testRouter(routes: RouteObject[]) {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const listeners = new Set<() => void>();
  let shown: Shown | null = null;
  const router: AppRouter = {
    routes,
    history: history as unknown as AppRouter['history'],
    shown: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: (to) => history.push(to),
  };
  const end = () => {
    shown = { location: history.location, action: history.action };
    for (const listener of listeners) listener();
  };
  return { router, end };
}

describe('mounting the app', () => {
  it('shows the first page when the first navigation ends while React is still rendering its first frame', async () => {
    // What happened under CPU load: React renders its first frame (the app shell) in a transition, in slices;
    // between two slices the first navigation ends, before the router's component has subscribed. Here the
    // navigation ends in the middle of that first render.
    const { router, end } = testRouter([
      { element: <Root />, children: [{ index: true, element: <main>first page</main> }] },
    ]);
    const subscribe = router.subscribe;
    let ended = false;
    router.subscribe = (listener) => {
      if (!ended) {
        ended = true;
        end();
      }
      return subscribe(listener);
    };
    const container = document.createElement('div');
    document.body.append(container);
    mountApp(createRoot(container), router, await initI18n('ja'));

    await vi.waitFor(() => expect(container.querySelector('main')?.textContent).toBe('first page'), {
      timeout: 3000,
    });
    // And the first page counts as shown (what the service worker, the cart count and the rows below wait for).
    await expect(Promise.race([firstPageShown.then(() => 'shown'), sleep(3000).then(() => 'not')])).resolves.toBe(
      'shown',
    );
  });

  it('keeps the page on screen until the next navigation has ended', async () => {
    const { router, end } = testRouter([
      {
        element: <Root />,
        children: [
          { index: true, element: <main>first page</main> },
          { path: 'next', element: <main>next page</main> },
        ],
      },
    ]);
    end();
    const container = document.createElement('div');
    document.body.append(container);
    mountApp(createRoot(container), router, await initI18n('ja'));
    await vi.waitFor(() => expect(container.querySelector('main')?.textContent).toBe('first page'));
    router.navigate('/next');
    await sleep(50);
    expect(container.querySelector('main')?.textContent).toBe('first page');
    end();
    await vi.waitFor(() => expect(container.querySelector('main')?.textContent).toBe('next page'));
  });
});
