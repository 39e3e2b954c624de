// Closing days as ranges (the back office's profile page and API) over the calendar's day rows
// (park_special_days, kind closed), which every sales check reads per date: a range is kept as its days, and
// consecutive closed days with the same reason read back as one range. One-day rows made before are one-day ranges.
import type { ParkClosure } from '../dto/catalogueOffice';
import { addDays } from '../time';

/** The longest closure one range may cover (a whole year). */
export const MAX_CLOSURE_DAYS = 366;

/** Groups closed days (any order) into ranges of consecutive days with the same reason, by date. */
export function closuresOf(days: readonly { date: string; noteJa: string; noteEn: string | null }[]): ParkClosure[] {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const ranges: ParkClosure[] = [];
  for (const d of sorted) {
    const last = ranges.at(-1);
    if (last && addDays(last.to, 1) === d.date && last.noteJa === d.noteJa && last.noteEn === d.noteEn) {
      last.to = d.date;
    } else {
      ranges.push({ from: d.date, to: d.date, noteJa: d.noteJa, noteEn: d.noteEn });
    }
  }
  return ranges;
}

/** The days of ranges, or the reason they cannot be kept: a range ending before it starts, too long, or overlapping. */
export function closureDays(
  ranges: readonly ParkClosure[],
): { ok: true; days: { date: string; noteJa: string; noteEn: string | null }[] } | { ok: false } {
  const days: { date: string; noteJa: string; noteEn: string | null }[] = [];
  const seen = new Set<string>();
  for (const r of ranges) {
    if (r.to < r.from) return { ok: false };
    for (let date = r.from, n = 0; date <= r.to; date = addDays(date, 1), n++) {
      if (n >= MAX_CLOSURE_DAYS || seen.has(date)) return { ok: false };
      seen.add(date);
      days.push({ date, noteJa: r.noteJa, noteEn: r.noteEn });
    }
  }
  return { ok: true, days };
}
