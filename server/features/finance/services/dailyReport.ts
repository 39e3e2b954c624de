// GET api/v1/staff/parks/{parkId}/reports/daily?date= (or ?from=&to=): a park's days (Asia/Tokyo) per item, and a
// timed item's split per time slot (the tickets' slot):
//   sold       places (tickets) of orders paid those days, and the prices of all they sold, add-on vouchers
//              included (yen, tax included, before the order's coupon and coins, which belong to the order)
//   cancelled  tickets cancelled those days (by the visitor or the park), and the money refunded for them: each
//              cancellation's refund shared out over its tickets by price (report.ts shareOut). A refund owed by
//              bank transfer (konbini: GMO cannot refund it) is money out on the day finance recorded the transfer
//              (transferred_on), not on the cancellation's day: until then it is owed, not refunded
//   admitted   tickets used those days (the act that marked them: the gate's scan, or the holder's button or link)
// and, for one day, the park's occupancy (entries minus exits per hour, wallet parkOccupancy).
// Items with nothing in the range are left out.
import type { Knex } from 'knex';
import type { DailyReport, DailyReportFigures, DailyReportRow } from '../../../../common/dto/finance';
import type { Locale } from '../../../../common/enums';
import { toCount } from '../../../db/knex';
import { localize } from '../../../lib/localize';
import { type ReportRange, rangeInstants } from '../../../lib/reportRange';
import { parkOccupancy } from '../../wallet';
import { shareOut } from '../report';

const zero = (): DailyReportFigures => ({ soldPlaces: 0, amount: 0, cancelledPlaces: 0, refundAmount: 0, admitted: 0 });
const FIGURES = ['soldPlaces', 'amount', 'cancelledPlaces', 'refundAmount', 'admitted'] as const;

export async function dailyReport(
  knex: Knex,
  parkId: number,
  range: ReportRange,
  locale: Locale,
): Promise<DailyReport> {
  const [start, end] = rangeInstants(range);
  // Figures per item and slot (slot 0: none); the item rows are their sums.
  const cells = new Map<string, DailyReportFigures & { itemId: number; slotId: number }>();
  const cell = (itemId: number, slotId: number | null) => {
    const key = `${itemId}:${slotId ?? 0}`;
    let c = cells.get(key);
    if (!c) {
      c = { itemId, slotId: slotId ?? 0, ...zero() };
      cells.set(key, c);
    }
    return c;
  };

  const sold = (await knex('tickets as t')
    .join('orders as o', 'o.id', 't.order_id')
    .where('t.park_id', parkId)
    .where('o.paid_at', '>=', start)
    .where('o.paid_at', '<', end)
    // A pass holder's day visit is an entry, not a sale (its pass's term tickets are: passes/README.md 2.12).
    .whereNot('t.unit_kind', 'pass_visit')
    .groupBy('t.item_id', 't.time_slot_id')
    .select(
      't.item_id',
      't.time_slot_id',
      // A voucher of an additional plan is money sold, not a place.
      knex.raw("count(*) FILTER (WHERE t.unit_kind <> 'additional') AS n"),
      knex.raw('coalesce(sum(t.price), 0) AS amount'),
    )) as { itemId: number; timeSlotId: number | null; n: unknown; amount: unknown }[];
  for (const s of sold) {
    Object.assign(cell(s.itemId, s.timeSlotId), { soldPlaces: toCount(s.n), amount: toCount(s.amount) });
  }

  // The range's cancellations that took tickets of the park, with all their tickets (to share the refund out); the
  // part owed by bank transfer is left out here (counted on its transfer day, below).
  type CancelledTicket = {
    id: string;
    unitKind: string;
    refundAmount: number;
    itemId: number;
    timeSlotId: number | null;
    parkId: number;
    price: number;
  };
  const ticketColumns = ['t.item_id', 't.time_slot_id', 't.park_id', 't.price', 't.unit_kind'];
  const parkCancellations = () =>
    knex('tickets').where({ park_id: parkId }).whereNotNull('cancellation_id').select('cancellation_id');
  const cancelled = (await knex('cancellations as c')
    .join('tickets as t', 't.cancellation_id', 'c.id')
    .leftJoin('bank_transfer_refunds as b', 'b.cancellation_id', 'c.id')
    .where('c.created_at', '>=', start)
    .where('c.created_at', '<', end)
    .whereIn('c.id', parkCancellations())
    .orderBy(['c.id', 't.ticket_number'])
    .select('c.id', knex.raw('c.refund_amount - coalesce(b.amount, 0) AS refund_amount'), ...ticketColumns)) as (Omit<
    CancelledTicket,
    'refundAmount'
  > & { refundAmount: unknown })[];
  // Refunds by bank transfer recorded as transferred on the range's days, over their cancellation's tickets.
  const transferred = (await knex('bank_transfer_refunds as b')
    .join('tickets as t', 't.cancellation_id', 'b.cancellation_id')
    .where('b.state', 'transferred')
    .whereBetween('b.transferred_on', [range.from, range.to])
    .whereIn('b.cancellation_id', parkCancellations())
    .orderBy(['b.cancellation_id', 't.ticket_number'])
    .select('b.cancellation_id as id', 'b.amount as refund_amount', ...ticketColumns)) as CancelledTicket[];
  const share = (rows: CancelledTicket[], places: boolean) => {
    const byCancellation = new Map<string, CancelledTicket[]>();
    for (const c of rows) byCancellation.set(c.id, [...(byCancellation.get(c.id) ?? []), c]);
    for (const tickets of byCancellation.values()) {
      const parts = shareOut(
        Number(tickets[0]?.refundAmount ?? 0),
        tickets.map((t) => t.price),
      );
      tickets.forEach((t, i) => {
        if (t.parkId !== parkId) return;
        const c = cell(t.itemId, t.timeSlotId);
        if (places && t.unitKind !== 'additional') c.cancelledPlaces += 1;
        c.refundAmount += parts[i] ?? 0;
      });
    }
  };
  share(
    cancelled.map((c) => ({ ...c, refundAmount: toCount(c.refundAmount) })),
    true,
  );
  share(transferred, false);

  const admitted = (await knex('tickets')
    .where({ park_id: parkId })
    .whereNot({ unit_kind: 'additional' })
    .where('used_at', '>=', start)
    .where('used_at', '<', end)
    .groupBy('item_id', 'time_slot_id')
    .select('item_id', 'time_slot_id', knex.raw('count(*) AS n'))) as {
    itemId: number;
    timeSlotId: number | null;
    n: unknown;
  }[];
  for (const a of admitted) cell(a.itemId, a.timeSlotId).admitted = toCount(a.n);

  const itemIds = [...new Set([...cells.values()].map((c) => c.itemId))];
  const names = (await knex('items').whereIn('id', itemIds).select('id', 'name_ja', 'name_en')) as {
    id: number;
    nameJa: string;
    nameEn: string | null;
  }[];
  const slotIds = [...cells.values()].map((c) => c.slotId).filter((id) => id > 0);
  const slots = (await knex('item_time_slots').whereIn('id', slotIds).select('id', 'start_time', 'end_time')) as {
    id: number;
    startTime: string;
    endTime: string;
  }[];
  const slotOf = new Map(slots.map((s) => [s.id, s]));

  const rows: DailyReportRow[] = itemIds
    .sort((a, b) => a - b)
    .map((itemId) => {
      const parts = [...cells.values()].filter((c) => c.itemId === itemId);
      const sum = zero();
      for (const p of parts) for (const k of FIGURES) sum[k] += p[k];
      const name = names.find((n) => n.id === itemId);
      return {
        itemId,
        itemName: name ? localize(name, 'name', locale) : '',
        ...sum,
        slots: parts
          .filter((p) => p.slotId > 0)
          .map(({ itemId: _, slotId, ...figures }) => {
            const s = slotOf.get(slotId);
            return { slotId, label: s ? `${s.startTime}–${s.endTime}` : '', ...figures };
          })
          .sort((a, b) => a.label.localeCompare(b.label)),
      };
    });
  const totals = zero();
  for (const r of rows) for (const k of FIGURES) totals[k] += r[k];
  const oneDay = range.from === range.to;
  return {
    parkId,
    date: range.from,
    from: range.from,
    to: range.to,
    rows,
    totals,
    occupancy: oneDay ? await parkOccupancy(knex, parkId, range.from) : null,
  };
}
