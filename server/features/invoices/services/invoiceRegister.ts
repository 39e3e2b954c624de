// The park's invoice register for the office: every invoice and credit note number issued, in order, with the
// amounts per rate, as CSV (server/lib/csv.ts, like the daily report) for the accountant.
// `kind` narrows it to invoices or credit notes (the exports); both together is the register.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { RateAmount } from '../../../../common/rules/invoice';
import { csvFile } from '../../../lib/csv';
import { formatNumber } from '../numbering';

const HEAD = {
  ja: [
    '種別',
    '番号',
    '連番',
    '発行日時',
    '申込番号',
    '対象の請求書',
    '宛名',
    '10%対象',
    '10%消費税',
    '8%対象',
    '8%消費税',
    '合計',
  ],
  en: [
    'Kind',
    'Number',
    'Sequence',
    'Issued at',
    'Application number',
    'Invoice corrected',
    'Addressee',
    'Subject to 10%',
    'Tax 10%',
    'Subject to 8%',
    'Tax 8%',
    'Total',
  ],
};

type Cell = string | number | null;

/** One row of the register: an invoice or a credit note, its amounts per rate. */
function registerRow(head: Cell[], byRate: RateAmount[], total: number): Cell[] {
  const rate = (r: number) => byRate.find((x) => x.rate === r);
  return [...head, rate(10)?.amount ?? 0, rate(10)?.tax ?? 0, rate(8)?.amount ?? 0, rate(8)?.tax ?? 0, total];
}

export async function invoiceRegisterCsv(
  knex: Knex,
  parkId: number,
  kind: 'all' | 'invoice' | 'credit',
  locale: Locale,
): Promise<string> {
  const rows: Cell[][] = [];
  if (kind !== 'credit') {
    const invoices = await knex('invoices as v')
      .join('orders as o', 'o.id', 'v.order_id')
      .where('v.park_id', parkId)
      .orderBy('v.number')
      .select('v.*', 'o.application_number');
    for (const v of invoices) {
      const head = [
        locale === 'ja' ? '適格請求書' : 'invoice',
        formatNumber('invoice', parkId, v.number),
        v.number,
        new Date(v.issuedAt).toISOString(),
        v.applicationNumber,
        '',
        v.recipientName ?? '',
      ];
      rows.push(registerRow(head, v.byRate, v.total));
    }
  }
  if (kind !== 'invoice') {
    const notes = await knex('credit_notes as c')
      .join('invoices as v', 'v.id', 'c.invoice_id')
      .join('orders as o', 'o.id', 'v.order_id')
      .where('c.park_id', parkId)
      .orderBy('c.number')
      .select('c.*', 'o.application_number', { invoiceNumber: 'v.number' }, { recipientName: 'v.recipient_name' });
    for (const c of notes) {
      const head = [
        locale === 'ja' ? '返還インボイス' : 'credit note',
        formatNumber('credit', parkId, c.number),
        c.number,
        new Date(c.issuedAt).toISOString(),
        c.applicationNumber,
        formatNumber('invoice', parkId, c.invoiceNumber),
        c.recipientName ?? '',
      ];
      rows.push(registerRow(head, c.byRate, c.total));
    }
  }
  return csvFile(HEAD[locale], rows);
}
