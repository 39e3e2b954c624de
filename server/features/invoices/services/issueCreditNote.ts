// The credit note (返還インボイス) of a refund that has just succeeded, issued inside the refund's transaction
// (refundPayment calls it), so the credit note numbers have no gaps either. The refunded amount is split over the
// invoice's tax rates in proportion, tax once per rate. Idempotent per refund; an order without an invoice (never
// paid: a late payment given back) has nothing to credit.
import type { Knex } from 'knex';
import { amountsByRate, discountByRate, type RateAmount } from '../../../../common/rules/invoice';
import { nextNumber } from '../numbering';

export async function issueCreditNote(
  trx: Knex.Transaction,
  refund: { paymentId: string; refundId: string; amount: number },
  now: Date,
): Promise<void> {
  if (await trx('credit_notes').where({ refund_id: refund.refundId }).first('id')) return;
  const invoice = await trx('invoices as v')
    .join('orders as o', 'o.id', 'v.order_id')
    .where('o.payment_id', refund.paymentId)
    .first('v.id', 'v.park_id', 'v.by_rate', 'v.total');
  if (!invoice) return;
  const rates = invoice.byRate as RateAmount[];
  // Splitting the refund over the rates = taking the rest (total - refund) off them in proportion.
  const kept = discountByRate(rates, invoice.total - refund.amount);
  const parts = rates.map((r, i) => ({ rate: r.rate, amount: r.amount - (kept[i]?.amount ?? 0) }));
  await trx('credit_notes').insert({
    park_id: invoice.parkId,
    number: await nextNumber(trx, invoice.parkId, 'credit'),
    invoice_id: invoice.id,
    refund_id: refund.refundId,
    issued_at: now,
    by_rate: JSON.stringify(amountsByRate(parts)),
    total: refund.amount,
  });
}
