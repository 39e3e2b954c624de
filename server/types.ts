import type { Knex } from 'knex';
import type { Locale } from '../common/enums';
import type { Config } from './config';
import type { Mailer } from './features/mail/mailer';
import type { BotVerifier } from './lib/botCheck';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    config: Config;
    knex: Knex;
    mailer: Mailer;
    botVerifier: BotVerifier & { issue?: () => string };
  }
  interface RequestApplicationState {
    locale: Locale;
  }
  interface PluginSpecificConfiguration {
    /** Public catalogue read: ETag + Cache-Control for CDNs. */
    publicCache?: { maxAge: number };
  }
}
