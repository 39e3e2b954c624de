import type { JobDefinition } from '../jobs';
import { expireShares } from './services/expireShares';
import { retryRefunds } from './services/retryRefunds';
import { rotateAgedKeys } from './services/rotateAgedKeys';
import { retireOldKeys } from './services/rotateKeys';

export const jobs: JobDefinition[] = [
  { name: 'expireShares', sweep: true, run: (_d, app, now) => expireShares(app.knex, now) },
  { name: 'retireTicketKeys', sweep: true, run: (_d, app, now) => retireOldKeys(app.knex, now) },
  {
    name: 'rotateTicketKeys',
    sweep: true,
    run: (_d, app, now) =>
      rotateAgedKeys(app.knex, app.config.appSecret, now, app.config.ticketKeyMaxAgeDays * 86_400_000),
  },
  { name: 'retryRefunds', sweep: true, run: (_d, app, now) => retryRefunds(app.knex, app.config, now) },
];
