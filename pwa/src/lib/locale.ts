import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../common/enums';

export const LOCALE_COOKIE = 'locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** The language chosen by the user (locale cookie), else Japanese. */
export function storedLocale(): Locale {
  const value = readCookie(LOCALE_COOKIE);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Remember the language: 365 days, path /, SameSite=Lax (spec section 9). */
export function storeLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
