// Taking a place in an item's waiting room: one per account or guest id (a second tab or device finds the same
// place). Before the opening the place is in the pre-queue (ranked at the opening); after it, the next position.
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { frontier, isActive, type RoomRow } from '../frontier';
import { entryIdOf } from '../ranking';
import {
  cachedRoom,
  due,
  keepPlace,
  openLocked,
  type PlaceRow,
  ROOM_COLUMNS,
  readRoom,
  roomOf,
  roomOpenedIfDue,
} from '../store';

// A sale's crowd joins at hundreds a second, and after the opening every join takes the room's row lock (arrival
// order). In a transaction of several round trips that lock is held across all of them, and joins queue up behind
// it, holding pool connections everyone else waits for. So the usual joins are ONE statement each (the lock held for
// its execution and commit only); anything else (the opening due, a room changed since the cached read, the same
// holder again) goes the careful way below.

/** The room's columns as readRoom answers them (store.ts rowOf), from the updated row `b`. */
const ROOM_SELECT = Object.entries(ROOM_COLUMNS)
  .map(([key, column]) => `b.${column} AS "${key}"`)
  .join(', ');

/** The frontier (frontier.ts) of the locked row `w` at `now` has reached its last place: the queue had emptied. */
const EMPTIED = `NOT w.paused AND w.admitted_at IS NOT NULL AND LEAST(w.next_position, w.admitted + floor(
  GREATEST(0, date_part('epoch', $1::timestamptz - w.admitted_at)) * w.rate)::int) >= w.next_position`;

/**
 * After the opening: the next position, in one statement. The SET reads the row as locked, so the emptied queue's
 * rebase (as in the careful path) is decided on the row the join takes its position from. $1 now, $2 room id,
 * $3 holder key, $4 entry id.
 */
const JOIN_OPEN = `
WITH bumped AS (
  UPDATE waiting_rooms w SET next_position = w.next_position + 1,
    admitted = CASE WHEN ${EMPTIED} THEN w.next_position ELSE w.admitted END,
    admitted_at = CASE WHEN ${EMPTIED} THEN $1::timestamptz ELSE w.admitted_at END
  WHERE w.id = $2 AND w.state = 'open' AND (w.closes_at IS NULL OR $1::timestamptz < w.closes_at)
    AND NOT EXISTS (SELECT 1 FROM waiting_room_places WHERE room_id = $2 AND holder_key = $3)
  RETURNING w.*
), placed AS (
  INSERT INTO waiting_room_places (room_id, holder_key, entry_id, early, joined_at, position)
  SELECT $2, $3, $4, false, $1::timestamptz, next_position FROM bumped
  RETURNING position
)
SELECT ${ROOM_SELECT}, p.position AS "placePosition" FROM bumped b, placed p`;

/** Before the opening: a place in the pre-queue, the room's row shared with other joins (the opening waits). */
const JOIN_PREQUEUE = `
INSERT INTO waiting_room_places (room_id, holder_key, entry_id, early, joined_at)
SELECT id, $3, $4, true, $1::timestamptz FROM waiting_rooms
WHERE id = $2 AND state = 'prequeue' AND $1::timestamptz < opens_at
  AND (closes_at IS NULL OR $1::timestamptz < closes_at)
FOR SHARE
ON CONFLICT (room_id, holder_key) DO NOTHING
RETURNING id`;

/** $n placeholders as knex's positional bindings (each used once, in order). */
function positional(sql: string, values: Knex.RawBinding[]): [string, Knex.RawBinding[]] {
  const order: Knex.RawBinding[] = [];
  const text = sql.replace(/\$(\d)/g, (_, n: string) => {
    order.push(values[Number(n) - 1] as Knex.RawBinding);
    return '?';
  });
  return [text, order];
}

/** A place just taken, with the room as that join left it: the join's answer needs no other read. */
export interface Joined {
  room: RoomRow;
  /** When the room was read (its frontier then is one the database had reached). */
  readAt: Date;
  place: PlaceRow;
}

/**
 * The one-statement join when the cached room says it applies: the place and the room as the statement left them;
 * 'there' when the holder already had a place (its status is read); null: take the careful way.
 */
async function joinedAtOnce(
  knex: Knex,
  itemId: number,
  holderKey: string,
  now: Date,
): Promise<Joined | 'there' | null> {
  const cached = await cachedRoom(knex, itemId, now);
  const room = cached?.room;
  if (!cached || !room || !isActive(room, now) || due(room, now)) return null;
  const entryId = entryIdOf(room.id, holderKey);
  const values: Knex.RawBinding[] = [now, room.id, holderKey, entryId];
  try {
    const { rows } = (await knex.raw(...positional(room.state === 'open' ? JOIN_OPEN : JOIN_PREQUEUE, values))) as {
      rows: Record<string, unknown>[];
    };
    const [row] = rows;
    if (!row) return null;
    if (room.state !== 'open') {
      return { room, readAt: cached.readAt, place: { entryId, position: null, tokenUsedAt: null } };
    }
    const place = { entryId, position: Number(row.placePosition), tokenUsedAt: null };
    keepPlace(knex, room.id, holderKey, place);
    return { room: roomOf(row), readAt: now, place };
  } catch (err) {
    // The same holder's two tabs at once: the second's insert meets the first's place, and its statement (the
    // position it took included) is undone. The place is there.
    if ((err as { code?: string }).code === '23505') return 'there';
    throw err;
  }
}

/**
 * Takes the holder's place in the item's room (the same place again for the same holder); 404 without a room.
 * Answers the place and the room as the join left them, or null when the place's status is to be read.
 */
export async function joinQueue(knex: Knex, itemId: number, holderKey: string, now: Date): Promise<Joined | null> {
  const joined = await joinedAtOnce(knex, itemId, holderKey, now);
  if (joined === 'there') return null;
  if (joined) return joined;
  const room = await roomOpenedIfDue(knex, itemId, now);
  if (!room) throw notFound();
  if (!isActive(room, now)) throw new DomainError('waitingRoomNotActive');
  await knex.transaction(async (trx) => {
    // The room's row lock first (store.ts readRoom: inserting a place first, then locking, deadlocks two joins).
    // Under it the pre-queue or not is decided against the opening: an opening that has read the pre-queue's
    // places cannot miss one inserted meanwhile (it would stay early, unranked, never let in).
    let locked = await readRoom(trx, itemId, true);
    if (!locked || !isActive(locked, now)) throw new DomainError('waitingRoomNotActive');
    if (due(locked, now)) locked = await openLocked(trx, locked);
    const inserted = await trx('waiting_room_places')
      .insert({
        room_id: locked.id,
        holder_key: holderKey,
        entry_id: entryIdOf(locked.id, holderKey),
        early: locked.state === 'prequeue',
        joined_at: now,
      })
      .onConflict(['room_id', 'holder_key'])
      .ignore()
      .returning('id');
    if (inserted.length === 0 || locked.state === 'prequeue') return;
    // Arrival order: the row lock orders joins across instances. A queue that had emptied (the frontier caught up
    // with the last place) starts letting in from now: the idle time is no credit that would let a burst of
    // newcomers in at once, more than the stock path was measured to take.
    if (!locked.paused && frontier(locked, now) >= locked.nextPosition) {
      await trx('waiting_rooms').where('id', locked.id).update({ admitted: locked.nextPosition, admitted_at: now });
    }
    const [next] = await trx('waiting_rooms')
      .where('id', locked.id)
      .increment('next_position', 1)
      .returning('next_position');
    await trx('waiting_room_places').where('id', inserted[0].id).update({ position: next.nextPosition });
  });
  return null;
}
