// @vitest-environment jsdom
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { firstPageShown } from '../lib/firstPage';
import { initI18n } from '../lib/i18n';
import { mountApp } from './mount';
import { Root } from './Root';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The first navigation's loader: it ends when the shell renders.
let navigationDone: (value: null) => void = () => undefined;
const navigation = new Promise<null>((resolve) => {
  navigationDone = resolve;
});

/** The router's hydrate fallback: it ends the first navigation as it renders, then takes 20 ms. */
function SlowShell() {
  navigationDone(null);
  const until = performance.now() + 20;
  while (performance.now() < until) {
    // a slow render
  }
  return <p>shell</p>;
}

describe('mounting the app', () => {
  it('shows the first page when the first navigation ends while React is still rendering its first frame', async () => {
    // What happened under CPU load: React renders its first frame (the shell, the router's hydrate fallback) in a
    // transition, in slices; between two slices the first navigation ends; then React commits the shell and
    // <RouterProvider> subscribes to the router. Here the slow shell makes React yield before its commit, and the
    // navigation's promises settle in that pause. With one more router subscriber made before the commit (as
    // main.tsx had to mark the first page shown), the router did not keep its update for <RouterProvider>, and the
    // shell stayed for good.
    const router = createMemoryRouter([
      {
        element: <Root />,
        hydrateFallbackElement: <SlowShell />,
        children: [{ index: true, loader: () => navigation, element: <main>first page</main> }],
      },
    ]);
    const container = document.createElement('div');
    document.body.append(container);
    mountApp(createRoot(container), router, await initI18n('ja'));

    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await vi.waitFor(() => expect(container.querySelector('main')?.textContent).toBe('first page'), {
      timeout: 3000,
    });
    // And the first page counts as shown (what the service worker, the cart count and the rows below wait for).
    await expect(Promise.race([firstPageShown.then(() => 'shown'), sleep(3000).then(() => 'not')])).resolves.toBe(
      'shown',
    );
  });
});
