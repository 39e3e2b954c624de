import { createRoot } from 'react-dom/client';
import { mountApp } from './app/mount';
import { createRouter } from './app/router';
import { store } from './app/store';
import { WALLET_DB_NAME } from './db/names';
import { api } from './lib/api';
import { startAppUpdates } from './lib/appUpdate';
import { firstPageShown, markFirstPageShown } from './lib/firstPage';
import { initI18n } from './lib/i18n';
import { tokenExpiry } from './lib/session';
import { bindSession } from './lib/sessionService';
import './styles.css';

// On a wallet page (often offline, at a gate) its code starts loading before anything else; the router's
// navigation imports the same chunk, so nothing is loaded twice.
if (/^\/(my-tickets|product\/trigger)(\/|$)/.test(window.location.pathname)) void import('./features/wallet/pages');

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');

// The session must be bound before the router runs its first navigation (loaders call loadSession).
let router: ReturnType<typeof createRouter> | null = null;
bindSession({
  store,
  navigate: (to) => (router ? void router.navigate(to) : window.location.assign(to)),
  resetApi: () => store.dispatch(api.util.resetApiState()),
});

// The first page counts as shown once app/Root.tsx has mounted with it (lib/firstPage.ts); at the latest 5 s after
// the document's load (a failed mount still gets its service worker).
const markLate = () => setTimeout(markFirstPageShown, 5000);
if (document.readyState === 'complete') markLate();
else window.addEventListener('load', markLate, { once: true });

async function mount() {
  const i18n = await initI18n();
  const appRouter = createRouter();
  router = appRouter;
  mountApp(createRoot(container as HTMLElement), appRouter, i18n);
}

mount().catch((error) => {
  // Mount failure: logged and kept as the payload error for support.
  console.error('app mount failed', error);
  sessionStorage.setItem('payload_error', String(error));
});
void firstPageShown.then(startAppUpdates);

// The offline wallet: send usage marks made offline and refresh the stored tickets at start and on `online`. A
// visitor who is signed out and has never kept a wallet on this device has nothing to send or clear: the wallet's
// code (Dexie, QR codes) is not loaded for them.
async function walletKept(): Promise<boolean> {
  if (tokenExpiry() !== null) return true;
  if (!indexedDB.databases) return true;
  const databases = await indexedDB.databases().catch(() => null);
  return databases === null || databases.some((d) => d.name === WALLET_DB_NAME);
}
let walletStarted = false;
const startWallet = () => {
  if (walletStarted) return;
  walletStarted = true;
  void import('./features/wallet/background').then((m) => m.startWalletBackground());
};
void firstPageShown.then(walletKept).then((kept) => {
  if (kept) startWallet();
});
// Signing in later in this visit starts it too.
const stopWatching = store.subscribe(() => {
  if (store.getState().session.expiresAt === null) return;
  stopWatching();
  startWallet();
});
