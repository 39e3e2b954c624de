import type { Knex } from 'knex';
import type { Locale } from '../common/enums';
import type { Config } from './config';
import type { ReadRouter } from './db/readReplica';
import type { JobQueue } from './features/jobs/queue';
import type { Mailer } from './features/mail/mailer';
import type { PaymentOutcomeHandler } from './features/payments/outcome';
import type { BotVerifier } from './lib/botCheck';
import type { Clock, TestClock } from './lib/clock';
import type { ReadCache } from './lib/readCache';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    config: Config;
    knex: Knex;
    /** Reads that may be a few seconds stale (public catalogue): the replica when fresh, else the primary. */
    reads: ReadRouter;
    /** The order side's hook for payment success / failure (see features/payments/outcome.ts). */
    paymentOutcome: PaymentOutcomeHandler;
    mailer: Mailer;
    readCache: ReadCache;
    botVerifier: BotVerifier & { issue?: () => string };
    /** The time services act on (server/lib/clock.ts). */
    clock: Clock;
    /** Set only with NODE_ENV=test: the clock tests move. */
    testClock?: TestClock;
    /** Durable jobs (server/features/jobs/queue.ts). */
    jobs: JobQueue;
    /**
     * SHA-256 (base64) of the inline scripts of the served index.html (plugins/static.ts), for the CSP; absent in the
     * status worker's server, which serves no page.
     */
    shellScriptHashes?: () => readonly string[];
  }
  interface RequestApplicationState {
    locale: Locale;
  }
}
