// Business dates are Asia/Tokyo dates, whatever the zone of the machine.
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo';

// Made at first use: a formatter with a time zone loads the zone data (about 20 ms of a phone's main thread), and
// most pages that load this module never ask for a date.
let dateFmt: Intl.DateTimeFormat | null = null;

/** The Asia/Tokyo calendar date of an instant, as YYYY-MM-DD. */
export function tokyoDate(at: Date = new Date()): string {
  dateFmt ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dateFmt.format(at);
}

/** ISO weekday (1 Monday .. 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Add days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Milliseconds from `at` to the next midnight in Asia/Tokyo (UTC+9 all year: Japan has no daylight saving). */
export function msUntilTokyoMidnight(at: Date = new Date()): number {
  const day = 86_400_000;
  return day - ((at.getTime() + 9 * 3_600_000) % day);
}
