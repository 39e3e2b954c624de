import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../../common/enums';
import ja from '../locales/ja';
import { storedLocale, storeLocale } from './locale';

export const i18n = i18next.createInstance();

// Japanese app strings ship with the app (the default language, all the home page needs); the features' Japanese
// strings and the whole English translation are chunks of their own, loaded when needed.
let featureStrings: Promise<void> | null = null;

/** The features' Japanese strings (also English's fallback): every page but home waits for them. */
export function ensureFeatureStrings(): Promise<void> {
  featureStrings ??= import('../locales/features').then(
    ({ featuresJa }) => {
      i18n.addResourceBundle('ja', 'translation', featuresJa, true, true);
    },
    (error: unknown) => {
      // Locale load failures are only logged (spec section 8); the next page asks again.
      featureStrings = null;
      console.warn('locale load failed', 'ja', error);
    },
  );
  return featureStrings;
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
