import './types';
import type { Knex } from 'knex';
import type { Config } from './config';
import { jobs as authJobs } from './features/auth';
import { authRoutes } from './features/auth/routes';
import { sessionRoutes } from './features/auth/sessionRoutes';
import { socialPlugin } from './features/auth/socialRoutes';
import { twoFactorRoutes } from './features/auth/twoFactorRoutes';
import { jobs as cartJobs, registerCartHooks } from './features/carts';
import { cartRoutes } from './features/carts/routes';
import { jobs as financeJobs } from './features/finance';
import { financeRoutes } from './features/finance/routes';
import { jobs as groupJobs, groupOrderAwaited, groupOrderPaid, groupRoutes, staffGroupRoutes } from './features/groups';
import { invoiceRoutes } from './features/invoices';
import { itemRoutes } from './features/items/routes';
import { staffItemRoutes } from './features/items/staffRoutes';
import { type JobDefinition, jobsPlugin } from './features/jobs';
import { libraryRoutes } from './features/library/routes';
import { livingThingRoutes } from './features/livingThings/routes';
import { jobs as lotteryJobs, lotteryOrderHooks } from './features/lottery';
import { lotteryRoutes } from './features/lottery/routes';
import { staffLotteryRoutes } from './features/lottery/staffRoutes';
import { devMailRoutes } from './features/mail/devMailRoutes';
import { createMailer, type Mailer } from './features/mail/mailer';
import { mapRoutes } from './features/maps/routes';
import { staffMapRoutes } from './features/maps/staffRoutes';
import { meRoutes } from './features/me/routes';
import { jobs as notificationJobs } from './features/notifications';
import { notificationRoutes } from './features/notifications/routes';
import { jobs as orderJobs, registerOrderHooks } from './features/orders';
import { orderRoutes } from './features/orders/routes';
import { orderPaymentOutcome } from './features/orders/services/fulfilOrder';
import { pageRoutes } from './features/pages/routes';
import { parkRoutes } from './features/parks/routes';
import { staffParkRoutes } from './features/parks/staffRoutes';
import { parkUserRoutes } from './features/parkUsers/routes';
import {
  guestVoucherPricing,
  guestVouchersFollowOrder,
  holdGuestVouchers,
  linkPurchasePhotos,
  memberPricing,
  jobs as passJobs,
  passPoolHolders,
  passReviewRoutes,
  passRoutes,
  voucherOffers,
} from './features/passes';
import { passGateRoutes } from './features/passes/gateRoutes';
import { passStaffRoutes } from './features/passes/staffRoutes';
import { jobs as paymentJobs } from './features/payments';
import { paymentsPlugin } from './features/payments/plugin';
import { staffRoutes } from './features/staff/routes';
import { stockRoutes } from './features/stock/routes';
import { staffStockRoutes } from './features/stock/staffRoutes';
import { storyMediaRoutes } from './features/stories/media/routes';
import { storyRoutes } from './features/stories/routes';
import { staffStoryRoutes } from './features/stories/staffRoutes';
import { systemRoutes } from './features/system/routes';
import { testClockRoutes } from './features/system/testClockRoutes';
import { ticketPackRoutes } from './features/ticketPacks/routes';
import { staffPackRoutes } from './features/ticketPacks/staffRoutes';
import { staffWaitingRoomRoutes, jobs as waitingRoomJobs, waitingRoomRoutes } from './features/waitingRoom';
import { offerTaken, jobs as waitlistJobs } from './features/waitlist';
import { waitlistRoutes } from './features/waitlist/routes';
import { issueOrderTickets, jobs as walletJobs } from './features/wallet';
import { walletPlugin } from './features/wallet/plugin';
import { walletPassesPlugin } from './features/walletPasses';
import { hapiServer, requestLogger } from './hapiServer';
import { type BotVerifier, dbTokenStore, localVerifier, turnstileVerifier } from './lib/botCheck';
import { answerCachedReadsFirst } from './lib/cachedReadListener';
import { systemClock, TestClock } from './lib/clock';
import { ReadCache } from './lib/readCache';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { inputGuardPlugin } from './plugins/inputGuard';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { unreadBodyPlugin } from './plugins/unreadBody';

/**
 * Every durable job, as the features offer them. Sweeps run in this order in a drain: the expiring-hold notices
 * before the holds expire, the reconciliation last, when the others have settled.
 */
export const FEATURE_JOBS: readonly JobDefinition[] = [
  ...authJobs,
  ...notificationJobs,
  ...cartJobs,
  ...orderJobs,
  ...walletJobs,
  ...paymentJobs,
  ...lotteryJobs,
  ...waitlistJobs,
  ...waitingRoomJobs,
  ...financeJobs,
  ...passJobs,
  ...groupJobs,
];

// What orders call back in the features built on them (orders/orderHooks.ts).
// What carts call back in passes (carts/cartHooks.ts).
registerCartHooks({ memberPricing, guestVoucherPricing, voucherOffers, passPoolHolders });
registerOrderHooks({
  ...lotteryOrderHooks,
  offerTaken,
  groupOrderAwaited,
  groupOrderPaid,
  issueTickets: issueOrderTickets,
  passesIssued: linkPurchasePhotos,
  holdGuestVouchers,
  guestVouchersFollowOrder,
});

export interface ServerDeps {
  knex: Knex;
  /** Close the knex instance when the server stops (default true). */
  closeDbOnStop?: boolean;
  mailer?: Mailer;
  botVerifier?: BotVerifier;
}

/** Builds the hapi server with every plugin and route, without listening (tests use server.inject). */
export async function createServer(config: Config, deps: ServerDeps) {
  const server = hapiServer(config, config.port);
  answerCachedReadsFirst(server, new URL(config.publicUrl).protocol === 'https:');
  server.app.config = config;
  server.app.readCache = new ReadCache(config.catalogueCacheMs);
  server.app.mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  server.ext('onPostStop', () => server.app.mailer.close?.());
  server.app.botVerifier =
    deps.botVerifier ??
    (config.turnstile
      ? turnstileVerifier(config.turnstile.siteKey, config.turnstile.secretKey)
      : localVerifier(config.appSecret, dbTokenStore(deps.knex)));
  if (config.env === 'test') server.app.testClock = new TestClock();
  server.app.clock = server.app.testClock ?? systemClock;

  await server.register(requestLogger(config));
  await server.register({
    plugin: dbPlugin,
    options: {
      knex: deps.knex,
      closeOnStop: deps.closeDbOnStop,
      replicaUrl: config.databaseReplicaUrl,
      replicaMaxLagMs: config.replicaMaxLagMs,
    },
  });
  await server.register(i18nPlugin);
  await server.register(errorsPlugin);
  await server.register(unreadBodyPlugin);
  await server.register(inputGuardPlugin);
  await server.register(authPlugin);
  await server.register(socialPlugin);
  await server.register({ plugin: staticPlugin, options: { distDir: config.distDir } });
  await server.register(securityPlugin);
  await server.register({
    plugin: jobsPlugin,
    options: { intervalMs: config.holdSweepIntervalMs, jobs: FEATURE_JOBS },
  });
  // Paid orders get their tickets inside the payment's transaction; what follows (receipt, give-back) is queued there.
  server.app.paymentOutcome = orderPaymentOutcome(server.app.jobs, server.app.clock);
  await server.register({ plugin: openapiPlugin, options: { title: 'Zoo & Aquarium Tickets API', version: '1' } });

  server.route([
    ...systemRoutes,
    ...sessionRoutes,
    ...authRoutes,
    ...twoFactorRoutes,
    ...meRoutes,
    ...parkRoutes,
    ...mapRoutes,
    ...itemRoutes,
    ...ticketPackRoutes,
    ...livingThingRoutes,
    ...parkUserRoutes,
    ...storyRoutes,
    ...staffStoryRoutes,
    ...storyMediaRoutes,
    ...libraryRoutes,
    ...pageRoutes,
    ...stockRoutes,
    ...staffStockRoutes,
    ...staffItemRoutes,
    ...passStaffRoutes,
    ...passReviewRoutes,
    ...groupRoutes,
    ...staffGroupRoutes,
    ...staffParkRoutes,
    ...staffMapRoutes,
    ...staffLotteryRoutes,
    ...staffPackRoutes,
    ...financeRoutes,
    ...invoiceRoutes,
    ...cartRoutes,
    ...passRoutes,
    ...orderRoutes,
    ...notificationRoutes,
    ...lotteryRoutes,
    ...waitlistRoutes,
    ...staffRoutes,
    ...passGateRoutes,
    ...waitingRoomRoutes,
    ...staffWaitingRoomRoutes,
  ]);
  await server.register(paymentsPlugin);
  await server.register(walletPlugin);
  await server.register(walletPassesPlugin);
  // The mail viewer publishes every verification and reset link: the demo's only (DEMO=true, no SMTP_URL).
  if (config.demo && !config.smtpUrl) server.route(devMailRoutes(config.dataDir));
  if (server.app.testClock) server.route(testClockRoutes);
  return server;
}
