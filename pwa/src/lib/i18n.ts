import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../../common/enums';
import ja from '../locales/ja';
import { storedLocale, storeLocale } from './locale';

export const i18n = i18next.createInstance();

// Japanese app strings ship with the app (the default language, all the home page needs); the features' Japanese
// strings and the whole English translation are chunks of their own, loaded when needed. The catalogue pages
// (parks, animals, stories, library, content pages) need only the catalogue's strings, the ticket pages and the
// wallet pages, the checkout pages and map mode only theirs: chunks of their own too.
export type FeatureStrings =
  | 'catalogue'
  | 'tickets'
  | 'ticketSearch'
  | 'passItem'
  | 'myTickets'
  | 'wallet'
  | 'cart'
  | 'checkout'
  | 'maps'
  | 'all';

const loaders: Record<FeatureStrings, () => Promise<Record<string, unknown>>> = {
  catalogue: () => import('../locales/catalogue').then((m) => ({ catalogue: m.catalogueJa })),
  tickets: () => import('../locales/ticketPages').then((m) => m.ticketPagesJa),
  ticketSearch: () => import('../locales/ticketSearchPages').then((m) => m.ticketSearchPagesJa),
  // A pass item's form (features/tickets/PassPurchaseForm.tsx), loaded with it.
  passItem: () => import('../locales/passItem').then((m) => ({ passes: m.passItemJa })),
  // My Tickets alone (the gate's page): fewer strings than the other wallet pages'.
  myTickets: () => import('../locales/myTickets').then((m) => m.myTicketsJa),
  wallet: () => import('../locales/walletPages').then((m) => m.walletPagesJa),
  cart: () => import('../locales/cartPage').then((m) => m.cartPageJa),
  checkout: () => import('../locales/checkoutPages').then((m) => m.checkoutPagesJa),
  maps: () => import('../locales/maps').then((m) => ({ maps: m.mapsJa })),
  all: () => import('../locales/features').then((m) => m.featuresJa),
};
const loading: Partial<Record<FeatureStrings, Promise<void>>> = {};

/** The features' Japanese strings a page needs (also English's fallback): every page but home waits for them. */
export function ensureFeatureStrings(which: FeatureStrings = 'all'): Promise<void> {
  if (which !== 'all' && loading.all) return loading.all;
  loading[which] ??= loaders[which]().then(
    (strings) => {
      i18n.addResourceBundle('ja', 'translation', strings, true, true);
    },
    (error: unknown) => {
      // Locale load failures are only logged (spec section 8); the next page asks again.
      delete loading[which];
      console.warn('locale load failed', 'ja', error);
    },
  );
  return loading[which];
}

async function ensureResources(locale: Locale): Promise<void> {
  if (locale !== 'en' || i18n.hasResourceBundle('en', 'translation')) return;
  const { translationEn } = await import('../locales/en');
  i18n.addResourceBundle('en', 'translation', translationEn);
}

/** Starts i18next in the stored language; resolves once its strings are there (at once for Japanese). */
export async function initI18n(locale: Locale = storedLocale()) {
  const ready = i18n.use(initReactI18next).init({
    resources: { ja: { translation: ja } },
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
