import type { JobDefinition } from '../jobs';
import { expireHolds } from './services/expireHolds';

export const jobs: JobDefinition[] = [
  { name: 'expireHolds', sweep: true, run: (_d, app, now) => expireHolds(app.knex, { now }) },
];
