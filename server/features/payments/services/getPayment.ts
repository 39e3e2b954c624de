import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { findPayment, type Payment } from '../store';

/** A payment of this user; anyone else's (or none): 404. */
export async function getPayment(knex: Knex | Knex.Transaction, paymentId: string, userId: number): Promise<Payment> {
  const payment = await findPayment(knex, paymentId);
  if (!payment || payment.userId !== userId) throw notFound();
  return payment;
}
