// The waiting rooms' sweep (every instance offers it, one runs: jobs/queue.ts):
//  - the high-demand trigger: an item whose add-to-cart holds over the last minute pass the configured number gets
//    a room opening at once (its pre-queue is empty, so everyone after queues in arrival order);
//  - the adaptive rate: a room with people waiting lets in what the stock path took in the last minute (since the
//    opening and the last resume only: frontier.ts adaptRate), up to the staff's maximum;
//  - the turn's notice: a signed-in visitor whose place the queue has reached is told once, inbox and push.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { itemName, notify } from '../../notifications';
import { adaptRate, frontier, isActive, type RoomRow } from '../frontier';
import { seedHashOf } from '../ranking';
import { cachedRoom, readRoom, roomOpenedIfDue } from '../store';

/** The measuring window of the trigger and of the adaptive rate. */
export const WINDOW_MS = 60_000;
/** The adaptive rate waits this long after the opening or a resume: a few holds over a moment measure nothing. */
export const MIN_MEASURE_MS = 10_000;
/** The rate of a room the trigger opens (the adaptive rate takes it from there). */
export const AUTO_MAX_RATE = 5;

/** Successful holds (held or sold, not released) per item made in [since, now). */
async function holdsSince(knex: Knex, since: Date, now: Date, itemId?: number) {
  const q = knex('stock_holds as h')
    .join('stock_units as u', 'u.id', 'h.stock_unit_id')
    .where('h.created_at', '>=', since)
    .where('h.created_at', '<', now)
    .whereIn('h.state', ['held', 'sold'])
    .groupBy('u.item_id')
    .select('u.item_id', knex.raw('count(*)::int as holds'));
  if (itemId !== undefined) q.where('u.item_id', itemId);
  return (await q) as { itemId: number; holds: number }[];
}

/** Opens a room for every item whose holds over the last minute reach `perMinute` (0: off). Answers the items. */
export async function openHighDemandRooms(knex: Knex, perMinute: number, now: Date): Promise<number[]> {
  if (perMinute <= 0) return [];
  const busy = (await holdsSince(knex, new Date(now.getTime() - WINDOW_MS), now)).filter((r) => r.holds >= perMinute);
  const opened: number[] = [];
  for (const { itemId, holds } of busy) {
    const seed = randomBytes(32).toString('hex');
    const made = await knex.transaction(async (trx) => {
      const ids = (await trx('waiting_rooms')
        .insert({
          item_id: itemId,
          opens_at: now,
          seed,
          seed_hash: seedHashOf(seed),
          rate: AUTO_MAX_RATE,
          max_rate: AUTO_MAX_RATE,
          auto: true,
        })
        .onConflict('item_id')
        .ignore()
        .returning('id')) as { id: number }[];
      if (ids.length === 0) return false;
      await audit(trx, {
        entity: 'waiting_room',
        entityId: Number(ids[0]?.id),
        action: 'auto_opened',
        data: { itemId, holdsPerMinute: holds, threshold: perMinute },
      });
      return true;
    });
    if (!made) continue;
    opened.push(Number(itemId));
    // This instance's cache (the cart's check reads it) holds the room at once; the others within a second.
    await cachedRoom(knex, Number(itemId), now, true);
  }
  return opened;
}

/** One room's adaptive step: the new rate from the holds of the last minute (since the opening), from today's frontier. */
export async function adaptRoomRate(knex: Knex, room: RoomRow, now: Date): Promise<number | null> {
  if (room.maxRate === null || room.state !== 'open' || room.paused || !isActive(room, now)) return null;
  // Nobody waiting: nothing to measure against (an idle queue would only drag the rate down).
  if (frontier(room, now) >= room.nextPosition) return null;
  // Only time since the opening is measured: before it the cart refused the item to all (a minute's holds over 60 s
  // read low), and the rush that made the trigger open a room is no measure of what the room lets through. Nor is
  // a pause by staff (no one let in, no holds): the window starts again at the resume.
  const since = Math.max(now.getTime() - WINDOW_MS, room.opensAt.getTime(), room.resumedAt?.getTime() ?? 0);
  const spanMs = now.getTime() - since;
  if (spanMs < MIN_MEASURE_MS) return null;
  const [row] = await holdsSince(knex, new Date(since), now, room.itemId);
  const next = adaptRate(room.rate, room.maxRate, (row?.holds ?? 0) / (spanMs / 1000));
  if (next === room.rate) return next;
  await knex.transaction(async (trx) => {
    const locked = await readRoom(trx, room.itemId, true);
    if (!locked || locked.paused) return;
    await trx('waiting_rooms')
      .where('id', locked.id)
      .update({ rate: next, admitted: frontier(locked, now), admitted_at: now });
    await audit(trx, {
      entity: 'waiting_room',
      entityId: locked.id,
      action: 'rate_adapted',
      data: { from: locked.rate, to: next },
    });
  });
  return next;
}

/** Tells every signed-in visitor whose place the queue reached, once (notified_at). Answers how many were told. */
export async function notifyTurns(knex: Knex, room: RoomRow, now: Date): Promise<number> {
  const front = frontier(room, now);
  if (front <= 0) return 0;
  const due = (await knex('waiting_room_places')
    .where('room_id', room.id)
    .whereNull('notified_at')
    .whereNull('token_used_at')
    .where('position', '<=', front)
    .orderBy('position')
    .limit(1000)
    .select('id', 'holder_key')) as { id: number; holderKey: string }[];
  let told = 0;
  for (const place of due) {
    await knex.transaction(async (trx) => {
      const claimed = await trx('waiting_room_places')
        .where('id', place.id)
        .whereNull('notified_at')
        .update({ notified_at: now });
      if (claimed === 0 || !place.holderKey.startsWith('u:')) return;
      await notify(trx, {
        userId: Number(place.holderKey.slice(2)),
        kind: 'waitingRoomTurn',
        params: { item: await itemName(trx, room.itemId) },
        navigate: `/items/${room.itemId}/queue`,
        about: `waitingRoom:${room.id}`,
      });
      told++;
    });
  }
  return told;
}

export async function sweepWaitingRooms(knex: Knex, autoPerMinute: number, now: Date): Promise<void> {
  await openHighDemandRooms(knex, autoPerMinute, now);
  const items = (await knex('waiting_rooms').pluck('item_id')) as number[];
  for (const itemId of items) {
    let room = await roomOpenedIfDue(knex, Number(itemId), now);
    if (room?.state !== 'open' || !isActive(room, now)) continue;
    if ((await adaptRoomRate(knex, room, now)) !== null) room = (await readRoom(knex, Number(itemId))) ?? room;
    await notifyTurns(knex, room, now);
  }
}
