// Every durable job. Sweeps run every interval (one instance at a time); the others are sent, in the transaction
// of the change that needs them, by the code named in each. Each run is safe to repeat: pg-boss retries a job that
// throws (with backoff) and may run one again after a crash.

import { reconcileLedgers } from '../finance/services/reconcileLedgers';
import { mailLottery } from '../lottery/services/mailLottery';
import { runLotteryRounds } from '../lottery/services/runLotteryRounds';
import { deliverPush } from '../notifications/services/deliverPush';
import { PUSH_DELIVERY_JOB } from '../notifications/services/notify';
import { notifyExpiringHolds } from '../notifications/services/notifyExpiringHolds';
import { notifyNewStories } from '../notifications/services/notifyNewStories';
import { notifyUsableToday } from '../notifications/services/notifyUsableToday';
import { expireCoins } from '../orders/services/expireCoins';
import { failStalledOrders } from '../orders/services/failStalledOrders';
import { mailOrderRefunded } from '../orders/services/mailOrderRefunded';
import { sendReceipt } from '../orders/services/sendReceipt';
import { expirePendingPayments } from '../payments/services/expirePendingPayments';
import { giveBackPayment } from '../payments/services/giveBackPayment';
import { mailOffer } from '../waitlist/services/mailOffer';
import { offerFreedPlaces } from '../waitlist/services/offerFreedPlaces';
import { expireShares } from '../wallet/services/expireShares';
import { retryRefunds } from '../wallet/services/retryRefunds';
import { retireOldKeys } from '../wallet/services/rotateKeys';
import { expireHolds } from './expireHolds';
import { JOB_NAMES } from './names';
import type { JobDefinition } from './queue';

export const JOBS: readonly JobDefinition[] = [
  { name: 'notifyExpiringHolds', sweep: true, run: (_d, app, now) => notifyExpiringHolds(app.knex, now) },
  { name: 'notifyUsableToday', sweep: true, run: (_d, app, now) => notifyUsableToday(app.knex, now) },
  { name: 'notifyNewStories', sweep: true, run: (_d, app, now) => notifyNewStories(app.knex, now) },
  { name: 'expireHolds', sweep: true, run: (_d, app, now) => expireHolds(app.knex, { now }) },
  { name: 'expireCoins', sweep: true, run: (_d, app, now) => expireCoins(app.knex, now) },
  { name: 'expireShares', sweep: true, run: (_d, app, now) => expireShares(app.knex, now) },
  { name: 'retireTicketKeys', sweep: true, run: (_d, app, now) => retireOldKeys(app.knex, now) },
  { name: 'retryRefunds', sweep: true, run: (_d, app, now) => retryRefunds(app.knex, app.config, now) },
  { name: 'failStalledOrders', sweep: true, run: (_d, app, now) => failStalledOrders(app.knex, now) },
  {
    name: 'expirePendingPayments',
    sweep: true,
    run: (_d, app, now) => expirePendingPayments(app.knex, app.config, app.paymentOutcome, now),
  },
  { name: 'lotteryRounds', sweep: true, run: (_d, app, now) => runLotteryRounds(app.knex, app.config, now) },
  { name: 'waitlistOffers', sweep: true, run: (_d, app, now) => offerFreedPlaces(app.knex, now) },
  {
    name: 'reconcileLedgers',
    sweep: true,
    run: (_d, app, now, log) => reconcileLedgers(app.knex, now, (finding) => log(['reconcile', 'error'], { finding })),
  },
  {
    name: JOB_NAMES.waitlistOfferMail,
    run: (d, app) => mailOffer(app.knex, app.mailer, app.config.publicUrl, Number(d.entryId)),
  },
  {
    name: JOB_NAMES.lotteryMail,
    run: (d, app) => mailLottery(app.knex, app.mailer, app.config.publicUrl, Number(d.entryId)),
  },
  {
    name: JOB_NAMES.orderReceipt,
    run: (d, app) => sendReceipt(app.knex, app.mailer, app.config.publicUrl, Number(d.orderId)),
  },
  {
    name: JOB_NAMES.paymentGiveBack,
    // Money at a provider is worth a day of retries (provider down, our side redeployed...).
    retryLimit: 20,
    retryDelay: 30,
    run: (d, app) => giveBackPayment(app, d as unknown as Parameters<typeof giveBackPayment>[1]),
  },
  {
    name: PUSH_DELIVERY_JOB,
    // Minutes matter for a hold; a push service down for long is covered by the inbox.
    retryLimit: 6,
    retryDelay: 2,
    run: (d, app, now) => deliverPush(app, d as { notificationId: number; subscriptionId: number }, now),
  },
  {
    name: JOB_NAMES.orderRefundedMail,
    run: (d, app) => mailOrderRefunded(app.knex, app.mailer, app.config.publicUrl, String(d.paymentId)),
  },
];
