// The first read of the stored wallet, with the bare IndexedDB API (no Dexie: it starts before any wallet code has
// loaded). main.tsx starts it at once when the app opens on a wallet page, so the tickets and their QR codes are
// ready by the time the page renders, also offline. Pages then read live through Dexie (db/wallet.ts).
import type { WalletTicket } from '../../../common/dto/wallet';
import { type OutboxEntry, WALLET_DB_NAME } from './wallet';

export interface WalletSnapshot {
  tickets?: WalletTicket[];
  outbox?: OutboxEntry[];
  meta?: Record<string, string>;
}

export const snapshot: WalletSnapshot = {};

const STORES = ['tickets', 'outbox', 'meta'] as const;

function read(): Promise<void> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(WALLET_DB_NAME);
    } catch {
      resolve();
      return;
    }
    // No wallet stored yet: do not create an empty database here (Dexie makes it with its schema).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve();
    open.onblocked = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      if (!STORES.every((s) => db.objectStoreNames.contains(s))) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction([...STORES], 'readonly');
      const tickets = tx.objectStore('tickets').getAll();
      const outbox = tx.objectStore('outbox').getAll();
      const meta = tx.objectStore('meta').getAll();
      tx.oncomplete = () => {
        snapshot.tickets = tickets.result as WalletTicket[];
        snapshot.outbox = outbox.result as OutboxEntry[];
        snapshot.meta = Object.fromEntries(
          (meta.result as { key: string; value: string }[]).map((r) => [r.key, r.value]),
        );
        db.close();
        resolve();
      };
      tx.onerror = () => {
        db.close();
        resolve();
      };
    };
  });
}

let started: Promise<void> | null = null;

/** Start (once) and wait for the first read; it never fails (the pages then read live as usual). */
export function primeWallet(): Promise<void> {
  started ??= read();
  return started;
}
