// Reading a waiting room, and its opening. The status poll reads the room through a one-second cache per instance
// (thousands poll it); everything that decides (join, admission, the cart's check) reads the database.
import type { Knex } from 'knex';
import type { RoomRow } from './frontier';
import { rankPlaces } from './ranking';

/** The room's columns, by the names RoomRow gives them. */
export const ROOM_COLUMNS = {
  id: 'id',
  itemId: 'item_id',
  opensAt: 'opens_at',
  closesAt: 'closes_at',
  seed: 'seed',
  seedHash: 'seed_hash',
  state: 'state',
  paused: 'paused',
  rate: 'rate',
  admitted: 'admitted',
  admittedAt: 'admitted_at',
  nextPosition: 'next_position',
  earlyCount: 'early_count',
  tokenMinutes: 'token_minutes',
  maxRate: 'max_rate',
  auto: 'auto',
  resumedAt: 'resumed_at',
};

/** A room row as the driver answers it (the columns of ROOM_COLUMNS under their keys). */
export const roomOf = (r: Record<string, unknown>): RoomRow => ({
  ...(r as unknown as RoomRow),
  id: Number(r.id),
  itemId: Number(r.itemId),
  rate: Number(r.rate),
  maxRate: r.maxRate === null || r.maxRate === undefined ? null : Number(r.maxRate),
  opensAt: new Date(r.opensAt as string),
  closesAt: r.closesAt ? new Date(r.closesAt as string) : null,
  admittedAt: r.admittedAt ? new Date(r.admittedAt as string) : null,
  resumedAt: r.resumedAt ? new Date(r.resumedAt as string) : null,
});

/** A holder's place as the status answer reads it. */
export interface PlaceRow {
  entryId: string;
  position: number | null;
  tokenUsedAt: Date | null;
}

/**
 * The room's row; `lock` takes its row lock (FOR NO KEY UPDATE: what the counter's update needs, and no conflict
 * with the foreign-key checks of places being inserted). Whoever changes the room or ranks places under it takes
 * the lock FIRST, before inserting a place: a place's insert holds a key-share lock on the room, and two
 * transactions that each insert and then ask for the row lock wait on each other (a deadlock, seen in
 * bench/waitingRoom.ts).
 */
export async function readRoom(db: Knex | Knex.Transaction, itemId: number, lock = false): Promise<RoomRow | null> {
  const q = db('waiting_rooms').where('item_id', itemId).first(ROOM_COLUMNS);
  const r = await (lock ? q.forNoKeyUpdate() : q);
  return r ? roomOf(r) : null;
}

/** A room row as read, with the clock's time of the read: its frontier then is one the database had reached. */
export interface CachedRoom {
  room: RoomRow;
  readAt: Date;
}

interface Entry {
  /** Date.now() when the read came back. */
  at: number;
  /** The app clock (tests move it) when the read was asked for. */
  readAt: Date;
  room: RoomRow | null;
}

// Per database (a test process runs several servers, each on its own database, whose item ids overlap). Entries
// past their second are of no use: they are dropped at most once a second (a room closed or gone, which nobody asks
// about any more, leaves), and the oldest go first past the bound (anyone may poll any item id).
const caches = new WeakMap<Knex, { rooms: Map<number, Entry>; loading: Map<number, Promise<Entry>>; purged: number }>();
/** How old the status poll's room row may be (bench/waitingRoom.ts allows for it). */
export const ROOM_CACHE_MS = 1000;
/** The most rooms (and items without one) kept per database. */
export const ROOM_CACHE_LIMIT = 1000;

const stale = (e: Entry, now: Date) =>
  Date.now() - e.at >= ROOM_CACHE_MS || Math.abs(now.getTime() - e.readAt.getTime()) >= ROOM_CACHE_MS;

function cacheOf(knex: Knex) {
  const cache = caches.get(knex) ?? { rooms: new Map(), loading: new Map(), purged: Date.now() };
  caches.set(knex, cache);
  return cache;
}

/**
 * The room as the status poll sees it: read at most once a second per instance (concurrent polls share the read).
 * Its frontier, run forward from `readAt`, may be ahead of the database's (a pause or a lower rate since): only
 * `frontier(room, readAt)` is known to be let in. `fresh`: read now (the caller has just written under the room).
 */
export async function cachedRoom(knex: Knex, itemId: number, now: Date, fresh = false): Promise<CachedRoom | null> {
  const cache = cacheOf(knex);
  const hit = cache.rooms.get(itemId);
  const entry =
    hit && !fresh && !stale(hit, now) && !(hit.room && due(hit.room, now))
      ? hit
      : await load(knex, cache, itemId, now, fresh);
  return entry.room ? { room: entry.room, readAt: entry.readAt } : null;
}

/** Reads the room and keeps it; polls share a read under way, a `fresh` one (after a write) makes its own. */
function load(knex: Knex, cache: ReturnType<typeof cacheOf>, itemId: number, now: Date, fresh: boolean) {
  const pending = cache.loading.get(itemId);
  if (pending && !fresh) return pending;
  const read = roomOpenedIfDue(knex, itemId, now)
    .then((room) => {
      const entry = { at: Date.now(), readAt: now, room };
      keep(cache, itemId, entry, now);
      return entry;
    })
    .finally(() => {
      if (cache.loading.get(itemId) === read) cache.loading.delete(itemId);
    });
  cache.loading.set(itemId, read);
  return read;
}

function keep(cache: ReturnType<typeof cacheOf>, itemId: number, entry: Entry, now: Date) {
  const { rooms } = cache;
  rooms.delete(itemId); // re-inserted last: the Map's order is the order of the reads
  rooms.set(itemId, entry);
  if (Date.now() - cache.purged >= ROOM_CACHE_MS || rooms.size > ROOM_CACHE_LIMIT) {
    cache.purged = Date.now();
    for (const [id, e] of rooms) if (stale(e, now)) rooms.delete(id);
  }
  for (const id of rooms.keys()) {
    if (rooms.size <= ROOM_CACHE_LIMIT) break;
    rooms.delete(id);
  }
}

// The places of visitors still waiting, per database, by room and holder: a position never changes once given, so a
// waiting visitor's poll is answered from it with no read (at a sale's thousands of polls a second, that read was
// most of what a poll cost the database, and polls waited behind checkouts for a pool connection). Places of the
// pre-queue are kept without a position until the opening gives them one; the oldest go first past the bound.
const places = new WeakMap<Knex, Map<string, PlaceRow>>();
/** The most places kept per database (about 100 bytes each). */
export const PLACE_CACHE_LIMIT = 200_000;

/** A place this instance has read or made (position null: in the pre-queue when it was read). */
export function knownPlace(knex: Knex, roomId: number, holderKey: string): PlaceRow | null {
  return places.get(knex)?.get(`${roomId}:${holderKey}`) ?? null;
}

/** Keeps a place as read or made; a position once known is never replaced by none (a read from before the opening). */
export function keepPlace(knex: Knex, roomId: number, holderKey: string, row: PlaceRow): void {
  let map = places.get(knex);
  if (!map) {
    map = new Map();
    places.set(knex, map);
  }
  const key = `${roomId}:${holderKey}`;
  if (row.position === null && map.get(key)?.position) return;
  map.delete(key);
  map.set(key, { entryId: row.entryId, position: row.position, tokenUsedAt: null });
  for (const k of map.keys()) {
    if (map.size <= PLACE_CACHE_LIMIT) break;
    map.delete(k);
  }
}

interface PlacesRead {
  /** The room's state at the read: the opening ranks the pre-queue, whose places are then read again. */
  state: RoomRow['state'];
  /** The highest place id read: the next read takes those after it. */
  lastId: number;
  at: number;
  reading: Promise<void> | null;
}
const placesReads = new WeakMap<Knex, Map<number, PlacesRead>>();
/** How often a room's new places are read in one go, at most, per instance. */
export const PLACES_READ_MS = 1000;

/**
 * Reads the room's places this instance has not read yet, in one statement, at most once a second (polls share a
 * read under way). A sale's crowd polls at once at the opening, when an instance has gone (its visitors come to the
 * others) and as late arrivals join on other instances: one read of the new places instead of one per visitor. A
 * place committed out of id order after a read is missed by the next ones: its poll reads it alone.
 */
export function readNewPlaces(knex: Knex, room: RoomRow): Promise<void> {
  let rooms = placesReads.get(knex);
  if (!rooms) {
    rooms = new Map();
    placesReads.set(knex, rooms);
  }
  let read = rooms.get(room.id);
  if (read?.reading) return read.reading;
  if (read && read.state !== room.state) read = undefined;
  if (read && Date.now() - read.at < PLACES_READ_MS) return Promise.resolve();
  const r: PlacesRead = read ?? { state: room.state, lastId: 0, at: 0, reading: null };
  rooms.delete(room.id);
  rooms.set(room.id, r);
  for (const id of rooms.keys()) {
    if (rooms.size <= ROOM_CACHE_LIMIT) break;
    rooms.delete(id);
  }
  r.reading = (async () => {
    const rows = (await knex('waiting_room_places')
      .where('room_id', room.id)
      .andWhere('id', '>', r.lastId)
      .select('id', 'holder_key', 'entry_id', 'position')) as {
      id: number | string;
      holderKey: string;
      entryId: string;
      position: number | null;
    }[];
    for (const p of rows) {
      keepPlace(knex, room.id, p.holderKey, { entryId: p.entryId, position: p.position, tokenUsedAt: null });
      r.lastId = Math.max(r.lastId, Number(p.id));
    }
  })().finally(() => {
    r.at = Date.now();
    r.reading = null;
  });
  return r.reading;
}

/** How many rooms the status cache holds for this database (tests). */
export const cachedRoomCount = (knex: Knex) => caches.get(knex)?.rooms.size ?? 0;
export const isRoomCached = (knex: Knex, itemId: number) => caches.get(knex)?.rooms.has(itemId) ?? false;

export const due = (room: RoomRow, now: Date) => room.state === 'prequeue' && now >= room.opensAt;

/**
 * The room, opened first when its time has come: under the room's row lock, the pre-queue's places get positions
 * 1..n in the order of HMAC-SHA256(seed, entry id); those who join later get n+1, n+2… (joinQueue.ts). Whichever
 * instance gets there first does it; the others find it open.
 */
export async function roomOpenedIfDue(knex: Knex, itemId: number, now: Date): Promise<RoomRow | null> {
  const room = await readRoom(knex, itemId);
  if (!room || !due(room, now)) return room;
  return knex.transaction(async (trx) => {
    const locked = await readRoom(trx, itemId, true);
    if (!locked || !due(locked, now)) return locked;
    return openLocked(trx, locked);
  });
}

/**
 * Opens a room whose row lock `trx` holds: the pre-queue's places get positions 1..n in the order of
 * HMAC-SHA256(seed, entry id), in one statement (thousands of places: one round trip, a short lock).
 */
export async function openLocked(trx: Knex.Transaction, locked: RoomRow): Promise<RoomRow> {
  const early = (await trx('waiting_room_places')
    .where({ room_id: locked.id, early: true })
    .select('id', 'entry_id')) as {
    id: number;
    entryId: string;
  }[];
  const byEntry = new Map(early.map((p) => [p.entryId, Number(p.id)]));
  const ranking = rankPlaces(locked.seed, [...byEntry.keys()]);
  if (ranking.length > 0) {
    await trx.raw(
      `UPDATE waiting_room_places p SET position = r.position
         FROM jsonb_to_recordset(?::jsonb) AS r(id bigint, position int) WHERE p.id = r.id`,
      [JSON.stringify(ranking.map((entryId, i) => ({ id: byEntry.get(entryId), position: i + 1 })))],
    );
  }
  await trx('waiting_rooms').where('id', locked.id).update({
    state: 'open',
    admitted: 0,
    admitted_at: locked.opensAt,
    next_position: ranking.length,
    early_count: ranking.length,
  });
  return (await readRoom(trx, locked.itemId)) as RoomRow;
}
