import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../../common/enums';
import { accountEn, accountJa } from '../locales/account';
import { catalogueEn, catalogueJa } from '../locales/catalogue';
import { checkoutEn, checkoutJa } from '../locales/checkout';
import en from '../locales/en';
import ja from '../locales/ja';
import { ticketsEn, ticketsJa } from '../locales/tickets';
import { walletEn, walletJa } from '../locales/wallet';
import { storedLocale, storeLocale } from './locale';

export const i18n = i18next.createInstance();

export function initI18n(locale: Locale = storedLocale()) {
  void i18n.use(initReactI18next).init({
    resources: {
      ja: {
        translation: {
          ...ja,
          account: accountJa,
          catalogue: catalogueJa,
          tickets: ticketsJa,
          checkout: checkoutJa,
          wallet: walletJa,
        },
      },
      en: {
        translation: {
          ...en,
          account: accountEn,
          catalogue: catalogueEn,
          tickets: ticketsEn,
          checkout: checkoutEn,
          wallet: walletEn,
        },
      },
    },
    lng: locale,
    fallbackLng: 'ja',
    supportedLngs: ['ja', 'en'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  i18n.on('failedLoading', (lng, ns, msg) => console.warn('locale load failed', lng, ns, msg));
  return i18n;
}

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'ja';
}

/** Switch the UI language without touching the URL, and remember it in the locale cookie. */
export async function setLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}
