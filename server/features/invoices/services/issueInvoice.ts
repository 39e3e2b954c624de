// The qualified invoice of an order that has just been paid, issued inside the paying transaction (orderStore's
// move to 'paid' calls it), so its number is taken if and only if the payment commits. Lines and amounts per rate
// are kept as issued. Idempotent per order.
import type { Knex } from 'knex';
import { amountsByRate, discountByRate, type TaxRate } from '../../../../common/rules/invoice';
import { nextNumber } from '../numbering';

export interface InvoiceLine {
  nameJa: string;
  nameEn: string;
  quantity: number;
  amount: number;
  rate: TaxRate;
}

export async function issueInvoice(trx: Knex.Transaction, orderId: number, now: Date): Promise<void> {
  if (await trx('invoices').where({ order_id: orderId }).first('id')) return;
  const order = await trx('orders').where({ id: orderId }).first('park_id', 'subtotal', 'coupon_discount');
  const rows = (await trx('order_lines as l')
    .leftJoin('items as i', 'i.id', 'l.item_id')
    .leftJoin('ticket_packs as p', 'p.id', 'l.ticket_pack_id')
    .where('l.order_id', orderId)
    .orderBy('l.id')
    .select(
      'l.units',
      'l.subtotal',
      trx.raw('coalesce(i.name_ja, p.name_ja) as line_name_ja'),
      trx.raw('coalesce(i.name_en, p.name_en, i.name_ja, p.name_ja) as line_name_en'),
      trx.raw('coalesce(i.tax_rate, 10) as line_rate'),
    )) as {
    units: { quantity: number }[];
    subtotal: number;
    lineNameJa: string;
    lineNameEn: string;
    lineRate: number;
  }[];
  const lines: InvoiceLine[] = rows.map((r) => ({
    nameJa: r.lineNameJa,
    nameEn: r.lineNameEn,
    quantity: r.units.reduce((n, u) => n + u.quantity, 0),
    amount: r.subtotal,
    rate: Number(r.lineRate) as TaxRate,
  }));
  // A coupon lowers the price (coins are a means of payment, like money): it comes off the rates in proportion.
  const byRate = amountsByRate(discountByRate(lines, order.couponDiscount));
  const total = byRate.reduce((n, r) => n + r.amount, 0);
  await trx('invoices').insert({
    park_id: order.parkId,
    number: await nextNumber(trx, order.parkId, 'invoice'),
    order_id: orderId,
    issued_at: now,
    lines: JSON.stringify(lines),
    by_rate: JSON.stringify(byRate),
    total,
  });
}
