// Resolves the relative dates of the demo data against "today" in Asia/Tokyo.
import type { SpecialDayRule, Text } from './content/types';
import { addDays } from './util';

export interface ResolvedSpecialDay {
  date: string;
  kind: 'closed' | 'open' | 'extended';
  openTime: string | null;
  closeTime: string | null;
  note: Text;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const isoWeekday = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The dates of the given ISO weekday in a month. */
function weekdaysOf(y: number, m: number, weekday: number): string[] {
  const out: string[] = [];
  for (let d = 1; d <= daysInMonth(y, m); d++) {
    const date = ymd(y, m, d);
    if (isoWeekday(date) === weekday) out.push(date);
  }
  return out;
}

/** Japanese national holidays that always fall on a Monday (Happy Monday system). */
function mondayHolidays(y: number): { date: string; name: Text }[] {
  const nth = (m: number, n: number) => weekdaysOf(y, m, 1)[n - 1] as string;
  return [
    { date: nth(1, 2), name: { ja: '成人の日', en: 'Coming of Age Day' } },
    { date: nth(7, 3), name: { ja: '海の日', en: 'Marine Day' } },
    { date: nth(9, 3), name: { ja: '敬老の日', en: 'Respect for the Aged Day' } },
    { date: nth(10, 2), name: { ja: 'スポーツの日', en: 'Sports Day' } },
  ];
}

/** Concrete special days for the coming year (today inclusive, 365 days), first rule wins on a date. */
export function resolveSpecialDays(rules: readonly SpecialDayRule[], today: string): ResolvedSpecialDay[] {
  const end = addDays(today, 365);
  const inWindow = (date: string) => date >= today && date < end;
  const year = Number(today.slice(0, 4));
  const years = [year - 1, year, year + 1];
  const byDate = new Map<string, ResolvedSpecialDay>();
  const add = (day: ResolvedSpecialDay) => {
    if (inWindow(day.date) && !byDate.has(day.date)) byDate.set(day.date, day);
  };
  for (const rule of rules) {
    switch (rule.type) {
      case 'fixed':
        for (const y of years) {
          add({
            date: ymd(y, rule.month, rule.day),
            kind: rule.kind,
            openTime: rule.open ?? null,
            closeTime: rule.close ?? null,
            note: rule.note,
          });
        }
        break;
      case 'range':
        for (const y of years) {
          const [m1, d1] = rule.from;
          const [m2, d2] = rule.to;
          const last = ymd(m2 < m1 ? y + 1 : y, m2, d2);
          for (let date = ymd(y, m1, d1); date <= last; date = addDays(date, 1)) {
            add({ date, kind: rule.kind, openTime: rule.open ?? null, closeTime: rule.close ?? null, note: rule.note });
          }
        }
        break;
      case 'mondayHolidays':
        for (const y of years) {
          for (const h of mondayHolidays(y)) {
            add({
              date: h.date,
              kind: 'open',
              openTime: null,
              closeTime: null,
              note: { ja: `${h.name.ja}（祝日）のため開園`, en: `Open for ${h.name.en} (national holiday)` },
            });
            add({
              date: addDays(h.date, 1),
              kind: 'closed',
              openTime: null,
              closeTime: null,
              note: { ja: '祝日の翌日のため休園', en: 'Closed on the day after a national holiday' },
            });
          }
        }
        break;
      case 'weekdaysInMonth':
        for (const y of years) {
          for (const date of weekdaysOf(y, rule.month, rule.weekday)) {
            add({ date, kind: rule.kind, openTime: rule.open ?? null, closeTime: rule.close ?? null, note: rule.note });
          }
        }
        break;
      case 'nthWeekdays':
        for (const y of years) {
          for (let m = 1; m <= 12; m++) {
            if (rule.months && !rule.months.includes(m)) continue;
            const dates = weekdaysOf(y, m, rule.weekday);
            for (const n of rule.nths) {
              const first = dates[n - 1];
              if (!first) continue;
              for (let k = 0; k < (rule.spanDays ?? 1); k++) {
                add({ date: addDays(first, k), kind: 'closed', openTime: null, closeTime: null, note: rule.note });
              }
            }
          }
        }
        break;
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Days before today to publish a story: the planned value, moved to the nearest day that falls in
 * one of the topic's months (within 1..maxDaysAgo) when the topic is seasonal.
 */
export function resolvePublishedDaysAgo(
  today: string,
  planned: number,
  months: readonly number[] | null,
  maxDaysAgo: number,
): number {
  const limit = Math.max(1, maxDaysAgo);
  const base = Math.min(Math.max(1, planned), limit);
  if (!months || months.length === 0) return base;
  let best: number | null = null;
  for (let k = 1; k <= limit; k++) {
    const month = Number(addDays(today, -k).slice(5, 7));
    if (months.includes(month) && (best === null || Math.abs(k - base) < Math.abs(best - base))) best = k;
  }
  return best ?? base;
}
