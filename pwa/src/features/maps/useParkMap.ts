// A park's map data for map mode: the copy on the device first (it paints at once, also offline), then a fresh one
// from the server when online (stored for next time). A fresh copy equal to the one shown changes nothing, so the
// map is not drawn twice.
import { useEffect, useState } from 'react';
import { fetchParkMap, readParkMap, storedImageUrl } from '../../db/parkMaps';
import { mapTables } from '../../db/storedWallet';
import type { ParkMapRow } from '../../db/wallet';
import { useLocale } from '../../lib/useLocale';

export type ParkMapState =
  | { status: 'loading' }
  | { status: 'missing'; offline: boolean }
  | { status: 'ready'; row: ParkMapRow; imageSrc: string };

export function useParkMap(parkId: number): ParkMapState {
  const locale = useLocale();
  const [state, setState] = useState<ParkMapState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    let shown: { row: ParkMapRow; json: string; imageSrc: string; objectUrl: string | null } | null = null;
    const show = async (row: ParkMapRow) => {
      const json = JSON.stringify(row.map);
      if (shown?.json === json) return;
      // The picture: the stored Blob (one object URL per picture), else its URL (the service worker may have it)
      let { imageSrc, objectUrl } =
        shown?.row.map.image.url === row.map.image.url ? shown : { imageSrc: '', objectUrl: null as string | null };
      if (!imageSrc) {
        objectUrl = tables ? await storedImageUrl(tables, row.map.image.url).catch(() => null) : null;
        imageSrc = objectUrl ?? row.map.image.url;
      }
      if (!alive) {
        if (objectUrl) URL.revokeObjectURL(objectUrl);
        return;
      }
      if (shown?.objectUrl && shown.objectUrl !== objectUrl) URL.revokeObjectURL(shown.objectUrl);
      shown = { row, json, imageSrc, objectUrl };
      setState({ status: 'ready', row, imageSrc });
    };
    let tables: Awaited<ReturnType<typeof mapTables>> = null;
    (async () => {
      // The device's wallet database without Dexie (db/storedWallet.ts); none on a device that keeps no wallet.
      tables = await mapTables().catch(() => null);
      const stored = tables ? await readParkMap(tables, parkId).catch(() => undefined) : undefined;
      // A copy in another language waits for the fresh one, unless there will be none.
      if (stored && alive && (stored.locale === locale || !navigator.onLine)) await show(stored);
      if (!navigator.onLine) {
        if (!stored && alive) setState({ status: 'missing', offline: true });
        return;
      }
      const fresh = await fetchParkMap(tables, parkId).catch(() => null);
      if (!alive) return;
      if (fresh) await show(fresh);
      else if (stored) await show(stored);
      else setState({ status: 'missing', offline: !navigator.onLine });
    })();
    return () => {
      alive = false;
      if (shown?.objectUrl) URL.revokeObjectURL(shown.objectUrl);
    };
  }, [parkId, locale]);
  return state;
}
