// Pure parts of the daily report: sharing a cancellation's refund out over its tickets, and the CSV file
// (server/lib/csv.ts).
import type { DailyReport, DailyReportFigures } from '../../../common/dto/finance';
import type { Locale } from '../../../common/enums';
import { csvFile } from '../../lib/csv';

/**
 * Shares `total` yen out over `weights` (ticket prices) in proportion, in whole yen, the remainders going to the
 * largest fractions (first ones on a tie): the parts always add up to `total`. No weight at all: equal parts.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const base = sum > 0 ? sum : weights.length;
  const exact = w.map((x) => (total * x) / base);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left -= 1;
  }
  return parts;
}

const HEADERS: Record<Locale, string[]> = {
  ja: ['商品ID', '商品名', '時間帯', '販売数', '販売額（円・税込）', 'キャンセル数', '返金額（円）', '入場数'],
  en: [
    'Item ID',
    'Item',
    'Time slot',
    'Places sold',
    'Sales (yen, tax incl.)',
    'Places cancelled',
    'Refunded (yen)',
    'Admitted',
  ],
};
const TOTAL: Record<Locale, string> = { ja: '合計', en: 'Total' };
const FIGURES = ['soldPlaces', 'amount', 'cancelledPlaces', 'refundAmount', 'admitted'] as const;

/**
 * The report as a CSV file: a timed item has a row per time slot (and one without a slot for any tickets that had
 * none), so every column adds up to the total row.
 */
export function reportCsv(report: DailyReport, locale: Locale): string {
  const rows: (string | number)[][] = [];
  for (const r of report.rows) {
    const figures = (f: DailyReportFigures) => FIGURES.map((k) => f[k]);
    for (const s of r.slots) rows.push([r.itemId, r.itemName, s.label, ...figures(s)]);
    const rest = Object.fromEntries(
      FIGURES.map((k) => [k, r[k] - r.slots.reduce((sum, s) => sum + s[k], 0)]),
    ) as DailyReportFigures;
    if (r.slots.length === 0 || FIGURES.some((k) => rest[k] !== 0))
      rows.push([r.itemId, r.itemName, '', ...figures(rest)]);
  }
  const t = report.totals;
  return csvFile(HEADERS[locale], [
    ...rows,
    ['', TOTAL[locale], '', t.soldPlaces, t.amount, t.cancelledPlaces, t.refundAmount, t.admitted],
  ]);
}
