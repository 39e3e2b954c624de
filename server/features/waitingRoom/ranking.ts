// The pre-queue's order, checkable like the lottery's draw (DESIGN "Lottery and waitlist", "Flash sales"): the same
// commitment and ranking (common/rules/lotteryDraw.ts), with each place as an entry of one person and no choices.
import { createHash } from 'node:crypto';
import { rankEntries } from '../../../common/rules/lotteryDraw';
import { NODE_DIGESTS } from '../../lib/digests';

/** What is ranked and published for a place: the guest id is a credential, so only its hash goes out. */
export const entryIdOf = (roomId: number, holderKey: string) =>
  createHash('sha256').update(`${roomId}:${holderKey}`).digest('hex');

export const seedHashOf = (seed: string) => NODE_DIGESTS.sha256(seed);

/** Entry ids best first: HMAC-SHA256(seed, entry id) ascending. */
export const rankPlaces = (seed: string, entryIds: readonly string[]) =>
  rankEntries(
    NODE_DIGESTS,
    seed,
    entryIds.map((id) => ({ id, party: 1, choices: [] })),
  );

/** What is published after the opening (GET /api/v1/items/{id}/waiting-room/ranking). */
export interface PublishedRanking {
  itemId: number;
  state: 'prequeue' | 'open';
  seedHash: string;
  /** Null until the opening. */
  seed: string | null;
  /** The pre-queue's entry ids in the order they were let in (position 1 first); null until the opening. */
  ranking: string[] | null;
}

export interface QueueVerdict {
  ok: boolean;
  seedMatchesCommitment: boolean;
  rankingMatches: boolean;
  entries: number;
  problems: string[];
}

/** Recomputes the published pre-queue order from the seed alone (npm run queue:verify). */
export function verifyRanking(p: PublishedRanking): QueueVerdict {
  if (p.state !== 'open' || !p.seed || !p.ranking) {
    return {
      ok: false,
      seedMatchesCommitment: false,
      rankingMatches: false,
      entries: 0,
      problems: ['the queue has not opened yet'],
    };
  }
  const problems: string[] = [];
  const seedOk = seedHashOf(p.seed) === p.seedHash;
  if (!seedOk) problems.push('SHA-256 of the seed is not the commitment published before the opening');
  const mine = rankPlaces(p.seed, p.ranking);
  const rankingOk = mine.length === p.ranking.length && mine.every((id, i) => id === p.ranking?.[i]);
  if (!rankingOk) problems.push('the published order is not the HMAC-SHA256 ranking under the seed');
  return {
    ok: seedOk && rankingOk,
    seedMatchesCommitment: seedOk,
    rankingMatches: rankingOk,
    entries: p.ranking.length,
    problems,
  };
}
