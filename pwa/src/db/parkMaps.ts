// Map mode's data kept on the device (DESIGN.md "the wallet keeps ... the maps of reserved parks"): each park's places,
// walkway graph, control points and the day's events, and its map picture as a Blob, so map mode opens and routes
// with no network. My Tickets' sync stores them for every park with a reservation; opening a map online refreshes it.
import type { Envelope } from '../../../common/dto/api';
import type { ParkMap } from '../../../common/dto/map';
import { apiPath, parkMapQuery, takeEarlyRead } from '../lib/earlyData';
import { currentLocale } from '../lib/i18n';
import type { MapTables } from './storedWallet';
import type { ParkMapRow, WalletDb } from './wallet';

/** Fetches a park's map data (and its picture when not stored yet) and keeps them where the device keeps a wallet
 *  (db null: it keeps none); null when it cannot be had. */
export async function fetchParkMap(
  db: MapTables | null,
  parkId: number,
  doFetch: typeof fetch = fetch.bind(globalThis),
): Promise<ParkMapRow | null> {
  const locale = currentLocale();
  const path = apiPath(parkMapQuery(parkId));
  // The head's boot script may have asked already (a first visit of this map page).
  const early = await takeEarlyRead(path);
  let map: ParkMap;
  if (early && early.status === 200) map = (JSON.parse(early.text) as Envelope<ParkMap>).data;
  else {
    let res: Response;
    try {
      res = await doFetch(path, { headers: { Accept: 'application/json', 'Accept-Language': locale } });
    } catch {
      return null;
    }
    if (!res.ok) return null;
    map = ((await res.json()) as Envelope<ParkMap>).data;
  }
  const row: ParkMapRow = { parkId, map, locale, fetchedAt: new Date().toISOString() };
  if (!db) return row;
  await db.parkMaps.put(row);
  if (!(await db.maps.get(map.image.url))) {
    try {
      const image = await doFetch(map.image.url);
      if (image.ok)
        await db.maps.put({ url: map.image.url, parkId, blob: await image.blob(), fetchedAt: row.fetchedAt });
    } catch {
      // The picture comes with the next sync; the data is what routes need.
    }
  }
  return row;
}

/** Keeps the map data of exactly these parks (the parks of the visitor's tickets), fetched afresh. */
export async function storeParkMaps(db: WalletDb, parkIds: readonly number[], doFetch: typeof fetch): Promise<void> {
  const keep = new Set(parkIds);
  const stale = (await db.parkMaps.toCollection().primaryKeys()).filter((id) => !keep.has(id));
  await db.parkMaps.bulkDelete(stale);
  for (const id of parkIds) if (!(await fetchParkMap(db, id, doFetch))) return;
}

export const readParkMap = (db: MapTables, parkId: number) => db.parkMaps.get(parkId);

/** The stored picture of a map as an object URL (revoke it when done), or null when not stored. */
export async function storedImageUrl(db: MapTables, url: string): Promise<string | null> {
  const row = await db.maps.get(url);
  return row ? URL.createObjectURL(row.blob) : null;
}
