// Who pays money (card, PayPay, konbini) must have given a birth date, a telephone number and a prefecture (SPEC:
// the payment providers ask for them); paying in coins alone needs none. One rule for every way an order is placed.
import type { Knex } from 'knex';
import { DomainError } from '../../lib/errors';

export interface PaymentProfile {
  birthdate: unknown;
  telephone: string | null;
  prefectureId: number | null;
}

/** Throws `profileRequiredForPayment` unless the user's profile has what a payment needs. */
export function assertPaymentProfile(user: PaymentProfile | undefined): void {
  if (!user?.birthdate || !user.telephone || !((user.prefectureId ?? 0) > 0)) {
    throw new DomainError('profileRequiredForPayment');
  }
}

/** The same check for a user not read yet. */
export async function requirePaymentProfile(db: Knex | Knex.Transaction, userId: number): Promise<void> {
  assertPaymentProfile(
    (await db('users').where({ id: userId }).first('birthdate', 'telephone', 'prefecture_id')) as
      | PaymentProfile
      | undefined,
  );
}
