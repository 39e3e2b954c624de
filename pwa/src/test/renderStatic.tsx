// Renders a component as HTML with what the app gives every page (store, router, strings in `locale`), for unit
// tests of pages and forms with fixtures (no network: RTK Query answers come from the store's cache or stay loading).
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { Profile } from '../../../common/dto/user';
import type { Locale } from '../../../common/enums';
import { type AppStore, makeStore } from '../app/store';
import { ensureFeatureStrings, i18n, initI18n, setLocale } from '../lib/i18n';
import { signedIn, userLoaded } from '../lib/session';

export async function renderStatic(
  node: ReactNode,
  opts: {
    locale?: Locale;
    user?: Partial<Profile> | null;
    path?: string;
    /** Fills the store first (RTK Query answers as fixtures: `api.util.upsertQueryData`). */
    prepare?: (store: AppStore) => Promise<unknown>;
  } = {},
): Promise<string> {
  if (!i18n.isInitialized) await initI18n('ja');
  await ensureFeatureStrings('all');
  await setLocale(opts.locale ?? 'ja');
  const store = makeStore();
  if (opts.user) {
    store.dispatch(userLoaded(opts.user as Profile));
    store.dispatch(signedIn(Math.floor(Date.now() / 1000) + 3600));
  }
  await opts.prepare?.(store);
  return renderToStaticMarkup(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[opts.path ?? '/']}>{node}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}
