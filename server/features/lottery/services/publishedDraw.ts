// What a lottery publishes, for anyone: its times; once entries close, SHA-256 of the seed and of the canonical
// entry list; after the draw, the seed, the list, the places per choice and the server's result. `npm run
// lottery:verify` recomputes the result from exactly this.
import type { Knex } from 'knex';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';
import { notFound } from '../../../lib/errors';
import { findLottery } from '../store';

export interface PublishedDraw {
  id: number;
  itemId: number;
  useFrom: string;
  useTo: string;
  entryOpensAt: string;
  entryClosesAt: string;
  drawAt: string;
  announceAt: string;
  purchaseDeadline: string;
  state: 'open' | 'closed' | 'drawn';
  seedHash: string | null;
  entriesHash: string | null;
  seed: string | null;
  entries: unknown[] | null;
  places: Record<string, number> | null;
  winners: { id: string; choice: DrawChoice }[] | null;
}

export async function publishedDraw(knex: Knex, lotteryId: number): Promise<PublishedDraw> {
  const l = await findLottery(knex, lotteryId);
  if (!l) throw notFound();
  const drawn = l.state === 'drawn';
  const winners = drawn
    ? ((await knex('lottery_entries')
        .where({ lottery_id: lotteryId })
        .whereNotNull('won_choice')
        .orderBy('rank_position')
        .select('id', 'won_choice')) as { id: number; wonChoice: DrawChoice }[])
    : null;
  const row = drawn ? await knex('lotteries').where({ id: lotteryId }).first('places_at_draw') : null;
  return {
    id: l.id,
    itemId: l.itemId,
    useFrom: l.useFrom,
    useTo: l.useTo,
    entryOpensAt: l.entryOpensAt.toISOString(),
    entryClosesAt: l.entryClosesAt.toISOString(),
    drawAt: l.drawAt.toISOString(),
    announceAt: l.announceAt.toISOString(),
    purchaseDeadline: l.purchaseDeadline.toISOString(),
    state: l.state,
    seedHash: l.seedHash,
    entriesHash: l.entriesHash,
    seed: drawn ? l.seed : null,
    entries: drawn ? (JSON.parse(l.entriesList ?? '[]') as unknown[]) : null,
    places: drawn ? ((row?.placesAtDraw as Record<string, number>) ?? {}) : null,
    winners: winners?.map((w) => ({ id: String(w.id), choice: w.wonChoice })) ?? null,
  };
}
