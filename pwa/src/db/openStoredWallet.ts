// Opens the wallet database the device already has, with the bare IndexedDB API, never making one: the body's boot
// script (its first read, inlined into index.html) and map mode (db/storedWallet.ts) read it before or without
// Dexie. Only Dexie makes or upgrades it, with its schema (db/storeNames.ts). Plain module: no imports but names.
import { WALLET_DB_NAME } from './storeNames';

/** The stored database (at whatever version it is), 'blocked' while another tab upgrades it, or null: none stored. */
export function openStoredWallet(): Promise<IDBDatabase | 'blocked' | null> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(WALLET_DB_NAME);
    } catch {
      resolve(null);
      return;
    }
    // No wallet stored yet: an open without a version would make an empty one (and Dexie's stores would be missing).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve('blocked');
    open.onsuccess = () => resolve(open.result);
  });
}
