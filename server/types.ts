import type { Knex } from 'knex';
import type { Locale } from '../common/enums';
import type { Config } from './config';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    config: Config;
    knex: Knex;
  }
  interface RequestApplicationState {
    locale: Locale;
  }
  interface PluginSpecificConfiguration {
    /** Public catalogue read: ETag + Cache-Control for CDNs. */
    publicCache?: { maxAge: number };
  }
}
