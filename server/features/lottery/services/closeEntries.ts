// When entries close: the seed is made and the server commits to it and to the entry list (SHA-256 of each,
// published at once); the seed and the list itself are published only after the draw.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { canonicalEntries, commitments, type DrawEntry } from '../../../../common/rules/lotteryDraw';
import { transaction } from '../../../db/timeouts';
import { NODE_DIGESTS } from '../../../lib/digests';
import { lockLottery } from '../store';

export async function closeEntries(knex: Knex, lotteryId: number, now: Date): Promise<boolean> {
  return transaction(knex, 'lottery', async (trx) => {
    const lottery = await lockLottery(trx, lotteryId);
    if (lottery?.state !== 'open' || lottery.entryClosesAt > now) return false;
    const rows = (await trx('lottery_entries')
      .where({ lottery_id: lotteryId, state: 'entered' })
      .select('id', 'party', 'choices')) as { id: number; party: number; choices: DrawEntry['choices'] }[];
    const entries: DrawEntry[] = rows.map((r) => ({ id: String(r.id), party: r.party, choices: r.choices }));
    const seed = randomBytes(32).toString('hex');
    const { seedHash, entriesHash } = commitments(NODE_DIGESTS, seed, entries);
    await trx('lotteries')
      .where({ id: lotteryId })
      .update({
        state: 'closed',
        seed,
        seed_hash: seedHash,
        entries_hash: entriesHash,
        entries_list: canonicalEntries(entries),
        closed_at: now,
      });
    return true;
  });
}
