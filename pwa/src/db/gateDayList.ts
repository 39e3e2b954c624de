// A gate's day list as the device keeps it: the pages of the day's listing (a first sync), each stored as one record
// in gateDayPages, under gateTickets, the tickets stored one by one (changes since the listing and this device's
// admissions), which win. Why pages: Chromium's IndexedDB took about 1 ms a row for 5,000 rows put one by one (a
// 50,000-ticket day in about 74 s, bench:scan) and about 50 ms for the same rows as one record.
// A page record is written once under a new key and never changed, so the in-memory index of a key read once stays
// right until the key goes (a new listing, a sign-out): each lookup checks the keys, one cheap read.
import type { GateDayPage, GateTicket, WalletDb } from './wallet';

interface PageIndex {
  byId: Map<string, GateTicket>;
  byNumber: Map<string, GateTicket>;
  /** A pass's visit ticket by `${term ticket id}:${date}`. */
  byVisit: Map<string, GateTicket>;
}

/** Per database name: the index of each page record read (or written) by this page of the app. */
const indexes = new Map<string, Map<string, PageIndex>>();

function indexOf(tickets: GateTicket[]): PageIndex {
  return {
    byId: new Map(tickets.map((t) => [t.id, t])),
    byNumber: new Map(tickets.map((t) => [`${t.parkId}:${t.ticketNumber}`, t])),
    byVisit: new Map(tickets.flatMap((t) => (t.passTicketId ? [[`${t.passTicketId}:${t.date}`, t] as const] : []))),
  };
}

function known(db: WalletDb): Map<string, PageIndex> {
  let byKey = indexes.get(db.name);
  if (!byKey) {
    byKey = new Map();
    indexes.set(db.name, byKey);
  }
  return byKey;
}

/** A new page record of a day's listing (inside the caller's transaction): its key, indexed at once. */
export async function storeDayPage(db: WalletDb, parkId: number, date: string, tickets: GateTicket[]) {
  const page: GateDayPage = { key: `${parkId}.${date}.${crypto.randomUUID()}`, parkId, date, tickets };
  await db.gateDayPages.add(page);
  known(db).set(page.key, indexOf(tickets));
}

async function pageIndexes(db: WalletDb): Promise<PageIndex[]> {
  const keys = await db.gateDayPages.toCollection().primaryKeys();
  const byKey = known(db);
  const live = new Set(keys);
  for (const key of byKey.keys()) if (!live.has(key)) byKey.delete(key);
  const missing = keys.filter((k) => !byKey.has(k));
  if (missing.length > 0) {
    for (const page of await db.gateDayPages.bulkGet(missing)) if (page) byKey.set(page.key, indexOf(page.tickets));
  }
  return keys.flatMap((k) => byKey.get(k) ?? []);
}

/** The device's row of a ticket of the day (any park it syncs), or undefined. */
export async function findGateTicket(db: WalletDb, id: string): Promise<GateTicket | undefined> {
  const changed = await db.gateTickets.get(id);
  if (changed) return changed;
  for (const page of await pageIndexes(db)) {
    const found = page.byId.get(id);
    if (found) return found;
  }
  return undefined;
}

/** The device's row of a park's ticket by its number (typed at the gate), or undefined. */
export async function findGateTicketByNumber(
  db: WalletDb,
  parkId: number,
  ticketNumber: string,
): Promise<GateTicket | undefined> {
  const changed = await db.gateTickets
    .where('ticketNumber')
    .equals(ticketNumber)
    .filter((t) => t.parkId === parkId)
    .first();
  if (changed) return changed;
  for (const page of await pageIndexes(db)) {
    const found = page.byNumber.get(`${parkId}:${ticketNumber}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * A pass's visit of a day (any park synced: the term ticket names the holder): the day list's visit ticket, or this
 * device's own admission placeholder (`pv:<term>:<date>`, ScanPage) until the server's comes. Of the two, the one
 * that has counted more entries: the device's own moves are newer than the list until the list counts them too.
 */
export async function findPassVisit(db: WalletDb, passTicketId: string, date: string): Promise<GateTicket | undefined> {
  const rows = await db.gateTickets.where('[passTicketId+date]').equals([passTicketId, date]).toArray();
  for (const page of await pageIndexes(db)) {
    const found = page.byVisit.get(`${passTicketId}:${date}`);
    if (found && !rows.some((r) => r.id === found.id)) rows.push(found);
  }
  const rank = (t: GateTicket) => (t.state === 'used' ? 1 : 0) * 1000 + (t.entries ?? 0) * 2 + (t.localScanId ? 1 : 0);
  return rows.sort((a, b) => rank(b) - rank(a))[0];
}

/** The id of this device's placeholder for a pass's visit (before the day list brings the real visit ticket). */
export const passVisitPlaceholderId = (passTicketId: string, date: string) => `pv:${passTicketId}:${date}`;
