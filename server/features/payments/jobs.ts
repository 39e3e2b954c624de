import { JOB_NAMES, type JobDefinition } from '../jobs';
import { expireKonbiniPayments } from './services/expireKonbiniPayments';
import { expirePendingPayments } from './services/expirePendingPayments';
import { giveBackPayment } from './services/giveBackPayment';
import { remindBankAccounts } from './services/remindBankAccounts';

export const jobs: JobDefinition[] = [
  {
    name: 'expirePendingPayments',
    sweep: true,
    run: (_d, app, now) => expirePendingPayments(app.knex, app.config, app.paymentOutcome, now),
  },
  {
    name: 'expireKonbiniPayments',
    sweep: true,
    run: (_d, app, now) => expireKonbiniPayments(app.knex, app.config, app.paymentOutcome, now),
  },
  { name: 'remindBankAccounts', sweep: true, run: (_d, app, now) => remindBankAccounts(app.knex, now) },
  {
    name: JOB_NAMES.paymentGiveBack,
    // Money at a provider is worth a day of retries (provider down, our side redeployed...).
    retryLimit: 20,
    retryDelay: 30,
    run: (d, app) => giveBackPayment(app, d as unknown as Parameters<typeof giveBackPayment>[1]),
  },
];
