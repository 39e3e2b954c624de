// Reading the gate's stored state for the pages: parks, last sync, admissions waiting to upload, identity.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { isWaiting } from '../../db/outbox';
import { type GatePark, META, readMeta, walletDb } from '../../db/wallet';
import { useOnline } from '../../lib/online';
import { GATE_META, type GateSyncOutcome, syncGate } from './gateSync';
import type { GateMode } from './verdict';

export const useGateParks = () =>
  useLiveQuery(() => walletDb().gateParks.toArray(), [], undefined as GatePark[] | undefined);

/**
 * A setting of this device kept in the wallet's meta store, and its setter. What was set shows at once, before the
 * store has it back: a checkbox or a mode read back from IndexedDB lagged the tap (the box unticked itself for a
 * moment, and a scan right after switching to exit was judged as an entry).
 */
function useDeviceSetting(key: string): [string | null, (value: string) => void] {
  const stored = useLiveQuery(() => readMeta(walletDb(), key), [key], null);
  const [pending, setPending] = useState<{ key: string; value: string } | null>(null);
  useEffect(() => {
    if (pending && stored === pending.value) setPending(null);
  }, [pending, stored]);
  const value = pending?.key === key ? pending.value : (stored ?? null);
  return [
    value,
    (next) => {
      setPending({ key, value: next });
      void walletDb().meta.put({ key, value: next });
    },
  ];
}

/** The scanner's mode (entry or exit), the device's setting. */
export function useGateMode(): [GateMode, (mode: GateMode) => void] {
  const [stored, set] = useDeviceSetting(GATE_META.mode);
  return [stored === 'out' ? 'out' : 'in', set];
}

/** The items this gate admits at the park (empty: every item), the device's setting. */
export function useGateItems(parkId: number): [number[], (ids: number[]) => void] {
  const [stored, set] = useDeviceSetting(GATE_META.gateItems(parkId));
  return [parseGateItems(stored), (ids) => set(JSON.stringify(ids))];
}

export function parseGateItems(stored: string | null | undefined): number[] {
  try {
    const ids = JSON.parse(stored ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export const useLastSync = () => useLiveQuery(() => readMeta(walletDb(), GATE_META.syncedAt), [], null);

/**
 * Admissions of the account signed in not yet answered by the server (all parks, or one); undefined until read.
 * Another account's waiting admissions are its own (sent at its next sign-in), not this one's to see.
 */
export const useWaitingScans = (parkId?: number) =>
  useLiveQuery(async () => {
    const account = await readMeta(walletDb(), META.account);
    return (await walletDb().outbox.toArray()).filter(
      (e) =>
        e.scan &&
        isWaiting(e) &&
        (e.ownerId === undefined || e.ownerId === account) &&
        (parkId === undefined || e.scan.parkId === parkId),
    ).length;
  }, [parkId]);

/** Syncs when the page opens, whenever the network comes back, and every `everyMs` while mounted. */
export function useGateSync(everyMs = 0): { outcome: GateSyncOutcome | null; syncing: boolean; run: () => void } {
  const online = useOnline();
  const [outcome, setOutcome] = useState<GateSyncOutcome | null>(null);
  const [syncing, setSyncing] = useState(false);
  const run = () => {
    setSyncing(true);
    void syncGate().then((o) => {
      setOutcome(o);
      setSyncing(false);
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: sync again each time the network comes back
  useEffect(() => {
    if (online) run();
  }, [online]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer for the page's life
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => navigator.onLine && run(), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return { outcome, syncing, run };
}
