import { JOB_NAMES, type JobDefinition } from '../jobs';
import { expireCoins } from './services/expireCoins';
import { failStalledOrders } from './services/failStalledOrders';
import { mailBankTransferOwed } from './services/mailBankTransferOwed';
import { mailKonbiniExpired } from './services/mailKonbiniExpired';
import { mailOrderRefunded } from './services/mailOrderRefunded';
import { sendReceipt } from './services/sendReceipt';

export const jobs: JobDefinition[] = [
  { name: 'expireCoins', sweep: true, run: (_d, app, now) => expireCoins(app.knex, now) },
  { name: 'failStalledOrders', sweep: true, run: (_d, app, now) => failStalledOrders(app.knex, now) },
  {
    name: JOB_NAMES.orderReceipt,
    run: (d, app) => sendReceipt(app.knex, app.mailer, app.config.publicUrl, Number(d.orderId)),
  },
  {
    name: JOB_NAMES.konbiniExpiredMail,
    run: (d, app) => mailKonbiniExpired(app.knex, app.mailer, app.config.publicUrl, Number(d.orderId)),
  },
  {
    name: JOB_NAMES.bankTransferOwedMail,
    run: (d, app) => mailBankTransferOwed(app.knex, app.mailer, app.config.publicUrl, String(d.transferId)),
  },
  {
    name: JOB_NAMES.bankAccountReminderMail,
    run: (d, app) =>
      mailBankTransferOwed(app.knex, app.mailer, app.config.publicUrl, String(d.transferId), Number(d.daysAfter)),
  },
  {
    name: JOB_NAMES.orderRefundedMail,
    run: (d, app) => mailOrderRefunded(app.knex, app.mailer, app.config.publicUrl, String(d.paymentId)),
  },
];
