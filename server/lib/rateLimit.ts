import type { Knex } from 'knex';
import { DomainError } from './errors';

export interface RateLimit {
  /** What is limited, e.g. `login:email:hanako@example.jp` or `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowSeconds: number;
}

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
