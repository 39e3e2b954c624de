// A park's map data for map mode: the copy on the device first (it paints at once, also offline), then a fresh one
// from the server when online (stored for next time).
import { useEffect, useState } from 'react';
import { fetchParkMap, readParkMap, storedImageUrl } from '../../db/parkMaps';
import { type ParkMapRow, walletDb } from '../../db/wallet';
import { useLocale } from '../../lib/useLocale';

export type ParkMapState =
  | { status: 'loading' }
  | { status: 'missing'; offline: boolean }
  | { status: 'ready'; row: ParkMapRow; imageSrc: string; fresh: boolean };

export function useParkMap(parkId: number): ParkMapState {
  const locale = useLocale();
  const [state, setState] = useState<ParkMapState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    let objectUrl: string | null = null;
    const show = async (row: ParkMapRow, fresh: boolean) => {
      const stored = await storedImageUrl(walletDb(), row.map.image.url).catch(() => null);
      if (!alive) {
        if (stored) URL.revokeObjectURL(stored);
        return;
      }
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = stored;
      setState({ status: 'ready', row, imageSrc: stored ?? row.map.image.url, fresh });
    };
    (async () => {
      const db = walletDb();
      const stored = await readParkMap(db, parkId).catch(() => undefined);
      // A copy in another language waits for the fresh one, unless there will be none.
      if (stored && alive && (stored.locale === locale || !navigator.onLine)) await show(stored, false);
      if (!navigator.onLine) {
        if (!stored && alive) setState({ status: 'missing', offline: true });
        return;
      }
      const fresh = await fetchParkMap(db, parkId).catch(() => null);
      if (!alive) return;
      if (fresh) await show(fresh, true);
      else if (stored) await show(stored, false);
      else setState({ status: 'missing', offline: !navigator.onLine });
    })();
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [parkId, locale]);
  return state;
}
