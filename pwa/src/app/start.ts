// The app's start, once its code has been evaluated stage by stage (main.tsx): the session, the router, React's
// root and the offline wallet's background work (main.tsx registers the service worker itself).
import { createRoot } from 'react-dom/client';
import { WALLET_DB_NAME } from '../db/storeNames';
import { api } from '../lib/api';
import { firstPageShown } from '../lib/firstPage';
import { initI18n } from '../lib/i18n';
import { tokenExpiry } from '../lib/session';
import { bindSession } from '../lib/sessionService';
import { yieldToBrowser } from '../lib/yieldToBrowser';
import { mountApp } from './mount';
import { createRouter } from './router';
import { store } from './store';

// The offline wallet: send usage marks made offline and refresh the stored tickets at start and on `online`. A
// visitor who is signed out and has never kept a wallet on this device has nothing to send or clear: the wallet's
// code (Dexie, QR codes) is not loaded for them.
async function walletKept(): Promise<boolean> {
  if (tokenExpiry() !== null) return true;
  if (!indexedDB.databases) return true;
  const databases = await indexedDB.databases().catch(() => null);
  return databases === null || databases.some((d) => d.name === WALLET_DB_NAME);
}

function startWalletWhenKept() {
  let walletStarted = false;
  const startWallet = () => {
    if (walletStarted) return;
    walletStarted = true;
    void import('../features/wallet/background').then((m) => m.startWalletBackground());
  };
  void firstPageShown.then(async () => {
    if (await walletKept()) {
      startWallet();
      return;
    }
    // Signing in later in this visit starts it too. Watched only from here: the session read at start (the expiry
    // cookie) is a store change too, and started the wallet's sync while the first page was still loading.
    const stopWatching = store.subscribe(() => {
      if (store.getState().session.expiresAt === null) return;
      stopWatching();
      startWallet();
    });
  });
}

export async function start(container: HTMLElement): Promise<void> {
  // The session must be bound before the router runs its first navigation (loaders call loadSession).
  let router: ReturnType<typeof createRouter> | null = null;
  bindSession({
    store,
    navigate: (to) => (router ? router.navigate(to) : window.location.assign(to)),
    resetApi: () => store.dispatch(api.util.resetApiState()),
  });
  startWalletWhenKept();

  const i18n = await initI18n();
  await yieldToBrowser();
  const appRouter = createRouter();
  router = appRouter;
  await yieldToBrowser();
  mountApp(createRoot(container), appRouter, i18n);
}
