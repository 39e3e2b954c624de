import type { Knex } from 'knex';
import { type LockedHold, releaseLockedHolds } from '../../stock/services/sellHolds';
import { lockOwnerLines } from '../lines';
import type { CartOwner } from '../owner';

/**
 * `DELETE /api/v1/carts`: removes lines of the owner's carts and gives their holds back to stock (seats freed,
 * holds 'released', audited). Lines of someone else are a 404 and nothing is removed.
 */
export async function removeCartLines(knex: Knex, owner: CartOwner, lineIds: readonly number[]): Promise<number> {
  return knex.transaction(async (trx) => {
    const lines = await lockOwnerLines(trx, owner, lineIds);
    const ids = lines.map((l) => l.id);
    const holds = (await trx('stock_holds')
      .whereIn('cart_line_id', ids)
      .where('state', 'held')
      .orderBy('id')
      .forUpdate()
      .select('id', 'stock_unit_id', 'quantity', 'state', 'cart_line_id')) as LockedHold[];
    await trx('cart_lines').whereIn('id', ids).del();
    await releaseLockedHolds(trx, holds, 'released', owner.userId);
    return ids.length;
  });
}
