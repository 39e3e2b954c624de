// The wallet database read and written with the bare IndexedDB API, where the device has it at Dexie's current
// version: map mode opens its stored map and the parks of the visitor's tickets without loading Dexie (31 KB of
// JavaScript gzip on its first load). The stores are those of Dexie's schema (db/storeNames.ts), the rows the same
// (db/wallet.ts types them). A device without the database has nothing stored: signed out, map mode keeps nothing
// (the wallet keeps the maps of reserved parks); signed in, the wallet is kept (app/start.ts starts it), so Dexie
// makes the database with its schema, as it does for an older version, which it upgrades.

import type { WalletPark } from '../../../common/dto/wallet';
import { tokenExpiry } from '../lib/session';
import { openStoredWallet } from './openStoredWallet';
import { type WalletStore, walletIdbVersion } from './storeNames';
import type { MapImage, ParkMapRow } from './wallet';

/** The tables map mode uses, as Dexie's (WalletDb has them) or the bare API's (below) answer them. */
export interface MapTables {
  parkMaps: { get(parkId: number): Promise<ParkMapRow | undefined>; put(row: ParkMapRow): PromiseLike<unknown> };
  maps: { get(url: string): Promise<MapImage | undefined>; put(row: MapImage): PromiseLike<unknown> };
  parks: { toArray(): PromiseLike<WalletPark[]> };
}
export type { WalletPark as WalletParkRow };

/** The database when the device has it at the current version; 'older' when Dexie must upgrade it; else null. */
async function openCurrent(): Promise<IDBDatabase | 'older' | null> {
  const db = await openStoredWallet();
  if (db === null) return null;
  // Held by an upgrade in another tab: Dexie waits for it.
  if (db === 'blocked') return 'older';
  if (db.version === walletIdbVersion()) {
    // Dexie upgrading it in another tab (a new version of the app) closes this one.
    db.onversionchange = () => db.close();
    return db;
  }
  db.close();
  return db.version < walletIdbVersion() ? 'older' : null;
}

const answer = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const table = <Row, Key extends IDBValidKey>(db: IDBDatabase, name: WalletStore) => ({
  get: (key: Key) => answer(db.transaction(name).objectStore(name).get(key)) as Promise<Row | undefined>,
  put: (row: Row) => answer(db.transaction(name, 'readwrite').objectStore(name).put(row)),
  toArray: () => answer(db.transaction(name).objectStore(name).getAll()) as Promise<Row[]>,
});

/** Map mode's tables on this device, or null when it keeps no wallet (nothing stored, nothing to keep). */
export async function mapTables(): Promise<MapTables | null> {
  const db = await openCurrent();
  if (db === 'older' || (db === null && tokenExpiry() !== null)) return import('./wallet').then((m) => m.walletDb());
  if (db === null) return null;
  return {
    parkMaps: table<ParkMapRow, number>(db, 'parkMaps'),
    maps: table<MapImage, string>(db, 'maps'),
    parks: table<WalletPark, number>(db, 'parks'),
  };
}
