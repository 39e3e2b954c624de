// GET api/v1/staff/parks/{parkId}/reports/daily?date=: a park's day (Asia/Tokyo) per item:
//   sold       places (tickets) of orders paid that day, and the prices of all they sold, add-on vouchers included
//              (yen, tax included, before the order's coupon and coins, which belong to the order, not an item)
//   cancelled  tickets cancelled that day (by the visitor or the park), and the money refunded for them: each
//              cancellation's refund shared out over its tickets by price (report.ts shareOut)
//   admitted   tickets used that day (the act that marked them: the gate's scan, or the holder's button or link)
// and the park's occupancy that day (entries minus exits per hour, wallet parkOccupancy).
// Items with nothing that day are left out.
import type { Knex } from 'knex';
import type { DailyReport, DailyReportRow } from '../../../../common/dto/finance';
import type { Locale } from '../../../../common/enums';
import { addDays } from '../../../../common/time';
import { toCount } from '../../../db/knex';
import { localize } from '../../../lib/localize';
import { parkOccupancy } from '../../wallet';
import { shareOut } from '../report';

/** The instants a Tokyo day starts and ends (Japan has no daylight saving). */
const tokyoDay = (date: string): [Date, Date] => [
  new Date(`${date}T00:00:00+09:00`),
  new Date(`${addDays(date, 1)}T00:00:00+09:00`),
];

export async function dailyReport(knex: Knex, parkId: number, date: string, locale: Locale): Promise<DailyReport> {
  const [start, end] = tokyoDay(date);
  const rows = new Map<number, DailyReportRow>();
  const row = (itemId: number): DailyReportRow => {
    let r = rows.get(itemId);
    if (!r) {
      r = { itemId, itemName: '', soldPlaces: 0, amount: 0, cancelledPlaces: 0, refundAmount: 0, admitted: 0 };
      rows.set(itemId, r);
    }
    return r;
  };

  const sold = (await knex('tickets as t')
    .join('orders as o', 'o.id', 't.order_id')
    .where('t.park_id', parkId)
    .where('o.paid_at', '>=', start)
    .where('o.paid_at', '<', end)
    // A pass holder's day visit is an entry, not a sale (its pass's term tickets are: passes/README.md 2.12).
    .whereNot('t.unit_kind', 'pass_visit')
    .groupBy('t.item_id')
    .select(
      't.item_id',
      // A voucher of an additional plan is money sold, not a place.
      knex.raw("count(*) FILTER (WHERE t.unit_kind <> 'additional') AS n"),
      knex.raw('coalesce(sum(t.price), 0) AS amount'),
    )) as {
    itemId: number;
    n: unknown;
    amount: unknown;
  }[];
  for (const s of sold) Object.assign(row(s.itemId), { soldPlaces: toCount(s.n), amount: toCount(s.amount) });

  // The day's cancellations that took tickets of the park, with all their tickets (to share the refund out).
  const cancelled = (await knex('cancellations as c')
    .join('tickets as t', 't.cancellation_id', 'c.id')
    .where('c.created_at', '>=', start)
    .where('c.created_at', '<', end)
    .whereIn(
      'c.id',
      knex('tickets').where({ park_id: parkId }).whereNotNull('cancellation_id').select('cancellation_id'),
    )
    .orderBy(['c.id', 't.ticket_number'])
    .select('c.id', 'c.refund_amount', 't.item_id', 't.park_id', 't.price', 't.unit_kind')) as {
    id: string;
    unitKind: string;
    refundAmount: number;
    itemId: number;
    parkId: number;
    price: number;
  }[];
  const byCancellation = new Map<string, typeof cancelled>();
  for (const c of cancelled) byCancellation.set(c.id, [...(byCancellation.get(c.id) ?? []), c]);
  for (const tickets of byCancellation.values()) {
    const parts = shareOut(
      tickets[0]?.refundAmount ?? 0,
      tickets.map((t) => t.price),
    );
    tickets.forEach((t, i) => {
      if (t.parkId !== parkId) return;
      const r = row(t.itemId);
      if (t.unitKind !== 'additional') r.cancelledPlaces += 1;
      r.refundAmount += parts[i] ?? 0;
    });
  }

  const admitted = (await knex('tickets')
    .where({ park_id: parkId })
    .whereNot({ unit_kind: 'additional' })
    .where('used_at', '>=', start)
    .where('used_at', '<', end)
    .groupBy('item_id')
    .select('item_id', knex.raw('count(*) AS n'))) as { itemId: number; n: unknown }[];
  for (const a of admitted) row(a.itemId).admitted = toCount(a.n);

  const names = (await knex('items')
    .whereIn('id', [...rows.keys()])
    .select('id', 'name_ja', 'name_en')) as { id: number; nameJa: string; nameEn: string | null }[];
  for (const n of names) row(n.id).itemName = localize(n, 'name', locale);

  const list = [...rows.values()].sort((a, b) => a.itemId - b.itemId);
  const totals = { soldPlaces: 0, amount: 0, cancelledPlaces: 0, refundAmount: 0, admitted: 0 };
  for (const r of list) {
    totals.soldPlaces += r.soldPlaces;
    totals.amount += r.amount;
    totals.cancelledPlaces += r.cancelledPlaces;
    totals.refundAmount += r.refundAmount;
    totals.admitted += r.admitted;
  }
  return { parkId, date, rows: list, totals, occupancy: await parkOccupancy(knex, parkId, date) };
}
