// What the office's reports share: a range of Asia/Tokyo days (at most a year), the instants it covers, times
// printed to the minute in Tokyo, and payment methods by name (the daily report, its exports, the pass reports).
import type { Locale } from '../../common/enums';
import { addDays, BUSINESS_TIME_ZONE, daysBetween } from '../../common/time';
import { DomainError } from './errors';

/** A report covers at most a year of days. */
export const MAX_REPORT_DAYS = 366;

export interface ReportRange {
  from: string;
  to: string;
}

/** Refuses a range that runs backwards or is longer than a year (400 naming `to`). */
export function checkRange(r: ReportRange): ReportRange {
  if (r.to < r.from || daysBetween(r.from, r.to) >= MAX_REPORT_DAYS)
    throw new DomainError('invalidParam', { field: 'to' });
  return r;
}

/** `?date=` (one day) or `?from=&to=` (both): the range asked, checked. */
export function rangeOf(q: { date?: string; from?: string; to?: string }): ReportRange {
  if (q.date) return { from: q.date, to: q.date };
  if (!q.from) throw new DomainError('required', { field: 'date' });
  if (!q.to) throw new DomainError('required', { field: 'to' });
  return checkRange({ from: q.from, to: q.to });
}

/** The instants the range starts and ends (Japan has no daylight saving). */
export const rangeInstants = (r: ReportRange): [Date, Date] => [
  new Date(`${r.from}T00:00:00+09:00`),
  new Date(`${addDays(r.to, 1)}T00:00:00+09:00`),
];

/** `YYYY-MM-DD` or `YYYY-MM-DD_YYYY-MM-DD`, for a download's file name. */
export const rangeName = (r: ReportRange) => (r.from === r.to ? r.from : `${r.from}_${r.to}`);

/** The SQL literal of the business time zone, for `AT TIME ZONE`. */
export const TOKYO_SQL = `'${BUSINESS_TIME_ZONE}'`;

/** YYYY-MM-DD HH:MM in Asia/Tokyo. */
export const tokyoMinute = (at: Date | null) =>
  at
    ? new Intl.DateTimeFormat('sv-SE', {
        timeZone: BUSINESS_TIME_ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at)
    : '';

/** PaymentMethod (common/enums.ts) by name. */
export const PAYMENT_METHOD_NAMES: Record<Locale, Record<number, string>> = {
  ja: { 1: 'クレジットカード', 2: 'メルペイ', 3: 'PayPay', 4: 'コイン', 5: 'コンビニ払い', 6: '銀行振込' },
  en: { 1: 'Card', 2: 'merpay', 3: 'PayPay', 4: 'Coins', 5: 'Convenience store', 6: 'Bank transfer' },
};
