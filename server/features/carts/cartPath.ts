// The one path every cart change takes. Add (the ledger's SQL function), change quantity, remove, move on sign-in,
// expire, place an order, sell (payment confirmed) and give back (payment failed or late) all lock in ONE order:
//   payments -> orders -> carts -> cart_lines -> stock_holds -> seat_holds -> stock_units
// (each kind in id order), and write stock only through the ledger (../stock/ledger.ts), last. Two changes to the
// same rows therefore queue instead of deadlocking, and no stock count is read and then written across statements.
//
// Placing an order freezes its lines (cart_lines.order_id): while the order awaits its payment, a change or removal
// of those lines is refused with 409 `cartLineInPayment`, the expiry sweep leaves them, and only the payment's
// outcome moves them: paid, the lines go and their holds are sold; failed, the lines open again (order_id cleared)
// and keep their holds until their deadline. So the places a payment pays for are exactly the places it sells.
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../lib/errors';
import { type LockedHold, lockLineHolds } from '../stock';
import { LINE_COLUMNS, type LineRow, lineOf } from './lines';
import type { CartOwner } from './owner';

export interface LockedLines {
  lines: LineRow[];
  /** Their live holds (state 'held'), locked, id order. */
  holds: LockedHold[];
}

export const holdsOfLine = (locked: LockedLines, lineId: number) =>
  locked.holds.filter((h) => Number(h.cartLineId) === lineId);

/** Lines frozen by an order awaiting payment cannot change: a 409 that says so. */
export function assertLinesOpen(lines: readonly LineRow[]): void {
  if (lines.some((l) => l.orderId !== null)) throw new DomainError('cartLineInPayment');
}

async function lockCarts(trx: Knex.Transaction, cartIds: readonly number[]): Promise<void> {
  const ids = [...new Set(cartIds.map(Number))].sort((a, b) => a - b);
  if (ids.length) await trx('carts').whereIn('id', ids).orderBy('id').forUpdate().select('id');
}

async function lockLines(trx: Knex.Transaction, where: (q: Knex.QueryBuilder) => void): Promise<LineRow[]> {
  const rows = (await trx('cart_lines')
    .join('carts', 'carts.id', 'cart_lines.cart_id')
    .modify(where)
    .orderBy('cart_lines.id')
    .forUpdate('cart_lines')
    .select(LINE_COLUMNS)) as LineRow[];
  return rows.map(lineOf);
}

/**
 * The owner's lines with these ids and their live holds: carts locked first (id order), then the lines, then the
 * holds. Any id that is not one of the owner's lines is a 404 (another person's line looks exactly like a missing
 * one).
 */
export async function lockOwnerLines(
  trx: Knex.Transaction,
  owner: CartOwner,
  lineIds: readonly number[],
): Promise<LockedLines> {
  const ids = [...new Set(lineIds)].sort((a, b) => a - b);
  const cartIds = (await trx('cart_lines')
    .join('carts', 'carts.id', 'cart_lines.cart_id')
    .where('carts.owner_key', owner.key)
    .whereIn('cart_lines.id', ids)
    .distinct('carts.id')) as { id: number }[];
  if (cartIds.length === 0) throw notFound();
  await lockCarts(
    trx,
    cartIds.map((c) => c.id),
  );
  const lines = await lockLines(trx, (q) => q.where('carts.owner_key', owner.key).whereIn('cart_lines.id', ids));
  if (lines.length !== ids.length) throw notFound();
  return { lines, holds: await lockLineHolds(trx, ids) };
}

/** The lines an order froze, with their holds (payment outcome: sell or open them again). */
export async function lockOrderLines(trx: Knex.Transaction, orderId: number): Promise<LockedLines> {
  const cartIds = (await trx('cart_lines').where('order_id', orderId).distinct('cart_id')) as { cartId: number }[];
  await lockCarts(
    trx,
    cartIds.map((c) => c.cartId),
  );
  const lines = await lockLines(trx, (q) => q.where('cart_lines.order_id', orderId));
  return {
    lines,
    holds: await lockLineHolds(
      trx,
      lines.map((l) => l.id),
    ),
  };
}

/** Placing an order: its lines freeze until the payment's outcome. */
export async function freezeLines(trx: Knex.Transaction, lineIds: readonly number[], orderId: number): Promise<void> {
  await trx('cart_lines').whereIn('id', lineIds).update({ order_id: orderId, updated_at: trx.fn.now() });
}

/** The order's payment failed: its lines open again (their holds stay until their deadline). */
export async function openLines(trx: Knex.Transaction, orderId: number): Promise<void> {
  await trx('cart_lines').where('order_id', orderId).update({ order_id: null, updated_at: trx.fn.now() });
}
