import type { Knex } from 'knex';
import { DomainError } from './errors';

export interface RateLimit {
  /** What is limited, e.g. `login:email:hanako@example.jp` or `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** No limit counts over a longer window: older counter rows can never refuse anyone again and are pruned. */
export const MAX_RATE_LIMIT_WINDOW_SECONDS = 86_400;

/**
 * Counts a hit in a fixed window kept in PostgreSQL (so every app instance shares it) and refuses
 * with a localised 429 once the limit is passed. One atomic upsert per limit.
 */
export async function hitRateLimits(
  knex: Knex | Knex.Transaction,
  limits: RateLimit[],
  now = new Date(),
): Promise<void> {
  for (const limit of limits) {
    if (!(limit.windowSeconds > 0 && limit.windowSeconds <= MAX_RATE_LIMIT_WINDOW_SECONDS)) {
      throw new Error(
        `rate limit ${limit.key}: window of ${limit.windowSeconds} s outside 1..${MAX_RATE_LIMIT_WINDOW_SECONDS}`,
      );
    }
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const { rows } = await knex.raw<{ rows: { count: number }[] }>(
      `INSERT INTO rate_limit_hits (key, window_start, count) VALUES (?, ?, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + 1
       RETURNING count`,
      [limit.key.slice(0, 300), windowStart],
    );
    const count = Number(rows[0]?.count ?? 0);
    if (count > limit.max) {
      const minutes = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 60_000));
      throw new DomainError('rateLimited', { minutes });
    }
  }
}

/** The sweep's part: drops the counter rows of windows over (older than the longest window). Answers how many. */
export async function pruneRateLimitHits(knex: Knex, now: Date): Promise<number> {
  return knex('rate_limit_hits')
    .where('window_start', '<', new Date(now.getTime() - MAX_RATE_LIMIT_WINDOW_SECONDS * 1000))
    .delete();
}
