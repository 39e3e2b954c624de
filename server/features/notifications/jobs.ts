import type { JobDefinition } from '../jobs';
import { deliverPush } from './services/deliverPush';
import { PUSH_DELIVERY_JOB } from './services/notify';
import { notifyExpiringHolds } from './services/notifyExpiringHolds';
import { notifyNewStories } from './services/notifyNewStories';
import { notifyUsableToday } from './services/notifyUsableToday';

export const jobs: JobDefinition[] = [
  { name: 'notifyExpiringHolds', sweep: true, run: (_d, app, now) => notifyExpiringHolds(app.knex, now) },
  { name: 'notifyUsableToday', sweep: true, run: (_d, app, now) => notifyUsableToday(app.knex, now) },
  { name: 'notifyNewStories', sweep: true, run: (_d, app, now) => notifyNewStories(app.knex, now) },
  {
    name: PUSH_DELIVERY_JOB,
    // Minutes matter for a hold; a push service down for long is covered by the inbox.
    retryLimit: 6,
    retryDelay: 2,
    run: (d, app, now) => deliverPush(app, d as { notificationId: number; subscriptionId: number }, now),
  },
];
