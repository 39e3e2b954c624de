// GET api/v1/staff/parks/{parkId}/reports/refunds.csv?from=&to=: the cancellations of the park's orders made in a
// range of Tokyo days, one row each: when, order number, places, fee rate and fee, money refunded, coins given
// back, and the refund's state (a refund still being retried shows as such).
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { csvFile } from '../../../lib/csv';
import { type ReportRange, rangeInstants, tokyoMinute } from '../../../lib/reportRange';

const HEADERS: Record<Locale, string[]> = {
  ja: ['日時', '申込番号', '枚数', '手数料率（%）', '手数料', '返金額', '返却コイン', '状態'],
  en: ['At', 'Order number', 'Tickets', 'Fee rate (%)', 'Fee', 'Refunded', 'Coins back', 'State'],
};

export async function refundsCsv(knex: Knex, parkId: number, range: ReportRange, locale: Locale): Promise<string> {
  const [start, end] = rangeInstants(range);
  const rows = (await knex('cancellations as c')
    .join('orders as o', 'o.id', 'c.order_id')
    .where('o.park_id', parkId)
    .where('c.created_at', '>=', start)
    .where('c.created_at', '<', end)
    .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }])
    .select(
      'c.created_at',
      'o.application_number',
      'c.charge_rate',
      'c.fee',
      'c.refund_amount',
      'c.refund_coins',
      'c.state',
      knex.raw(
        "(SELECT count(*)::int FROM tickets t WHERE t.id = ANY(c.ticket_ids) AND t.unit_kind <> 'additional') AS tickets",
      ),
    )) as {
    createdAt: Date;
    applicationNumber: string | null;
    chargeRate: number;
    fee: number;
    refundAmount: number;
    refundCoins: number;
    state: string;
    tickets: number;
  }[];
  return csvFile(
    HEADERS[locale],
    rows.map((r) => [
      tokyoMinute(new Date(r.createdAt)),
      r.applicationNumber,
      r.tickets,
      r.chargeRate,
      r.fee,
      r.refundAmount,
      r.refundCoins,
      r.state,
    ]),
  );
}
