import type { Knex } from 'knex';
import { transaction } from '../../../db/timeouts';
import { releaseLockedHolds } from '../../stock';
import { assertLinesOpen, lockOwnerLines } from '../cartPath';
import type { CartOwner } from '../owner';

/**
 * `DELETE /api/v1/carts`: removes lines of the owner's carts and gives their holds back to stock (seats freed,
 * holds 'released', audited). Lines of someone else are a 404, lines awaiting payment a 409, and nothing is removed.
 */
export async function removeCartLines(knex: Knex, owner: CartOwner, lineIds: readonly number[]): Promise<number> {
  return transaction(knex, 'cart', async (trx) => {
    const { lines, holds } = await lockOwnerLines(trx, owner, lineIds);
    assertLinesOpen(lines);
    const ids = lines.map((l) => l.id);
    await trx('cart_lines').whereIn('id', ids).del();
    await releaseLockedHolds(trx, holds, 'released', owner.userId);
    return ids.length;
  });
}
