import { pruneRateLimitHits } from '../../lib/rateLimit';
import type { JobDefinition } from '../jobs';

export const jobs: JobDefinition[] = [
  // Sign-in and other limits count hits per window (server/lib/rateLimit.ts); windows over are dropped.
  { name: 'pruneRateLimitHits', sweep: true, run: (_d, app, now) => pruneRateLimitHits(app.knex, now) },
];
