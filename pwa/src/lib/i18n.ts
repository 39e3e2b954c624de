import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../../common/enums';
import { accountJa } from '../locales/account';
import { catalogueJa } from '../locales/catalogue';
import { checkoutJa } from '../locales/checkout';
import ja from '../locales/ja';
import { ticketsJa } from '../locales/tickets';
import { walletJa } from '../locales/wallet';
import { storedLocale, storeLocale } from './locale';

export const i18n = i18next.createInstance();

const translationJa = {
  ...ja,
  account: accountJa,
  catalogue: catalogueJa,
  tickets: ticketsJa,
  checkout: checkoutJa,
  wallet: walletJa,
};

// Japanese ships with the app (the default); English is a chunk of its own, loaded when it is the language.
async function ensureResources(locale: Locale): Promise<void> {
  if (locale !== 'en' || i18n.hasResourceBundle('en', 'translation')) return;
  const { translationEn } = await import('../locales/en');
  i18n.addResourceBundle('en', 'translation', translationEn);
}

/** Starts i18next in the stored language; resolves once its strings are there (at once for Japanese). */
export async function initI18n(locale: Locale = storedLocale()) {
  const ready = i18n.use(initReactI18next).init({
    resources: { ja: { translation: translationJa } },
    lng: locale,
    fallbackLng: 'ja',
    supportedLngs: ['ja', 'en'],
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  i18n.on('failedLoading', (lng, ns, msg) => console.warn('locale load failed', lng, ns, msg));
  await ready;
  try {
    await ensureResources(locale);
  } catch (error) {
    // Locale load failures are only logged (spec section 8): the Japanese strings stand in.
    console.warn('locale load failed', locale, error);
  }
  return i18n;
}

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'ja';
}

/** Switch the UI language without touching the URL, and remember it in the locale cookie. */
export async function setLocale(locale: Locale): Promise<void> {
  await ensureResources(locale);
  storeLocale(locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}
