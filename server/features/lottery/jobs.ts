import { JOB_NAMES, type JobDefinition } from '../jobs';
import { mailLottery } from './services/mailLottery';
import { runLotteryRounds } from './services/runLotteryRounds';

export const jobs: JobDefinition[] = [
  { name: 'lotteryRounds', sweep: true, run: (_d, app, now) => runLotteryRounds(app.knex, app.config, now) },
  {
    name: JOB_NAMES.lotteryMail,
    run: (d, app) => mailLottery(app.knex, app.mailer, app.config.publicUrl, Number(d.entryId)),
  },
];
