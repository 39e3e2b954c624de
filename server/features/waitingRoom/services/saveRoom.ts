// The back office's side of a waiting room (owners and editors): set it up before the sale (its seed is made and
// committed at once), change the rate, pause and resume; and what the queue looks like.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { frontier, type RoomRow } from '../frontier';
import { seedHashOf } from '../ranking';
import { cachedRoom, readRoom, roomOpenedIfDue } from '../store';

export interface RoomSettings {
  opensAt?: Date;
  closesAt?: Date | null;
  rate?: number;
  paused?: boolean;
  tokenMinutes?: number;
}

export interface RoomOverview {
  itemId: number;
  state: 'prequeue' | 'open';
  opensAt: string;
  closesAt: string | null;
  seedHash: string;
  /** Admissions per second now (adapted to the stock path). */
  rate: number;
  /** The staff's maximum; null: the rate is fixed. */
  maxRate: number | null;
  /** Opened by the high-demand trigger. */
  auto: boolean;
  paused: boolean;
  tokenMinutes: number;
  /** Places taken (pre-queue and after). */
  length: number;
  /** Places let in so far. */
  admitted: number;
  /** Admissions spent in the cart. */
  used: number;
}

export async function roomOverview(knex: Knex, itemId: number, now: Date): Promise<RoomOverview | null> {
  const room = await roomOpenedIfDue(knex, itemId, now);
  if (!room) return null;
  const counts = (await knex('waiting_room_places')
    .where('room_id', room.id)
    .first(knex.raw('count(*)::int as length'), knex.raw('count(token_used_at)::int as used'))) as {
    length: number;
    used: number;
  };
  return {
    itemId,
    state: room.state,
    opensAt: room.opensAt.toISOString(),
    closesAt: room.closesAt?.toISOString() ?? null,
    seedHash: room.seedHash,
    rate: room.rate,
    maxRate: room.maxRate,
    auto: room.auto,
    paused: room.paused,
    tokenMinutes: room.tokenMinutes,
    length: counts.length,
    admitted: frontier(room, now),
    used: counts.used,
  };
}

/** Creates the item's room (opens_at required) or changes it; a new rate or a pause starts from today's frontier. */
export async function saveRoom(
  knex: Knex,
  itemId: number,
  s: RoomSettings,
  now: Date,
  actorUserId: number | null = null,
): Promise<void> {
  await roomOpenedIfDue(knex, itemId, now);
  await knex.transaction(async (trx) => {
    const room = await readRoom(trx, itemId, true);
    if (!room) {
      if (!s.opensAt) throw new DomainError('required', { field: 'opens_at' });
      const seed = randomBytes(32).toString('hex');
      await trx('waiting_rooms').insert({
        item_id: itemId,
        opens_at: s.opensAt,
        closes_at: s.closesAt ?? null,
        seed,
        seed_hash: seedHashOf(seed),
        rate: s.rate ?? 2,
        max_rate: s.rate ?? 2,
        paused: s.paused ?? false,
        token_minutes: s.tokenMinutes ?? 10,
      });
      await audit(trx, { entity: 'waiting_room', entityId: itemId, action: 'created', actorUserId, data: s });
      return;
    }
    // The opening is committed to with the seed: it cannot move once the pre-queue is ranked.
    if (s.opensAt && room.state === 'open' && s.opensAt.getTime() !== room.opensAt.getTime()) {
      throw new DomainError('waitingRoomAlreadyOpen');
    }
    await trx('waiting_rooms')
      .where('id', room.id)
      .update({
        ...(s.opensAt ? { opens_at: s.opensAt } : {}),
        ...(s.closesAt !== undefined ? { closes_at: s.closesAt } : {}),
        ...(s.tokenMinutes !== undefined ? { token_minutes: s.tokenMinutes } : {}),
        ...rebase(room, s, now),
      });
    await audit(trx, { entity: 'waiting_room', entityId: itemId, action: 'changed', actorUserId, data: s });
  });
  // This instance's cache (the cart's check reads it) holds the room as saved; the others within a second.
  await cachedRoom(knex, itemId, now, true);
}

function rebase(room: RoomRow, s: RoomSettings, now: Date) {
  if (s.rate === undefined && s.paused === undefined) return {};
  const open = room.state === 'open';
  return {
    rate: s.rate ?? room.rate,
    // The staff's rate is the maximum the adaptive rate moves under.
    ...(s.rate !== undefined ? { max_rate: s.rate } : {}),
    paused: s.paused ?? room.paused,
    ...(open ? { admitted: frontier(room, now), admitted_at: now } : {}),
    // The adaptive rate's window starts again here: the pause let no one in and took no holds.
    ...(room.paused && s.paused === false ? { resumed_at: now } : {}),
  };
}
