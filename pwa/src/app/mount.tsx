import type { i18n as I18n } from 'i18next';
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { type AppRouter, AppRoutes } from './router';
import { store } from './store';

/**
 * Renders the app into its root. The router's first navigation is already under way and may end at any moment
 * of React's first render: <AppRoutes> reads the router's state again once it has subscribed, so a navigation that
 * ended in between is shown (the first page shown is marked by app/Root.tsx when it mounts, lib/firstPage.ts).
 */
export function mountApp(root: Root, router: AppRouter, i18n: I18n): void {
  // A transition: React renders the first page in slices, yielding to the browser, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <AppRoutes router={router} />
          </I18nextProvider>
        </Provider>
      </StrictMode>,
    ),
  );
}
