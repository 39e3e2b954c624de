// The job behind cancellation refunds: a refund left `refunding` (the process stopped between the cancellation and
// the provider's answer) is sent again after a few minutes, and one the provider refused is tried again every hour
// for three days. refundPayment is idempotent by the cancellation id, so a refund the provider already made is not
// made twice; a claimed row is skipped by other instances (SKIP LOCKED) while it is being retried.
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { type CancellationRow, refundCancellation } from './cancelTickets';

export const STUCK_AFTER_MS = 5 * 60_000;
export const RETRY_EVERY_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;

export async function retryRefunds(
  knex: Knex,
  config: Config,
  now: Date = new Date(),
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  const tried: string[] = []; // once per run, whatever clock the run is given
  for (;;) {
    // Claim one row: mark it as just tried (updated_at) so the next pass and other instances leave it alone.
    const claimed = (await knex.transaction(async (trx) => {
      const row = (await trx('cancellations')
        .where((q) =>
          q
            .where('state', 'refunding')
            .where('updated_at', '<', new Date(now.getTime() - STUCK_AFTER_MS))
            .orWhere((f) =>
              f
                .where('state', 'refund_failed')
                .where('updated_at', '<', new Date(now.getTime() - RETRY_EVERY_MS))
                .where('created_at', '>', new Date(now.getTime() - GIVE_UP_AFTER_MS)),
            ),
        )
        .whereNotIn('id', tried)
        .orderBy('updated_at')
        .forUpdate()
        .skipLocked()
        .first()) as CancellationRow | undefined;
      if (!row) return null;
      await trx('cancellations').where({ id: row.id }).update({ state: 'refunding', updated_at: now });
      return row;
    })) as CancellationRow | null;
    if (!claimed) return { done, failed };
    tried.push(claimed.id);
    if ((await refundCancellation(knex, config, claimed, now)) === 'done') done++;
    else failed++;
  }
}
