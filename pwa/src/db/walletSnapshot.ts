// The first read of the stored wallet, so the wallet pages' first render already shows the tickets and their QR
// codes, also offline. The read is the body's boot script (pwa/src/boot/body.ts, inlined into index.html:
// `zoopassWalletRead`, the bare IndexedDB API on the stores of db/storeNames.ts): when the app opens on a wallet page
// it starts before any of the app's code has loaded. Pages then read live through Dexie (db/wallet.ts).
import type { WalletTicket } from '../../../common/dto/wallet';
import type { MemberCardRow, OutboxEntry } from './wallet';

/** What the inline reader answers: every row of the early stores, or null when there is no wallet stored. */
export interface StoredWallet {
  tickets: WalletTicket[];
  outbox: OutboxEntry[];
  meta: { key: string; value: string }[];
  memberCards: MemberCardRow[];
}

declare global {
  interface Window {
    zoopassWalletRead?: () => Promise<StoredWallet | null>;
    /** The read started by the boot script when the app opened on a wallet page. */
    zoopassWalletEarly?: Promise<StoredWallet | null>;
  }
}

export interface WalletSnapshot {
  tickets?: WalletTicket[];
  outbox?: OutboxEntry[];
  meta?: Record<string, string>;
  memberCards?: MemberCardRow[];
}

export const snapshot: WalletSnapshot = {};

let started: Promise<void> | null = null;

/** Start (once) and wait for the first read; it never fails (the pages then read live as usual). */
export function primeWallet(): Promise<void> {
  started ??= (window.zoopassWalletEarly ?? window.zoopassWalletRead?.() ?? Promise.resolve(null)).then(
    (stored) => {
      if (!stored) return;
      snapshot.tickets = stored.tickets;
      snapshot.outbox = stored.outbox;
      snapshot.meta = Object.fromEntries(stored.meta.map((r) => [r.key, r.value]));
      snapshot.memberCards = stored.memberCards;
    },
    () => undefined,
  );
  return started;
}
