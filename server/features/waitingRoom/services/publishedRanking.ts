// What anyone may read about a room's pre-queue: the seed's commitment from the start; after the opening the seed
// and the pre-queue's entry ids in the order they were let in (npm run queue:verify recomputes it).
import type { Knex } from 'knex';
import type { PublishedRanking } from '../ranking';
import { roomOpenedIfDue } from '../store';

export async function publishedRanking(knex: Knex, itemId: number, now: Date): Promise<PublishedRanking | null> {
  const room = await roomOpenedIfDue(knex, itemId, now);
  if (!room) return null;
  if (room.state !== 'open') return { itemId, state: room.state, seedHash: room.seedHash, seed: null, ranking: null };
  const rows = (await knex('waiting_room_places')
    .where({ room_id: room.id, early: true })
    .orderBy('position')
    .select('entry_id')) as { entryId: string }[];
  return { itemId, state: 'open', seedHash: room.seedHash, seed: room.seed, ranking: rows.map((r) => r.entryId) };
}
