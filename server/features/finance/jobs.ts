import type { JobDefinition } from '../jobs';
import { reconcileLedgers } from './services/reconcileLedgers';

export const jobs: JobDefinition[] = [
  {
    name: 'reconcileLedgers',
    sweep: true,
    run: (_d, app, now, log) => reconcileLedgers(app.knex, now, (finding) => log(['reconcile', 'error'], { finding })),
  },
];
