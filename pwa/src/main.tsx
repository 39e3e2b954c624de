import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { store } from './app/store';
import { api } from './lib/api';
import { startAppUpdates } from './lib/appUpdate';
import { initI18n } from './lib/i18n';
import { bindSession } from './lib/sessionService';
import './styles.css';

const i18n = initI18n();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');

// The session must be bound before the router runs its first navigation (loaders call loadSession).
let router: ReturnType<typeof createRouter> | null = null;
bindSession({
  store,
  navigate: (to) => (router ? void router.navigate(to) : window.location.assign(to)),
  resetApi: () => store.dispatch(api.util.resetApiState()),
});
const appRouter = createRouter();
router = appRouter;

try {
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={appRouter} />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
} catch (error) {
  // Mount failure: logged and kept as the payload error for support.
  console.error('app mount failed', error);
  sessionStorage.setItem('payload_error', String(error));
}
startAppUpdates();
// The offline wallet: send usage marks made offline and refresh the stored tickets at start and on `online`.
void import('./features/wallet/background').then((m) => m.startWalletBackground());
