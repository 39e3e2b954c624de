// For the checkout (which calls this inside its own transaction): one park's cart of a user, every line with its
// unit prices from the catalogue (item_plan_prices, items.disability_price, ticket_packs.price), the ids of the
// holds to hand to sellHolds, and the subtotal in integer yen (tax included).
import type { Knex } from 'knex';
import type { PassLineDetails } from '../../../../common/dto/pass';
import { holdersComplete, passUnitsOf } from '../../../../common/rules/passHolders';
import { cartHooks } from '../cartHooks';
import { assertHoldersCover, LINE_COLUMNS, type LineRow, lineOf } from '../lines';
import { userOwner } from '../owner';
import { loadCatalogueFor, type PricedComponent, priceLine } from '../presentCart';

export interface CheckoutLine {
  id: number;
  kind: 'item' | 'pack' | 'pass';
  itemId: number | null;
  ticketPackId: number | null;
  nameJa: string;
  nameEn: string | null;
  date: string;
  timeSlotId: number | null;
  /** Packs: the selected time. */
  time: string | null;
  seatCodes: string[];
  /** Places per item: `people` for an item line, packs for a pack line. */
  people: number;
  lottery: boolean;
  advanceInfo: Record<string, unknown> | null;
  expiresAt: Date;
  /** The order awaiting payment that froze the line, if any (cartPath.ts). */
  orderId: number | null;
  /** The line's live holds (state 'held'); empty for lottery lines, which hold nothing until drawn. */
  holds: { id: number; stockUnitId: number; quantity: number }[];
  /** kind basic | additional | disability | companion | pack, with planId / ageGroupId where they apply. */
  components: PricedComponent[];
  /** Yen. */
  subtotal: number;
  /** Pass lines: holders (copied to the order line), and whether every one is named. */
  passDetails: PassLineDetails | null;
  passComplete: boolean;
  /** Item lines: the item's ItemCategory (guest vouchers are for admissions); null for packs. */
  category: number | null;
  /** Places set aside for pass holders (pool 1): only for holders, checked again at checkout. */
  passPool: boolean;
}

export interface CheckoutCart {
  cartId: number | null;
  parkId: number;
  userId: number;
  lines: CheckoutLine[];
  /** Yen, tax included: the sum of the lines' subtotals. */
  subtotal: number;
  /** The earliest hold deadline (null for an empty cart). */
  expiresAt: Date | null;
  holdIds: number[];
}

/**
 * One park's cart of a user, priced. With `lock: true` (inside a transaction) the cart row and its lines are
 * locked FOR UPDATE, so the cart cannot change until the checkout's transaction ends (lock order: cart, lines;
 * then sellHolds locks the holds and stock rows). A price missing from the catalogue is a 409 'cartLineUnavailable'.
 */
export async function cartForCheckout(
  db: Knex | Knex.Transaction,
  userId: number,
  parkId: number,
  options: { lock?: boolean; lineIds?: readonly number[] } = {},
): Promise<CheckoutCart> {
  const owner = userOwner(userId);
  const cart = (await db('carts')
    .where({ owner_key: owner.key, park_id: parkId })
    .modify((q) => {
      if (options.lock) q.forUpdate();
    })
    .first('id')) as { id: number } | undefined;
  if (!cart) return { cartId: null, parkId, userId, lines: [], subtotal: 0, expiresAt: null, holdIds: [] };
  const rows = (await db('cart_lines')
    .where('cart_id', cart.id)
    .modify((q) => {
      if (options.lineIds) q.whereIn('id', options.lineIds);
      if (options.lock) q.forUpdate();
    })
    .orderBy('id')
    .select(LINE_COLUMNS)) as LineRow[];
  const lines = rows.map(lineOf);
  const cat = await loadCatalogueFor(db, lines, userId);
  const holds = lines.length
    ? ((await db('stock_holds')
        .whereIn(
          'cart_line_id',
          lines.map((l) => l.id),
        )
        .where('state', 'held')
        .orderBy('id')
        .select('id', 'stock_unit_id', 'quantity', 'cart_line_id')) as {
        id: number;
        stockUnitId: number;
        quantity: number;
        cartLineId: number;
      }[])
    : [];
  const out: CheckoutLine[] = lines.map((l) => {
    const { components, subtotal } = priceLine(l, cat);
    const named = l.itemId !== null ? cat.items.get(l.itemId) : cat.packs.get(l.ticketPackId as number);
    return {
      id: l.id,
      kind: l.kind,
      itemId: l.itemId,
      ticketPackId: l.ticketPackId,
      nameJa: named?.nameJa ?? '',
      nameEn: named?.nameEn ?? null,
      date: l.date,
      timeSlotId: l.timeSlotId,
      time: l.packTime,
      seatCodes: cat.seats.get(l.id) ?? [],
      people: l.people,
      lottery: l.lottery,
      advanceInfo: l.advanceInfo,
      expiresAt: new Date(l.expiresAt),
      orderId: l.orderId,
      holds: holds
        .filter((h) => Number(h.cartLineId) === l.id)
        .map((h) => ({ id: Number(h.id), stockUnitId: Number(h.stockUnitId), quantity: h.quantity })),
      components,
      subtotal,
      passDetails: l.passDetails,
      category: l.itemId === null ? null : (cat.items.get(l.itemId)?.category ?? null),
      passPool: l.passPool,
      passComplete:
        l.passDetails !== null &&
        holdersComplete(
          passUnitsOf({ basic: l.quantities, disability: l.disabilityQuantity, companion: l.companionQuantity }),
          l.passDetails.holders,
        ),
    };
  });
  const deadlines = out.map((l) => l.expiresAt.getTime());
  return {
    cartId: Number(cart.id),
    parkId,
    userId,
    lines: out,
    subtotal: out.reduce((n, l) => n + l.subtotal, 0),
    expiresAt: deadlines.length ? new Date(Math.min(...deadlines)) : null,
    holdIds: out.flatMap((l) => l.holds.map((h) => h.id)),
  };
}

/**
 * Pass-holder places are for holders on the use date: a pass suspended, cancelled or ended since the add (whose hold
 * lasts 15 minutes) no longer buys them (403 passPoolNotHolder), and the lines checked out count at most the
 * holders still active (409 passPoolTooMany), per item, date and slot as the add counts them.
 */
export async function assertPassPoolHolders(
  db: Knex | Knex.Transaction,
  userId: number,
  parkId: number,
  lines: readonly CheckoutLine[],
): Promise<void> {
  const slots = new Map<string, { date: string; people: number }>();
  for (const l of lines) {
    if (!l.passPool) continue;
    const key = `${l.itemId}/${l.date}/${l.timeSlotId}`;
    slots.set(key, { date: l.date, people: (slots.get(key)?.people ?? 0) + l.people });
  }
  const holdersOn = new Map<string, number>();
  for (const { date, people } of slots.values()) {
    const holders = holdersOn.get(date) ?? (await cartHooks().passPoolHolders(db, userId, parkId, date));
    holdersOn.set(date, holders);
    assertHoldersCover(people, holders);
  }
}
