// The pass reports of the back office (README 2.15) as CSV downloads (server/lib/csv.ts, like the daily report),
// header in the request's language, over a range of Asia/Tokyo days:
// - renewals: one row per renewal order of a pass the park sold, by the day it was paid: pass number, product,
//   holders, old end, new end, price, order number, paid at, payment method;
// - visits: one row per holder's visit day at the park: date, park, gate, pass number, position, holder, first
//   entry time, entries.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { addDays } from '../../../../common/time';
import { csvFile } from '../../../lib/csv';
import { localize } from '../../../lib/localize';
import {
  checkRange,
  PAYMENT_METHOD_NAMES,
  type ReportRange,
  TOKYO_SQL as TOKYO,
  tokyoMinute,
} from '../../../lib/reportRange';
import { FIRST_GATE } from '../services/listPassVisits';

const RENEWAL_HEADERS: Record<Locale, string[]> = {
  ja: [
    'パスポート番号',
    '商品',
    '名義人数',
    '旧有効期限',
    '新有効期限',
    '金額（円・税込）',
    '申込番号',
    '支払日時',
    '支払方法',
  ],
  en: [
    'Pass number',
    'Product',
    'Holders',
    'Old end',
    'New end',
    'Price (yen, tax incl.)',
    'Order number',
    'Paid at',
    'Payment method',
  ],
};

export async function renewalsCsv(knex: Knex, parkId: number, range: ReportRange, locale: Locale): Promise<string> {
  checkRange(range);
  const rows = (await knex('tickets as t')
    .join('passes as p', 'p.id', 't.pass_id')
    .join('orders as o', 'o.id', 't.order_id')
    .join('items as i', 'i.id', 'p.item_id')
    .where('p.park_id', parkId)
    .where('t.unit_kind', 'pass')
    .whereRaw('t.order_id <> p.first_order_id')
    .whereNotNull('o.paid_at')
    .whereRaw(`(o.paid_at AT TIME ZONE ${TOKYO})::date BETWEEN ?::date AND ?::date`, [range.from, range.to])
    .groupBy('o.id', 'p.id', 'i.id')
    .orderBy([{ column: 'o.paid_at' }, { column: 'o.id' }])
    .select(
      'p.pass_number',
      'i.name_ja',
      'i.name_en',
      'o.application_number',
      'o.paid_at',
      'o.payment_method',
      knex.raw('count(*)::int AS holders'),
      knex.raw('min(t.valid_from) AS new_from'),
      knex.raw('max(t.use_date) AS new_until'),
      knex.raw('sum(t.price)::int AS price'),
    )) as {
    passNumber: string;
    nameJa: string;
    nameEn: string | null;
    applicationNumber: string | null;
    paidAt: Date;
    paymentMethod: number;
    holders: number;
    newFrom: string;
    newUntil: string;
    price: number;
  }[];
  return csvFile(
    RENEWAL_HEADERS[locale],
    rows.map((r) => [
      r.passNumber,
      localize(r, 'name', locale),
      r.holders,
      addDays(r.newFrom, -1),
      r.newUntil,
      r.price,
      r.applicationNumber,
      tokyoMinute(new Date(r.paidAt)),
      PAYMENT_METHOD_NAMES[locale][r.paymentMethod] ?? String(r.paymentMethod),
    ]),
  );
}

const VISIT_HEADERS: Record<Locale, string[]> = {
  ja: ['日付', '施設', 'ゲート', 'パスポート番号', '名義人番号', '名義人', '初回入場時刻', '入場回数'],
  en: ['Date', 'Park', 'Gate', 'Pass number', 'Holder no.', 'Holder', 'First entry', 'Entries'],
};

export async function visitsCsv(knex: Knex, parkId: number, range: ReportRange, locale: Locale): Promise<string> {
  checkRange(range);
  const rows = (await knex('tickets as v')
    .join('pass_holders as h', 'h.id', 'v.pass_holder_id')
    .join('passes as p', 'p.id', 'v.pass_id')
    .join('parks as k', 'k.id', 'v.park_id')
    .where('v.park_id', parkId)
    .where('v.unit_kind', 'pass_visit')
    .whereBetween('v.use_date', [range.from, range.to])
    .orderBy([{ column: 'v.use_date' }, { column: 'v.used_at' }, { column: 'p.pass_number' }, { column: 'h.position' }])
    .select(
      'v.use_date',
      'k.name_ja',
      'k.name_en',
      'p.pass_number',
      'h.position',
      'h.name as holder_name',
      'v.used_at',
      'v.entries',
      knex.raw(FIRST_GATE),
    )) as {
    useDate: string;
    nameJa: string;
    nameEn: string | null;
    passNumber: string;
    position: number;
    holderName: string;
    usedAt: Date | null;
    entries: number;
    firstGate: string | null;
  }[];
  return csvFile(
    VISIT_HEADERS[locale],
    rows.map((r) => [
      r.useDate,
      localize(r, 'name', locale),
      r.firstGate,
      r.passNumber,
      r.position,
      r.holderName,
      tokyoMinute(r.usedAt ? new Date(r.usedAt) : null),
      r.entries,
    ]),
  );
}
