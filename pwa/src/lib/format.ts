import type { Locale } from '../../../common/enums';

// Display formats shared by the pages: yen (integers, tax included), numbers, Asia/Tokyo dates and times.

// Formatters are made on first use: building an Intl formatter costs a few milliseconds, and a page needs few.
const lazy = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

/**
 * A whole number with its digits grouped by threes with commas, as both ja-JP and en-US write it. Not Intl: the first
 * number formatter of a page loads its locale's data, about 20 ms of a phone's main thread on the first page.
 */
function grouped(n: number): string {
  const digits = Math.abs(n)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** ¥1,200 in English, 1,200円 in Japanese. Yen have no fractions. */
export function formatYen(yen: number, locale: Locale): string {
  const whole = Math.round(yen);
  if (locale === 'en') return whole < 0 ? `-¥${grouped(-whole)}` : `¥${grouped(whole)}`;
  return `${grouped(whole)}円`;
}

/** A plain number with separators (coins). */
export const formatNumber = (n: number, locale: Locale) =>
  Number.isInteger(n) ? grouped(n) : n.toLocaleString(locale === 'en' ? 'en-US' : 'ja-JP');

const dateFormats = {
  ja: lazy(
    () =>
      new Intl.DateTimeFormat('ja-JP', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        weekday: 'short',
        timeZone: 'UTC',
      }),
  ),
  en: lazy(
    () =>
      new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        weekday: 'short',
        timeZone: 'UTC',
      }),
  ),
};
const shortDateFormats = {
  ja: lazy(
    () => new Intl.DateTimeFormat('ja-JP', { month: 'numeric', day: 'numeric', weekday: 'short', timeZone: 'UTC' }),
  ),
  en: lazy(
    () => new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' }),
  ),
};
const dateTimeFormats = {
  ja: lazy(
    () =>
      new Intl.DateTimeFormat('ja-JP', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Tokyo',
      }),
  ),
  en: lazy(
    () =>
      new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Tokyo',
      }),
  ),
};

const secondsFormats = {
  ja: lazy(
    () =>
      new Intl.DateTimeFormat('ja-JP', {
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZone: 'Asia/Tokyo',
      }),
  ),
  en: lazy(
    () =>
      new Intl.DateTimeFormat('en-GB', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZone: 'Asia/Tokyo',
      }),
  ),
};

const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/** A business date (YYYY-MM-DD), with its weekday. */
export const formatDate = (date: string, locale: Locale) => dateFormats[locale]().format(asUtc(date));
/** A business date without the year, for chips and compact lists. */
export const formatShortDate = (date: string, locale: Locale) => shortDateFormats[locale]().format(asUtc(date));
/** An instant in Asia/Tokyo time. */
export const formatDateTime = (iso: string, locale: Locale) => dateTimeFormats[locale]().format(new Date(iso));
/** An instant to the second in Asia/Tokyo time (a gate's review: two scans a few seconds apart read apart). */
export const formatTimeToSecond = (iso: string, locale: Locale) => secondsFormats[locale]().format(new Date(iso));

// The park page's dates, written out by hand as Intl writes them: the first Intl formatter of a page loads its
// locale's data (and a time zone's), some 20 ms of a phone's main thread while the page first renders.
const WEEKDAYS_JA = ['日', '月', '火', '水', '木', '金', '土'];
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// en-GB's short September is "Sept" (CLDR).
const SHORT_MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** A business date (YYYY-MM-DD) as month, day and weekday: 11月27日(金), Fri 27 November. */
export function formatMonthDayWeekday(date: string, locale: Locale): string {
  const d = asUtc(date);
  const [month, day, weekday] = [d.getUTCMonth(), d.getUTCDate(), d.getUTCDay()];
  return locale === 'en'
    ? `${WEEKDAYS_EN[weekday]} ${day} ${MONTHS_EN[month]}`
    : `${month + 1}月${day}日(${WEEKDAYS_JA[weekday]})`;
}

/** The Asia/Tokyo month and day of an instant (Japan keeps no summer time): 11月27日, 27 Nov. */
export function formatTokyoMonthDay(iso: string, locale: Locale): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  const [month, day] = [d.getUTCMonth(), d.getUTCDate()];
  return locale === 'en' ? `${day} ${SHORT_MONTHS_EN[month]}` : `${month + 1}月${day}日`;
}

/** "関東・東京都"; a region and prefecture of the same name (Hokkaido) once. */
export const placeName = (region: { name: string }, prefecture: { name: string }) =>
  region.name === prefecture.name ? prefecture.name : `${region.name}・${prefecture.name}`;

/** Coins with their unit: 1,200コイン, 1,200 coins, 1 coin. */
export const formatCoins = (n: number, locale: Locale) =>
  locale === 'en' ? `${formatNumber(n, locale)} ${n === 1 ? 'coin' : 'coins'}` : `${formatNumber(n, locale)}コイン`;
