// The job `expireShares`: open shares past their time close as expired and the tickets nobody received go back
// to the sharer. Shares are claimed with FOR UPDATE SKIP LOCKED, so several instances can run it and it never
// waits for a receive or cancel that holds the same share (it takes it on its next run, or that call closes it).
import type { Knex } from 'knex';
import { closeShare, type ShareRow } from '../shares';

export async function expireShares(
  knex: Knex,
  now = new Date(),
  batch = 100,
): Promise<{ shares: number; tickets: number }> {
  const total = { shares: 0, tickets: 0 };
  for (;;) {
    const r = await knex.transaction(async (trx) => {
      const shares = (await trx('ticket_shares')
        .where('state', 'open')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(batch)
        .forUpdate()
        .skipLocked()) as ShareRow[];
      let tickets = 0;
      for (const s of shares) tickets += (await closeShare(trx, s, 'expired', now, null)).length;
      return { shares: shares.length, tickets };
    });
    total.shares += r.shares;
    total.tickets += r.tickets;
    if (r.shares < batch) return total;
  }
}
