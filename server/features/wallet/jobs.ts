import type { JobDefinition } from '../jobs';
import { expireShares } from './services/expireShares';
import { retryRefunds } from './services/retryRefunds';
import { retireOldKeys } from './services/rotateKeys';

export const jobs: JobDefinition[] = [
  { name: 'expireShares', sweep: true, run: (_d, app, now) => expireShares(app.knex, now) },
  { name: 'retireTicketKeys', sweep: true, run: (_d, app, now) => retireOldKeys(app.knex, now) },
  { name: 'retryRefunds', sweep: true, run: (_d, app, now) => retryRefunds(app.knex, app.config, now) },
];
