// Display formats of the checkout pages: yen (integers, tax included), Asia/Tokyo dates and times.
import type { Locale } from '../../../../common/enums';

const yenJa = new Intl.NumberFormat('ja-JP');
const yenEn = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' });

/** ¥1,200 in English, 1,200円 in Japanese. */
export function formatYen(yen: number, locale: Locale): string {
  return locale === 'en' ? yenEn.format(yen) : `${yenJa.format(yen)}円`;
}

/** A plain number with separators (coins). */
export const formatNumber = (n: number, locale: Locale) => n.toLocaleString(locale === 'en' ? 'en-US' : 'ja-JP');

const dateFormats = {
  ja: new Intl.DateTimeFormat('ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }),
};
const dateTimeFormats = {
  ja: new Intl.DateTimeFormat('ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }),
};

/** A business date (YYYY-MM-DD), with its weekday. */
export const formatDate = (date: string, locale: Locale) => dateFormats[locale].format(new Date(`${date}T00:00:00Z`));
/** An instant in Asia/Tokyo time. */
export const formatDateTime = (iso: string, locale: Locale) => dateTimeFormats[locale].format(new Date(iso));
