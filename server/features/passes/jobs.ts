import { JOB_NAMES, type JobDefinition } from '../jobs';
import { remindPassRenewals } from './reminders/remindRenewals';
import { type PassMail, sendPassMail } from './services/passMail';

export const jobs: JobDefinition[] = [
  { name: 'remindPassRenewals', sweep: true, run: (_d, app, now) => remindPassRenewals(app.knex, now) },
  {
    name: JOB_NAMES.passMail,
    run: (d, app) => sendPassMail(app.knex, app.mailer, app.config.publicUrl, d as unknown as PassMail),
  },
];
