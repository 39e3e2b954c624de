// Taking a place in an item's waiting room: one per account or guest id (a second tab or device finds the same
// place). Before the opening the place is in the pre-queue (ranked at the opening); after it, the next position.
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { frontier, isActive } from '../frontier';
import { entryIdOf } from '../ranking';
import { due, openLocked, readRoom, roomOpenedIfDue } from '../store';

export async function joinQueue(knex: Knex, itemId: number, holderKey: string, now: Date): Promise<void> {
  const room = await roomOpenedIfDue(knex, itemId, now);
  if (!room || !isActive(room, now)) throw new DomainError('waitingRoomNotActive');
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
}
