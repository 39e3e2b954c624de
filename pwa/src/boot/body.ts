// The body's boot script, inlined into index.html after the first paint's markup (pwa/src/boot/build.ts).
// - The stored wallet's first read (tickets, usage marks waiting to be sent, meta) with the bare IndexedDB API: on a
//   wallet page it starts here, before any of the app's code has loaded, and the page renders from it
//   (db/walletSnapshot.ts). The stores are those of Dexie's schema (db/storeNames.ts).
// - A stored ticket's QR code (db/firstPaint.ts keeps the entries), drawn at once: at a gate with no signal the code
//   is on screen before the app has loaded; the app renders the full page in its place.
import type { FirstPaint } from '../db/firstPaint';
import { openStoredWallet } from '../db/openStoredWallet';
import { EARLY_WALLET_STORES, FIRST_PAINT_PREFIX } from '../db/storeNames';
import type { StoredWallet } from '../db/walletSnapshot';
import { isWalletPath, ticketIdOfPath } from '../lib/walletPaths';

const signedIn = document.cookie.includes('access_token_expires_at=');

window.zoopassWalletRead = () =>
  openStoredWallet().then(
    (db) =>
      new Promise<StoredWallet | null>((resolve) => {
        if (db === null || db === 'blocked') return resolve(null);
        const done = (wallet: StoredWallet | null) => {
          db.close();
          resolve(wallet);
        };
        if (!EARLY_WALLET_STORES.every((name) => db.objectStoreNames.contains(name))) return done(null);
        const tx = db.transaction(EARLY_WALLET_STORES, 'readonly');
        const [tickets, outbox, meta, memberCards] = EARLY_WALLET_STORES.map((name) => tx.objectStore(name).getAll());
        tx.oncomplete = () =>
          done({
            tickets: tickets?.result ?? [],
            outbox: outbox?.result ?? [],
            meta: meta?.result ?? [],
            memberCards: memberCards?.result ?? [],
          });
        tx.onerror = () => done(null);
      }),
  );
if (signedIn && isWalletPath(location.pathname)) window.zoopassWalletEarly = window.zoopassWalletRead();

// My Tickets' first cards: drawn from that read by a script of its own (boot/wallet.ts, asked for by the head's
// script), whichever of the two comes first.
if (signedIn && location.pathname === '/my-tickets')
  window.zoopassWalletEarly?.then((wallet) => {
    if (window.zoopassDrawMyTickets) window.zoopassDrawMyTickets(wallet);
    else if (!wallet) window.zoopassMyTicketsDrawn?.();
  });

const svg = (name: string, attributes: Record<string, string | number>) => {
  const el = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
};
const text = (content: string, style: string) => {
  const el = document.createElement('p');
  el.setAttribute('style', style);
  el.textContent = content;
  return el;
};

const drawQr = () => {
  const id = ticketIdOfPath(location.pathname);
  if (!id || !signedIn) return;
  let entry: FirstPaint | null = null;
  try {
    entry = JSON.parse(localStorage.getItem(FIRST_PAINT_PREFIX + id) || 'null');
  } catch {}
  const root = document.getElementById('root');
  if (!entry || !root) return;
  const bytes = atob(entry.bits);
  const size = entry.size;
  const n = size + 8;
  let d = '';
  for (let i = 0; i < size * size; i++) {
    if (bytes.charCodeAt(i >> 3) & (128 >> (i & 7))) d += `M${(i % size) + 4} ${Math.floor(i / size) + 4}h1v1h-1z`;
  }
  const qr = svg('svg', {
    class: 'qr',
    'data-testid': 'ticket-qr',
    role: 'img',
    'aria-label': entry.label,
    width: '280',
    height: '280',
    viewBox: `0 0 ${n} ${n}`,
    'shape-rendering': 'crispEdges',
  });
  qr.append(svg('rect', { width: n, height: n, fill: '#fff' }), svg('path', { d }));
  const box = document.createElement('div');
  box.setAttribute('style', 'display:flex;flex-direction:column;align-items:center;gap:12px;padding:72px 16px 16px');
  box.append(
    text(entry.title, 'margin:0;font-weight:700;font-size:1.2rem;text-align:center'),
    qr,
    text(entry.number, 'margin:0;font-family:monospace;font-weight:700'),
  );
  root.replaceChildren(box);
};

// The head's script waits for this before it asks for the app's code (window.zoopassQrDrawn): called even when the
// drawing fails.
try {
  drawQr();
} finally {
  window.zoopassQrDrawn?.();
}
