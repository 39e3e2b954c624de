// Keeping a gate device ready for no signal: for every park the staff member scans for, the public keys (the next
// one too, announced before it signs), the revocations by their commit-ordered cursor, and the day's ticket list,
// into IndexedDB. The outbox of admissions is sent first (the same outbox and sender as the wallet's usage marks),
// so the list that comes back already has them. Runs when the staff pages open, on `online` and every few minutes
// while the scanner is open.
import type { Envelope } from '../../../../common/dto/api';
import type { DayTicketsPage, StaffPark } from '../../../../common/dto/staff';
import type { TicketKey, TicketRevocations } from '../../../../common/dto/wallet';
import { tokyoDate } from '../../../../common/time';
import { isWaiting, replayOutbox } from '../../db/outbox';
import { type GateTicket, readMeta, type WalletDb, walletDb } from '../../db/wallet';
import { currentLocale } from '../../lib/i18n';

export type GateSyncOutcome = 'ok' | 'offline' | 'signedOut' | 'notStaff' | 'failed';

export const GATE_META = {
  syncedAt: 'gate.syncedAt',
  deviceId: 'gate.deviceId',
  gateName: 'gate.name',
  /** Entry or exit (the device's, kept across sign-outs). */
  mode: 'gate.mode',
  /** The items this gate admits at a park (JSON array of item ids; none: all): the device's setting. */
  gateItems: (parkId: number) => `gate.items.${parkId}`,
  revocationCursor: (parkId: number) => `gate.revocations.${parkId}`,
} as const;

class SyncStop extends Error {
  constructor(readonly outcome: GateSyncOutcome) {
    super(outcome);
  }
}

async function getJson<T>(doFetch: typeof fetch, url: string): Promise<T> {
  let res: Response;
  try {
    res = await doFetch(url, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Accept-Language': currentLocale() },
    });
  } catch {
    throw new SyncStop('offline');
  }
  if (res.status === 401) throw new SyncStop('signedOut');
  if (res.status === 403) throw new SyncStop('notStaff');
  if (!res.ok) throw new SyncStop('failed');
  return ((await res.json()) as Envelope<T>).data;
}

/** This device's id and gate name (made once, kept with the wallet database). */
export async function gateIdentity(db: WalletDb = walletDb()): Promise<{ deviceId: string; gateName: string }> {
  let deviceId = await readMeta(db, GATE_META.deviceId);
  if (!deviceId) {
    deviceId = `gate-${crypto.randomUUID().slice(0, 8)}`;
    await db.meta.put({ key: GATE_META.deviceId, value: deviceId });
  }
  return { deviceId, gateName: (await readMeta(db, GATE_META.gateName)) ?? '' };
}

async function syncPark(db: WalletDb, park: StaffPark, doFetch: typeof fetch, today: string) {
  const keys = await getJson<TicketKey[]>(doFetch, `/api/v1/parks/${park.id}/ticket-keys`);
  let cursor = Number((await readMeta(db, GATE_META.revocationCursor(park.id))) ?? 0);
  const revoked: { jti: string; parkId: number; seq: number }[] = [];
  for (;;) {
    const page = await getJson<TicketRevocations>(
      doFetch,
      `/api/v1/parks/${park.id}/ticket-revocations?after=${cursor}&limit=5000`,
    );
    for (const r of page.revoked) revoked.push({ jti: r.jti, parkId: park.id, seq: r.seq });
    cursor = page.next;
    if (!page.more) break;
  }
  const day: DayTicketsPage['tickets'] = [];
  let after: string | null = null;
  for (;;) {
    const q: string = after ? `&after=${after}` : '';
    const page: DayTicketsPage = await getJson<DayTicketsPage>(
      doFetch,
      `/api/v1/staff/parks/${park.id}/tickets?date=${today}&limit=5000${q}`,
    );
    day.push(...page.tickets);
    if (!page.more) break;
    after = page.next;
  }
  await db.transaction(
    'rw',
    [db.gateKeys, db.gateRevocations, db.gateTickets, db.gateParks, db.meta, db.outbox],
    async () => {
      await db.gateKeys.where('parkId').equals(park.id).delete();
      await db.gateKeys.bulkPut(keys);
      await db.gateRevocations.bulkPut(revoked);
      await db.meta.put({ key: GATE_META.revocationCursor(park.id), value: String(cursor) });
      // Admissions made here and not yet answered keep the ticket used until the server has them.
      const waiting = new Set(
        (await db.outbox.toArray()).filter((e) => e.scan?.parkId === park.id && isWaiting(e)).map((e) => e.ticketId),
      );
      const local = await db.gateTickets.where('parkId').equals(park.id).toArray();
      const keep = new Map(local.filter((t) => waiting.has(t.id) && t.date === today).map((t) => [t.id, t]));
      await db.gateTickets.bulkDelete(local.map((t) => t.id));
      const rows: GateTicket[] = day.map((t) => {
        const mine = keep.get(t.id);
        if (!mine) return { ...t, parkId: park.id, date: today };
        if (t.state !== 'used') return mine;
        // Used on the server too: its record of the first entry, and where the holder is as this device last moved them.
        return { ...t, parkId: park.id, date: today, inside: mine.inside, entries: Math.max(mine.entries, t.entries) };
      });
      for (const [id, t] of keep) if (!day.some((d) => d.id === id)) rows.push(t);
      await db.gateTickets.bulkPut(rows);
      await db.gateParks.put({ ...park, syncedAt: new Date().toISOString() });
    },
  );
}

async function forgetGateData(db: WalletDb) {
  await db.transaction('rw', [db.gateParks, db.gateKeys, db.gateRevocations, db.gateTickets], () =>
    Promise.all([db.gateParks.clear(), db.gateKeys.clear(), db.gateRevocations.clear(), db.gateTickets.clear()]),
  );
}

let running: Promise<GateSyncOutcome> | null = null;

/** Send waiting admissions, then refresh every park's keys, revocations and day list. One run at a time. */
export function syncGate(db: WalletDb = walletDb(), doFetch: typeof fetch = fetch.bind(globalThis)) {
  running ??= (async (): Promise<GateSyncOutcome> => {
    try {
      if (!navigator.onLine) return 'offline';
      await db.meta.put({ key: 'locale', value: currentLocale() });
      await replayOutbox(db, { fetch: doFetch });
      const parks = await getJson<StaffPark[]>(doFetch, '/api/v1/staff/parks');
      const gone = (await db.gateParks.toCollection().primaryKeys()).filter((id) => !parks.some((p) => p.id === id));
      await db.gateParks.bulkDelete(gone);
      const today = tokyoDate();
      for (const park of parks) await syncPark(db, park, doFetch, today);
      await db.meta.put({ key: GATE_META.syncedAt, value: new Date().toISOString() });
      return 'ok';
    } catch (error) {
      // No longer staff of any park (removed, or another account): its gate data must not judge anything.
      if (error instanceof SyncStop && error.outcome === 'notStaff') await forgetGateData(db);
      if (error instanceof SyncStop) return error.outcome;
      console.warn('gate sync failed', error);
      return 'failed';
    } finally {
      running = null;
    }
  })();
  return running;
}
