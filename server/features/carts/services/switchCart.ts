import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { transaction } from '../../../db/timeouts';
import { DomainError } from '../../../lib/errors';
import { localize } from '../../../lib/localize';
import { auditHolds, loadItems, unitKey } from '../../stock';
import { LINE_COLUMNS, type LineRow, lineOf, lockCart, peopleInCart } from '../lines';
import { guestOwner, userOwner } from '../owner';

/**
 * `PUT /api/v1/carts/switch`: on sign-in, the guest's cart lines move to the user, merged into the user's cart of
 * the same park; holds, seats and deadlines stay as they are (nothing is released or taken again). All or none:
 * if a moved line would take the user's cart over an item's max_per_order, it is a 400 with a message and nothing
 * moves. The telephone rule is not applied: it is the rule for adding tickets, and a new account has no number yet
 * (paying asks for it), so refusing would strand the guest's holds. Undelivered notices move too.
 */
export async function switchCart(knex: Knex, userId: number, guestUserId: string, locale: Locale): Promise<number> {
  const user = userOwner(userId);
  const guest = guestOwner(guestUserId);
  return transaction(knex, 'cart', async (trx) => {
    const carts = (await trx('carts')
      .whereIn('owner_key', [user.key, guest.key])
      .orderBy('id')
      .forUpdate()
      .select('id', 'owner_key', 'park_id')) as { id: number; ownerKey: string; parkId: number }[];
    const guestCarts = carts.filter((c) => c.ownerKey === guest.key);
    const userCartOf = new Map(carts.filter((c) => c.ownerKey === user.key).map((c) => [c.parkId, Number(c.id)]));
    const lines = guestCarts.length
      ? ((
          (await trx('cart_lines')
            .whereIn(
              'cart_id',
              guestCarts.map((c) => c.id),
            )
            .orderBy('id')
            .forUpdate()
            .select(LINE_COLUMNS)) as LineRow[]
        ).map(lineOf) as LineRow[])
      : [];

    if (lines.length > 0) {
      const parkOf = new Map(guestCarts.map((c) => [Number(c.id), c.parkId]));
      const items = await loadItems(
        trx,
        lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])),
      );
      const moved = new Map<string, { parkId: number; line: LineRow; people: number }>();
      for (const l of lines) {
        if (l.kind !== 'item') continue;
        const key = `${parkOf.get(l.cartId)}|${unitKey({ itemId: l.itemId as number, date: l.date, timeSlotId: l.timeSlotId })}`;
        const prev = moved.get(key);
        moved.set(key, { parkId: parkOf.get(l.cartId) as number, line: l, people: (prev?.people ?? 0) + l.people });
      }
      for (const { parkId, line, people } of moved.values()) {
        const item = items.get(line.itemId as number);
        if (!item) continue;
        const userCart = userCartOf.get(parkId);
        const already =
          userCart === undefined
            ? 0
            : await peopleInCart(trx, userCart, { itemId: item.id, date: line.date, timeSlotId: line.timeSlotId });
        if (already + people > item.maxPerOrder) {
          throw new DomainError('switchLimit', { name: localize(item, 'name', locale), max: item.maxPerOrder });
        }
      }
      for (const c of guestCarts) {
        const target = await lockCart(trx, user, c.parkId);
        await trx('cart_lines').where('cart_id', c.id).update({ cart_id: target, updated_at: trx.fn.now() });
      }
      const holds = (await trx('stock_holds')
        .whereIn(
          'cart_line_id',
          lines.map((l) => l.id),
        )
        .where('state', 'held')
        .select('id', 'cart_line_id')) as { id: number; cartLineId: number }[];
      await auditHolds(
        trx,
        holds.map((h) => ({
          holdId: Number(h.id),
          action: 'moved' as const,
          actorUserId: userId,
          data: { from: guest.key, to: user.key, cartLineId: Number(h.cartLineId) },
        })),
      );
    }
    if (guestCarts.length) {
      await trx('carts')
        .whereIn(
          'id',
          guestCarts.map((c) => c.id),
        )
        .del();
    }
    await trx('cart_notices').where('owner_key', guest.key).update({ owner_key: user.key, user_id: userId });
    return lines.length;
  });
}
