// The draw (a sweep runs it at draw time): the committed entry list, ranked by HMAC-SHA256(seed, entry id), each
// entry its first choice that fits its whole party (common/rules/lotteryDraw.ts). Winners' places are held
// through the stock ledger until the purchase deadline; settleResults.ts then captures or voids each entry.
import type { Knex } from 'knex';
import { choiceKey, type DrawChoice, type DrawEntry, draw } from '../../../../common/rules/lotteryDraw';
import { transaction } from '../../../db/timeouts';
import { NODE_DIGESTS } from '../../../lib/digests';
import { ensureStockUnits, holdFree } from '../../stock';
import { lockLottery } from '../store';

export interface DrawSummary {
  entries: number;
  winners: number;
  losers: number;
}

export async function drawLottery(knex: Knex, lotteryId: number, now: Date): Promise<DrawSummary | null> {
  return transaction(knex, 'lottery', async (trx) => {
    const lottery = await lockLottery(trx, lotteryId);
    if (lottery?.state !== 'closed' || lottery.drawAt > now || !lottery.seed) return null;
    const entries = JSON.parse(lottery.entriesList ?? '[]') as DrawEntry[];

    // Places per choice: what the stock unit has free now.
    const keys = new Map<string, DrawChoice>();
    for (const e of entries) for (const c of e.choices) keys.set(choiceKey(c), c);
    const choices = [...keys.values()];
    const units = await ensureStockUnits(
      trx,
      choices.map((c) => ({ itemId: lottery.itemId, date: c.date, timeSlotId: c.slotId })),
    );
    const unitOf = new Map(choices.map((c, i) => [choiceKey(c), units[i] as { id: number; remaining: number }]));
    const places = Object.fromEntries(
      choices.map((c) => [choiceKey(c), Math.max(0, unitOf.get(choiceKey(c))?.remaining ?? 0)]),
    );

    const result = draw(NODE_DIGESTS, lottery.seed, entries, places);
    const position = new Map(result.ranking.map((id, i) => [id, i + 1]));
    const partyOf = new Map(entries.map((e) => [e.id, e.party]));
    const won = new Map<string, { choice: DrawChoice; holdIds: number[] }>();
    for (const w of result.winners) {
      const party = partyOf.get(w.id) ?? 0;
      const unit = unitOf.get(choiceKey(w.choice));
      if (!unit) continue;
      const holdIds = await holdFree(trx, [{ stockUnitId: unit.id, quantity: party }], lottery.purchaseDeadline, null);
      if (holdIds) won.set(w.id, { choice: w.choice, holdIds });
    }

    // Every entry's rank and result, in batches (a draw can have tens of thousands of entries).
    const ids = result.ranking;
    for (let i = 0; i < ids.length; i += 2000) {
      const batch = ids.slice(i, i + 2000);
      await trx.raw(
        `UPDATE lottery_entries e SET rank = v.rank, rank_position = v.pos, state = v.state,
           won_choice = NULLIF(v.choice, 'null')::jsonb, hold_ids = string_to_array(v.holds, ',')::bigint[], updated_at = ?
         FROM unnest(?::bigint[], ?::text[], ?::int[], ?::text[], ?::text[], ?::text[]) AS v(id, rank, pos, state, choice, holds)
         WHERE e.id = v.id AND e.state = 'entered'`,
        [
          now,
          batch.map(Number),
          batch.map((id) => NODE_DIGESTS.hmacSha256(lottery.seed as string, id)),
          batch.map((id) => position.get(id) ?? 0),
          batch.map((id) => (won.has(id) ? 'won' : 'lost')),
          batch.map((id) => (won.has(id) ? JSON.stringify(won.get(id)?.choice) : 'null')),
          batch.map((id) => (won.get(id)?.holdIds ?? []).join(',')),
        ],
      );
    }
    await trx('lotteries')
      .where({ id: lotteryId })
      .update({ state: 'drawn', drawn_at: now, places_at_draw: JSON.stringify(places) });
    return { entries: entries.length, winners: won.size, losers: entries.length - won.size };
  });
}
