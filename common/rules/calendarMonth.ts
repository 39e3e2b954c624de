// The item page's availability calendar shows a month at a time: which month it opens on and which dates it asks
// for. Here rather than in the tickets feature: the first load of an item page asks for that month early too
// (pwa/src/lib/earlyData.ts, which the boot script pwa/src/boot/head.ts imports).
/** YYYY-MM of a YYYY-MM-DD date. */
export const monthOf = (date: string) => date.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  // Day 0 of the next month is this month's last.
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The calendar's first month: that of the later of today and the item's first day of use. */
export const firstCalendarMonth = (availableFrom: string, today: string) =>
  monthOf([availableFrom, today].sort()[1] ?? today);

/** The dates to ask availability for in a month: from today (or the 1st) to the month's end. */
export function monthRange(month: string, today: string): { from: string; to: string } | null {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  if (last < today) return null;
  return { from: first < today ? today : first, to: last };
}
