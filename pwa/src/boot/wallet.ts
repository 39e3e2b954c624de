// My Tickets' first cards, drawn from the stored wallet's first read (started by the body's boot script; the head's
// asks for this script on /my-tickets only, first of all) while the app's code is still loading: features/wallet/firstScreen.ts, which
// AppShell draws too until the page is ready. Not once the app has drawn anything itself. Built to a file of its own
// by pwa/src/boot/build.ts; plain modules only.
import { markupHtml } from '../app/firstScreen';
import type { StoredWallet } from '../db/walletSnapshot';
import { type MyTicketsWords, myTicketsMarkup } from '../features/wallet/firstScreen';

// Given by the build (esbuild's define).
declare const __WALLET_WORDS__: Record<'ja' | 'en', MyTicketsWords>;

declare global {
  interface Window {
    /** Draws My Tickets' first screen from the stored wallet's first read (once; not once the app has drawn). */
    zoopassDrawMyTickets?: (wallet: StoredWallet | null) => void;
  }
}

let drawn = false;
const draw = (wallet: StoredWallet | null) => {
  const root = document.getElementById('root');
  if (drawn || !wallet || location.pathname !== '/my-tickets' || !root?.querySelector(':scope > [data-first-paint]'))
    return;
  drawn = true;
  const locale = document.cookie.match(/(?:^|;\s*)locale=(en|ja)(?:;|$)/)?.[1] === 'en' ? 'en' : 'ja';
  const markup = myTicketsMarkup(wallet, __WALLET_WORDS__[locale], locale, navigator.onLine);
  if (!markup) return;
  window.zoopassWalletFirstScreen = { path: location.pathname, markup };
  root.innerHTML = markupHtml(markup);
  root.firstElementChild?.setAttribute('data-first-paint', '');
};
window.zoopassDrawMyTickets = (wallet) => {
  try {
    draw(wallet);
  } finally {
    // The head's script then asks for the app's code (boot/head.ts).
    window.zoopassMyTicketsDrawn?.();
  }
};
// The read was started before this script came (the head asked for it, the body started the read): draw when it ends.
window.zoopassWalletEarly?.then(window.zoopassDrawMyTickets);
