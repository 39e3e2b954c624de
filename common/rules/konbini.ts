// Konbini payment deadline (issue 32): the park's payment term (default 3 days) counted in Asia/Tokyo days from
// the order, ending 23:59:59 Japan time of its last day, and never past the day before the first day of use.
// No day left (the first use is today) refuses konbini: pay by another method.
import { addDays, daysBetween, tokyoDate } from '../time';

export interface KonbiniDeadline {
  /** The last day to pay (YYYY-MM-DD, Asia/Tokyo). */
  lastDay: string;
  /** Days from today to the last day (0: today): GMO's PaymentTermDay. */
  termDays: number;
  /** 23:59:59 Japan time of the last day. */
  deadline: Date;
}

/** The end (23:59:59.000 Japan time) of a Tokyo date. */
export const endOfTokyoDay = (date: string): Date => new Date(`${date}T23:59:59+09:00`);

/** The deadline, or null when it leaves no time (use dates from today on; `useDates` empty: the term only). */
export function konbiniDeadline(now: Date, termDays: number, useDates: readonly string[]): KonbiniDeadline | null {
  const today = tokyoDate(now);
  let lastDay = addDays(today, Math.max(1, Math.floor(termDays)));
  const firstUse = [...useDates].sort()[0];
  if (firstUse !== undefined) {
    const dayBefore = addDays(firstUse, -1);
    if (dayBefore < lastDay) lastDay = dayBefore;
  }
  if (lastDay < today) return null;
  const deadline = endOfTokyoDay(lastDay);
  if (deadline.getTime() <= now.getTime()) return null;
  return { lastDay, termDays: daysBetween(today, lastDay), deadline };
}
