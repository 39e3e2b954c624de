import { JOB_NAMES, type JobDefinition } from '../jobs';
import { mailGroupRequest } from './services/mailGroupRequest';
import { releaseUnpaidGroups } from './services/releaseUnpaidGroups';
import type { GroupNews } from './tell';

export const jobs: JobDefinition[] = [
  { name: 'releaseUnpaidGroups', sweep: true, run: (_d, app, now) => releaseUnpaidGroups(app.knex, now) },
  {
    name: JOB_NAMES.groupMail,
    run: (d, app) =>
      mailGroupRequest(app.knex, app.mailer, app.config.publicUrl, Number(d.requestId), d.news as GroupNews),
  },
];
