// Pure parts of the daily report: sharing a cancellation's refund out over its tickets, and the CSV file
// (server/lib/csv.ts).
import type { DailyReport } from '../../../common/dto/finance';
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
  ja: ['商品ID', '商品名', '販売数', '販売額（円・税込）', 'キャンセル数', '返金額（円）', '入場数'],
  en: ['Item ID', 'Item', 'Places sold', 'Sales (yen, tax incl.)', 'Places cancelled', 'Refunded (yen)', 'Admitted'],
};
const TOTAL: Record<Locale, string> = { ja: '合計', en: 'Total' };

export function reportCsv(report: DailyReport, locale: Locale): string {
  const t = report.totals;
  return csvFile(HEADERS[locale], [
    ...report.rows.map((r) => [
      r.itemId,
      r.itemName,
      r.soldPlaces,
      r.amount,
      r.cancelledPlaces,
      r.refundAmount,
      r.admitted,
    ]),
    ['', TOTAL[locale], t.soldPlaces, t.amount, t.cancelledPlaces, t.refundAmount, t.admitted],
  ]);
}
