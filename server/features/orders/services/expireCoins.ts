// Job: coins given (welcome, rewards, returns) expire after COIN_LIFETIME_DAYS. Spending takes the oldest coins
// first, so what expires of a gift is the balance minus the newer gifts that are still valid (at most the gift).
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { coinBalance, expireGift } from '../coins';

export async function expireCoins(knex: Knex, now = new Date(), batch = 100): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await knex.transaction(async (trx) => {
      const due = (await trx('coin_entries')
        .where({ kind: 'plus', expiry_processed: false })
        .where('expires_at', '<=', now)
        .orderBy('id')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .select('id', 'user_id', 'amount', 'expires_at')) as {
        id: number;
        userId: number;
        amount: number;
        expiresAt: Date;
      }[];
      for (const gift of due) {
        // One user at a time: the user row is the lock of their coins (as at checkout).
        await trx('users').where({ id: gift.userId }).forUpdate().first('id');
        const balance = await coinBalance(trx, gift.userId);
        const newer = (await trx('coin_entries')
          .where({ user_id: gift.userId, kind: 'plus', expiry_processed: false })
          .where('expires_at', '>', gift.expiresAt)
          .sum({ n: 'amount' })
          .first()) as { n: unknown } | undefined;
        const lapsing = Math.max(0, Math.min(gift.amount, balance - Number(newer?.n ?? 0)));
        await expireGift(trx, gift, lapsing);
        if (lapsing > 0) {
          await audit(trx, { entity: 'coins', entityId: gift.userId, action: 'expired', data: { lapsing } });
        }
        expired += lapsing;
      }
      return due.length < batch;
    });
    if (done) return expired;
  }
}
