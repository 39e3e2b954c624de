import type { Knex } from 'knex';
import type { KonbiniSlipView } from '../../../../common/rules/paymentState';
import { notFound } from '../../../lib/errors';
import { findPayment, type Payment } from '../store';

/** A payment of this user; anyone else's (or none): 404. */
export async function getPayment(knex: Knex | Knex.Transaction, paymentId: string, userId: number): Promise<Payment> {
  const payment = await findPayment(knex, paymentId);
  if (!payment || payment.userId !== userId) throw notFound();
  return payment;
}

/** A konbini payment's slip, as the provider issued it (null before it did). */
export async function konbiniSlip(knex: Knex | Knex.Transaction, paymentId: string): Promise<KonbiniSlipView | null> {
  const row = (await knex('konbini_payments').where({ payment_id: paymentId }).first()) as
    | { convenience: string; confNo: string; receiptNo: string; paymentTerm: Date; receiptUrl: string | null }
    | undefined;
  if (!row) return null;
  return {
    convenience: row.convenience,
    confNo: row.confNo,
    receiptNo: row.receiptNo,
    deadline: new Date(row.paymentTerm).toISOString(),
    receiptUrl: row.receiptUrl,
  };
}

/** A konbini payment waiting for the store: its order and slip (My Tickets shows "awaiting payment at the store"). */
export interface PendingKonbini {
  paymentId: string;
  orderId: number;
  applicationNumber: string;
  amount: number;
  slip: KonbiniSlipView;
}

/** The user's konbini payments still waiting for the store, soonest deadline first. */
export async function pendingKonbiniPayments(knex: Knex | Knex.Transaction, userId: number): Promise<PendingKonbini[]> {
  const rows = (await knex('payments as p')
    .join('konbini_payments as k', 'k.payment_id', 'p.id')
    .join('orders as o', 'o.id', 'p.order_id')
    .where({ 'p.user_id': userId, 'p.provider': 'konbini', 'o.state': 'pending_payment' })
    .whereIn('p.state', ['created', 'redirected'])
    .orderBy('k.payment_term')
    .select(
      'p.id',
      'p.order_id',
      'p.amount',
      'o.application_number',
      'k.convenience',
      'k.conf_no',
      'k.receipt_no',
      'k.payment_term',
      'k.receipt_url',
    )) as {
    id: string;
    orderId: number;
    amount: number;
    applicationNumber: string;
    convenience: string;
    confNo: string;
    receiptNo: string;
    paymentTerm: Date;
    receiptUrl: string | null;
  }[];
  return rows.map((r) => ({
    paymentId: r.id,
    orderId: Number(r.orderId),
    applicationNumber: r.applicationNumber,
    amount: r.amount,
    slip: {
      convenience: r.convenience,
      confNo: r.confNo,
      receiptNo: r.receiptNo,
      deadline: new Date(r.paymentTerm).toISOString(),
      receiptUrl: r.receiptUrl,
    },
  }));
}
