import type { Plugin, Request } from '@hapi/hapi';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../common/enums';

/**
 * The language of a request: the spec's language header (`Accept-Language: ja|en` sent by the PWA),
 * else the first supported tag a browser sends, else Japanese.
 */
export function requestLocale(request: Request): Locale {
  const header = request.headers['accept-language'] as string | undefined;
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

export const i18nPlugin: Plugin<void> = {
  name: 'i18n',
  register(server) {
    server.ext('onRequest', (request, h) => {
      request.app.locale = requestLocale(request);
      return h.continue;
    });
  },
};
