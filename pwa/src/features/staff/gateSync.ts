// Keeping a gate device ready for no signal: for every park the staff member scans for, the public keys (the next
// one too, announced before it signs), the revocations by their commit-ordered cursor (of the parks whose annual
// passes it admits too), the day's ticket list by change since the device's cursor (the whole day at its first
// sync), and the pass holders it admits with their photo thumbnails by change (db/gatePasses.ts), into IndexedDB. The outbox of admissions is sent first (the same outbox and sender as the wallet's usage marks),
// so the list that comes back already has them. Runs when the staff pages open, on `online` and every few minutes
// while the scanner is open.
import type { Envelope } from '../../../../common/dto/api';
import type { GatePassHoldersPage } from '../../../../common/dto/pass';
import type { DayTicket, DayTicketsPage, StaffPark } from '../../../../common/dto/staff';
import type { TicketKey, TicketRevocations } from '../../../../common/dto/wallet';
import { tokyoDate } from '../../../../common/time';
import { storeDayPage } from '../../db/gateDayList';
import { applyHolderPage, pruneExpiredHolders, thumbBudget } from '../../db/gatePasses';
import { isWaiting, replayOutbox } from '../../db/outbox';
import { DEVICE_META_KEYS, GATE_STORES, type GateTicket, readMeta, type WalletDb, walletDb } from '../../db/wallet';
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
  /** The day list's cursor of a park and day (GET api/v1/staff/parks/{id}/tickets?cursor=). */
  dayCursor: (parkId: number, date: string) => `gate.day.${parkId}.${date}`,
  dayCursorPrefix: (parkId: number) => `gate.day.${parkId}.`,
  /** The pass holder list's cursor of a park (GET api/v1/staff/parks/{id}/pass-holders?cursor=). */
  passCursor: (parkId: number) => `gate.passes.${parkId}`,
  /** The day expired holders were last pruned (once a day: a walk over every holder). */
  passPrunedOn: 'gate.passes.prunedOn',
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

/** The keys (the next one too) and the revocations since the device's cursor, stored together. */
async function syncKeys(db: WalletDb, parkId: number, doFetch: typeof fetch) {
  const keys = getJson<TicketKey[]>(doFetch, `/api/v1/parks/${parkId}/ticket-keys`);
  // Awaited below unless the revocations fail first (then this answer goes unread).
  keys.catch(() => undefined);
  let cursor = Number((await readMeta(db, GATE_META.revocationCursor(parkId))) ?? 0);
  const revoked: { jti: string; parkId: number; seq: number }[] = [];
  for (;;) {
    const page = await getJson<TicketRevocations>(
      doFetch,
      `/api/v1/parks/${parkId}/ticket-revocations?after=${cursor}&limit=5000`,
    );
    for (const r of page.revoked) revoked.push({ jti: r.jti, parkId, seq: r.seq });
    cursor = page.next;
    if (!page.more) break;
  }
  const keyList = await keys;
  await db.transaction('rw', [db.gateKeys, db.gateRevocations, db.meta], async () => {
    await db.gateKeys.where('parkId').equals(parkId).delete();
    await db.gateKeys.bulkPut(keyList);
    await db.gateRevocations.bulkPut(revoked);
    await db.meta.put({ key: GATE_META.revocationCursor(parkId), value: String(cursor) });
  });
}

/** Waits for every task, then fails with the first failure (no task is left running behind the sync's back). */
async function allDone(tasks: Promise<unknown>[]) {
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function syncPark(db: WalletDb, park: StaffPark, doFetch: typeof fetch, today: string) {
  // The keys and revocations (of the park and of the parks whose passes it admits: their member cards are signed with
  // their own park's key), the day list and the pass holders, side by side; the park counts as synced (verdicts) only
  // after all of them.
  const keyParks = [...new Set([park.id, ...(park.passPartnerParkIds ?? [])])];
  await allDone([
    ...keyParks.map((id) => syncKeys(db, id, doFetch)),
    syncDayList(db, park, doFetch, today),
    syncPassHolders(db, park.id, doFetch),
  ]);
  await db.gateParks.put({ ...park, syncedAt: new Date().toISOString() });
}

/**
 * The day list by change: from the cursor kept for this park and day (none: the whole day), a page at a time, each
 * page stored with the cursor after it, so an interrupted sync goes on from where it stopped; each next page is asked
 * for while the last one is stored.
 */
async function syncDayList(db: WalletDb, park: StaffPark, doFetch: typeof fetch, today: string) {
  let cursor = await readMeta(db, GATE_META.dayCursor(park.id, today));
  const ask = (cursor: string | null) => {
    const q = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    return getJson<DayTicketsPage>(
      doFetch,
      `/api/v1/staff/parks/${park.id}/tickets?date=${today}&limit=${DAY_PAGE}${q}`,
    );
  };
  let asking = ask(cursor);
  for (;;) {
    const page = await asking;
    if (page.more) {
      asking = ask(page.next);
      // Awaited next round unless storing this page fails (then this answer goes unread).
      asking.catch(() => undefined);
    }
    await applyDayPage(db, park.id, today, page, cursor);
    cursor = page.next;
    if (!page.more) return;
  }
}

/** Pages of the holder list asked at a time: the server's most (about 2 KB a holder with its thumb, in base64). */
const HOLDER_PAGE = 1000;

/**
 * The annual-pass holders the park admits, by change from the park's cursor (none: the whole list), each page
 * stored with its cursor in one transaction (db/gatePasses.ts); then, once a day, the expired ones go.
 */
async function syncPassHolders(db: WalletDb, parkId: number, doFetch: typeof fetch) {
  let cursor = await readMeta(db, GATE_META.passCursor(parkId));
  const budget = await thumbBudget();
  const ask = (after: string | null) =>
    getJson<GatePassHoldersPage>(
      doFetch,
      `/api/v1/staff/parks/${parkId}/pass-holders?limit=${HOLDER_PAGE}${after ? `&cursor=${encodeURIComponent(after)}` : ''}`,
    );
  // The next page is asked for while this one is stored (its cursor is in the page): the server and the device work
  // side by side. A page is stored only after the one before it, so a sync cut off goes on from the last stored.
  let page = await ask(cursor);
  for (;;) {
    const next = page.more ? ask(page.next) : null;
    // A failure to store leaves the page asked ahead unread: its rejection must not go unhandled.
    next?.catch(() => undefined);
    await applyHolderPage(db, parkId, page, cursor, GATE_META.passCursor(parkId), budget);
    cursor = page.next;
    if (!next) break;
    page = await next;
  }
  const today = tokyoDate();
  if ((await readMeta(db, GATE_META.passPrunedOn)) !== today) {
    await pruneExpiredHolders(db, today);
    await db.meta.put({ key: GATE_META.passPrunedOn, value: today });
  }
}

/** The server's most (DAY_PAGE_MAX): fewer round trips; a page is one record on the device whatever its size. */
const DAY_PAGE = 10_000;

/**
 * Applies a page of the day list, asked for with `asked` (null: the day's first sync), over what the device has:
 * each ticket as the server has it now, except one this device admitted and has not yet had answered (it stays used
 * until the server has the admission). The first page of a day's first sync starts the park's list afresh (earlier
 * days and a list without its cursor go). A page of the day's listing (an "f" cursor: the only place the device reads
 * into the cursor) is stored as one record (db/gateDayList.ts); a page of changes goes ticket by ticket into
 * gateTickets, over the listing. A listed ticket the device holds a row of in gateTickets gets that row updated too.
 */
export async function applyDayPage(
  db: WalletDb,
  parkId: number,
  today: string,
  page: DayTicketsPage,
  asked: string | null,
) {
  const listing = asked === null || asked.startsWith('f.');
  await db.transaction('rw', [db.gateTickets, db.gateDayPages, db.meta, db.outbox], async () => {
    const waiting = new Set(
      (await db.outbox.toArray()).filter((e) => e.scan?.parkId === parkId && isWaiting(e)).map((e) => e.ticketId),
    );
    if (asked === null) {
      const local = await db.gateTickets.where('parkId').equals(parkId).toArray();
      // A pass's admission waits under its term ticket's id (the placeholder row is `pv:<term>:<date>`).
      const mineNow = (t: GateTicket) => (waiting.has(t.id) || waiting.has(t.passTicketId ?? '')) && t.date === today;
      await db.gateTickets.bulkDelete(local.filter((t) => !mineNow(t)).map((t) => t.id));
      await db.gateDayPages.where('parkId').equals(parkId).delete();
      await db.meta.filter((m) => m.key.startsWith(GATE_META.dayCursorPrefix(parkId))).delete();
    }
    // The rows the device holds one by one among the page's tickets: during a listing only the park's few (its
    // admissions), so they are read by park; a page of changes reads back only those with an admission waiting.
    const ids = new Set(page.tickets.map((t) => t.id));
    const held = listing
      ? (await db.gateTickets.where('parkId').equals(parkId).toArray()).filter((t) => ids.has(t.id))
      : (await db.gateTickets.bulkGet(page.tickets.filter((t) => waiting.has(t.id)).map((t) => t.id))).flatMap((t) =>
          t ? [t] : [],
        );
    const mine = new Map(held.flatMap((t) => (waiting.has(t.id) && t.date === today ? [[t.id, t] as const] : [])));
    const rowOf = (t: DayTicket): GateTicket => {
      const kept = mine.get(t.id);
      if (!kept) return { ...t, parkId, date: today };
      if (t.state !== 'used') return kept;
      // Used on the server too: its record of the first entry, and where the holder is as this device last moved them.
      return { ...t, parkId, date: today, inside: kept.inside, entries: Math.max(kept.entries, t.entries) };
    };
    if (listing) {
      await storeDayPage(
        db,
        parkId,
        today,
        page.tickets.map((t) => ({ ...t, parkId, date: today })),
      );
      const heldIds = new Set(held.map((t) => t.id));
      await db.gateTickets.bulkPut(page.tickets.filter((t) => heldIds.has(t.id)).map(rowOf));
    } else {
      await db.gateTickets.bulkPut(page.tickets.map(rowOf));
    }
    await db.meta.put({ key: GATE_META.dayCursor(parkId, today), value: page.next });
  });
}

export async function forgetGateData(db: WalletDb) {
  const stores = GATE_STORES(db);
  await db.transaction('rw', [...stores, db.meta], async () => {
    await Promise.all(stores.map((t) => t.clear()));
    // Their cursors go with them: a cursor kept without its data would make the next sync skip it.
    await db.meta.filter((m) => m.key.startsWith('gate.') && !DEVICE_META_KEYS.includes(m.key)).delete();
  });
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
      // Every park side by side: none waits for another's day list.
      await allDone(parks.map((park) => syncPark(db, park, doFetch, today)));
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
