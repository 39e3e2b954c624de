// GET api/v1/staff/parks/{parkId}/reports/orders.csv?from=&to=: the park's orders paid in a range of Tokyo days,
// one row each, for the accountant: number, paid at, state, method, subtotal, coupon, coins, total, money paid,
// money refunded so far, tickets (places; add-on vouchers not counted).
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { csvFile } from '../../../lib/csv';
import { PAYMENT_METHOD_NAMES, type ReportRange, rangeInstants, tokyoMinute } from '../../../lib/reportRange';

const HEADERS: Record<Locale, string[]> = {
  ja: [
    '申込番号',
    '支払日時',
    '状態',
    '支払方法',
    '小計',
    'クーポン値引',
    'コイン利用',
    '合計',
    '支払額',
    '返金額',
    '枚数',
  ],
  en: [
    'Order number',
    'Paid at',
    'State',
    'Payment method',
    'Subtotal',
    'Coupon',
    'Coins',
    'Total',
    'Paid',
    'Refunded',
    'Tickets',
  ],
};

export async function ordersCsv(knex: Knex, parkId: number, range: ReportRange, locale: Locale): Promise<string> {
  const [start, end] = rangeInstants(range);
  const rows = (await knex('orders as o')
    .leftJoin('payments as p', 'p.id', 'o.payment_id')
    .where('o.park_id', parkId)
    .where('o.paid_at', '>=', start)
    .where('o.paid_at', '<', end)
    .orderBy([{ column: 'o.paid_at' }, { column: 'o.id' }])
    .select(
      'o.application_number',
      'o.paid_at',
      'o.state',
      'o.payment_method',
      'o.subtotal',
      'o.coupon_discount',
      'o.coin_discount',
      'o.total',
      'o.amount_paid',
      knex.raw('coalesce(p.refunded_amount, 0)::int AS refunded'),
      knex.raw(
        "(SELECT count(*)::int FROM tickets t WHERE t.order_id = o.id AND t.unit_kind NOT IN ('additional', 'pass_visit')) AS tickets",
      ),
    )) as {
    applicationNumber: string | null;
    paidAt: Date;
    state: string;
    paymentMethod: number;
    subtotal: number;
    couponDiscount: number;
    coinDiscount: number;
    total: number;
    amountPaid: number;
    refunded: number;
    tickets: number;
  }[];
  return csvFile(
    HEADERS[locale],
    rows.map((r) => [
      r.applicationNumber,
      tokyoMinute(new Date(r.paidAt)),
      r.state,
      PAYMENT_METHOD_NAMES[locale][r.paymentMethod] ?? String(r.paymentMethod),
      r.subtotal,
      r.couponDiscount,
      r.coinDiscount,
      r.total,
      r.amountPaid,
      r.refunded,
      r.tickets,
    ]),
  );
}
