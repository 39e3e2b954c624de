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
}

/** Per database name: the index of each page record read (or written) by this page of the app. */
const indexes = new Map<string, Map<string, PageIndex>>();

function indexOf(tickets: GateTicket[]): PageIndex {
  return {
    byId: new Map(tickets.map((t) => [t.id, t])),
    byNumber: new Map(tickets.map((t) => [`${t.parkId}:${t.ticketNumber}`, t])),
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
