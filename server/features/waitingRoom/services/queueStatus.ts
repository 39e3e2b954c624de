// The status poll (thousands of visitors every few seconds): the room from a one-second cache, the caller's place
// as this instance knows it while it is still waiting (the room's new places read in one go, else by its unique
// key), and arithmetic (frontier.ts). No write, no count over the queue, and no other read of the room: "admitted"
// is said from the frontier the cached row had when it was read. Served by the app, or alone on the status worker's
// thread (server/statusWorker.ts).
import type { Knex } from 'knex';
import type { QueueStatus } from '../../../../common/dto/waitingRoom';
import { estimateSeconds, frontier, isActive, pollAfterSeconds, type RoomRow } from '../frontier';
import { cachedRoom, keepPlace, knownPlace, type PlaceRow, readNewPlaces } from '../store';

export type { QueueStatus };

/** An item without a room is asked about again at most this often. */
const NO_ROOM_POLL_SECONDS = 300;

export async function queueStatus(
  knex: Knex,
  itemId: number,
  holderKey: string | null,
  now: Date,
  fresh = false,
): Promise<QueueStatus | null> {
  const cached = await cachedRoom(knex, itemId, now, fresh);
  if (!cached) return noRoom(knex, itemId);
  const { room, readAt } = cached;
  if (!holderKey) return statusOf(itemId, room, readAt, null, now);
  // Still waiting (in the pre-queue, or its position beyond what is let in): the place known here is the answer,
  // the room's new places read in one go when it is not known yet. Once let in, the place is read: its admission
  // may have been taken or used.
  let known = fresh ? null : knownPlace(knex, room.id, holderKey);
  if (!fresh && !stillWaiting(known, room, readAt)) {
    await readNewPlaces(knex, room);
    known = knownPlace(knex, room.id, holderKey);
  }
  if (known && stillWaiting(known, room, readAt)) return statusOf(itemId, room, readAt, known, now);
  const row = (await knex('waiting_room_places')
    .where({ room_id: room.id, holder_key: holderKey })
    .first('entry_id', 'position', 'token_used_at')) as PlaceRow | undefined;
  if (row) keepPlace(knex, room.id, holderKey, row);
  return statusOf(itemId, room, readAt, row ?? null, now);
}

/** A place whose answer needs no read: in the pre-queue (no position yet), or not let in by the room as read. */
function stillWaiting(known: PlaceRow | null, room: RoomRow, readAt: Date): known is PlaceRow {
  if (!known) return false;
  if (room.state === 'prequeue') return known.position === null;
  return known.position !== null && known.position > frontier(room, readAt);
}

/** The answer for a place (or none) in a room read at `readAt`: arithmetic only. */
export function statusOf(itemId: number, room: RoomRow, readAt: Date, row: PlaceRow | null, now: Date): QueueStatus {
  // The cached row's arithmetic runs ahead of the database after a pause or a lower rate: "your turn" must hold
  // when the admission reads the database, so it is said from the frontier at the read (the database's never goes
  // back), at most a second behind. The place and the estimate may run ahead.
  const position = row?.position ?? null;
  const front = frontier(room, now);
  const letIn = frontier(room, readAt);
  const place = row
    ? {
        entryId: row.entryId,
        position,
        ahead: position === null ? null : Math.max(0, position - front - 1),
        estimateSeconds: position === null ? null : estimateSeconds(room, position, now),
        admitted: position !== null && position <= letIn,
        used: row.tokenUsedAt !== null,
      }
    : null;
  return {
    itemId,
    active: isActive(room, now),
    state: room.state,
    opensAt: room.opensAt.toISOString(),
    seedHash: room.seedHash,
    paused: room.paused,
    place,
    pollAfterSeconds: pollAfterSeconds(room, place, now, Math.random()),
  };
}

/** Most items sell without a room: their pages ask too, and hear so (an unknown item is null: 404). */
async function noRoom(knex: Knex, itemId: number): Promise<QueueStatus | null> {
  const item = await knex('items').where({ id: itemId }).first('id');
  return item ? { itemId, active: false, state: 'none', place: null, pollAfterSeconds: NO_ROOM_POLL_SECONDS } : null;
}
