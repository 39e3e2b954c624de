import type { Knex } from 'knex';
import type { Locale } from '../common/enums';
import type { Config } from './config';
import type { Mailer } from './features/mail/mailer';
import type { PaymentOutcomeHandler } from './features/payments/outcome';
import type { BotVerifier } from './lib/botCheck';
import type { ReadCache } from './lib/readCache';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    config: Config;
    knex: Knex;
    /** The order side's hook for payment success / failure (see features/payments/outcome.ts). */
    paymentOutcome: PaymentOutcomeHandler;
    mailer: Mailer;
    readCache: ReadCache;
    botVerifier: BotVerifier & { issue?: () => string };
  }
  interface RequestApplicationState {
    locale: Locale;
  }
}
