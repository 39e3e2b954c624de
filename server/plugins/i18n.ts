import type { Plugin, Request } from '@hapi/hapi';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../common/enums';
import { cacheKey, respondCached } from '../lib/readCache';

/**
 * The language of a request: the spec's language header (`Accept-Language: ja|en` sent by the PWA),
 * else the first supported tag a browser sends, else Japanese.
 */
export function requestLocale(request: Request): Locale {
  return requestLocaleOf(request.headers['accept-language'] as string | undefined);
}

/** The language of an Accept-Language header (requestLocale). */
export function requestLocaleOf(header: string | undefined): Locale {
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
      // A fresh cached catalogue answer is sent at once: it was validated and computed when it was stored,
      // so routing, auth and validation would only repeat work (the same freshness a CDN in front gives).
      if (request.method === 'get' && request.path.startsWith('/api/v1/')) {
        const entry = server.app.readCache?.peek(cacheKey(request));
        if (entry) return respondCached(request, h, entry).takeover();
      }
      return h.continue;
    });
  },
};
