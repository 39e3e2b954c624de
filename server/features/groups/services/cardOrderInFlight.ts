// A group's card order still being paid (pending_payment) blocks what would pay the group a second time (another
// card attempt, a transfer recorded) and its release at the due date, until the payment ends one way or the other.
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';

export async function cardOrderInFlight(trx: Knex.Transaction, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  const order = await trx('orders').where({ id: orderId }).first('state');
  return order?.state === 'pending_payment';
}

/** Refuses (409 checkoutInProgress) while the group's card order is being paid. */
export async function refuseWhilePaying(trx: Knex.Transaction, orderId: number | null): Promise<void> {
  if (await cardOrderInFlight(trx, orderId)) throw new DomainError('checkoutInProgress');
}
