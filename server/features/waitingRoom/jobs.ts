import type { JobDefinition } from '../jobs';
import { sweepWaitingRooms } from './services/sweepRooms';

export const jobs: JobDefinition[] = [
  {
    name: 'waitingRooms',
    sweep: true,
    run: (_d, app, now) => sweepWaitingRooms(app.knex, app.config.waitingRoomAutoHoldsPerMinute, now),
  },
];
