// Pieces shared by the cart use cases: cart and line locks, quantity normalisation and checks, the stock units
// a line takes.
import type { Knex } from 'knex';
import type { PassLineDetails } from '../../../common/dto/pass';
import type { AdditionalPlanQuantities, AgeQuantity, LineQuantities } from '../../../common/rules/cart';
import { checkLineQuantities } from '../../../common/rules/cart';
import { DomainError, notFound } from '../../lib/errors';
import { basicPlanOf, type CatalogueItem, type CataloguePack, type UnitSpec } from '../stock';
import { cartHooks } from './cartHooks';
import type { CartOwner } from './owner';

export interface LineRow {
  id: number;
  cartId: number;
  kind: 'item' | 'pack' | 'pass';
  itemId: number | null;
  ticketPackId: number | null;
  date: string;
  timeSlotId: number | null;
  packTime: string | null;
  basicPlanId: number | null;
  quantities: AgeQuantity[];
  additionalPlans: AdditionalPlanQuantities[];
  disabilityQuantity: number;
  companionQuantity: number;
  packQuantity: number | null;
  people: number;
  lottery: boolean;
  advanceInfo: Record<string, unknown> | null;
  expiresAt: Date;
  createdAt: Date;
  /** The order that froze the line while it awaits payment (null: the line can change). */
  orderId: number | null;
  /** Pass lines: the holders (and the pass a renewal renews); null for other lines. */
  passDetails: PassLineDetails | null;
  /** Admission lines: guest vouchers of the buyer's pass chosen for some of its units (null: none). */
  passVoucher: { passId: number; quantity: number } | null;
  /** Timed item lines: the places are from those set aside for pass holders (stock pool 1). */
  passPool: boolean;
}

export const LINE_COLUMNS = [
  'cart_lines.id',
  'cart_lines.cart_id',
  'cart_lines.kind',
  'cart_lines.item_id',
  'cart_lines.ticket_pack_id',
  'cart_lines.date',
  'cart_lines.time_slot_id',
  'cart_lines.pack_time',
  'cart_lines.basic_plan_id',
  'cart_lines.quantities',
  'cart_lines.additional_plans',
  'cart_lines.disability_quantity',
  'cart_lines.companion_quantity',
  'cart_lines.pack_quantity',
  'cart_lines.people',
  'cart_lines.lottery',
  'cart_lines.advance_info',
  'cart_lines.expires_at',
  'cart_lines.created_at',
  'cart_lines.order_id',
  'cart_lines.pass_details',
  'cart_lines.pass_voucher',
  'cart_lines.pass_pool',
];

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function lineOf(row: LineRow): LineRow {
  return {
    ...row,
    id: Number(row.id),
    cartId: Number(row.cartId),
    orderId: row.orderId === null || row.orderId === undefined ? null : Number(row.orderId),
    quantities: parsed(row.quantities),
    additionalPlans: parsed(row.additionalPlans),
    advanceInfo: row.advanceInfo === null ? null : parsed(row.advanceInfo),
    passDetails: row.passDetails === null || row.passDetails === undefined ? null : parsed(row.passDetails),
    passVoucher: row.passVoucher === null || row.passVoucher === undefined ? null : parsed(row.passVoucher),
  };
}

// ---------------------------------------------------------------------------------------------
// Locks (the order of all of them: cartPath.ts)

/**
 * The owner's cart of a park, created when missing, and locked (the upsert's row lock) until the transaction
 * ends: one add, change, removal or switch at a time per cart, so limits across lines cannot race.
 */
export async function lockCart(trx: Knex.Transaction, owner: CartOwner, parkId: number): Promise<number> {
  const { rows } = (await trx.raw(
    `INSERT INTO carts (owner_key, user_id, guest_user_id, park_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (owner_key, park_id) DO UPDATE SET updated_at = now() RETURNING id`,
    [owner.key, owner.userId, owner.guestUserId, parkId],
  )) as { rows: { id: number }[] };
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('cart upsert returned nothing');
  return Number(id);
}

/** People the cart already has for an item, date and slot (other lines than `exceptLineIds`). */
export async function peopleInCart(
  trx: Knex.Transaction,
  cartId: number,
  unit: { itemId: number; date: string; timeSlotId: number | null },
  exceptLineIds: readonly number[] = [],
): Promise<number> {
  const row = (await trx('cart_lines')
    .where({ cart_id: cartId, kind: 'item', item_id: unit.itemId, date: unit.date })
    .modify((q) => {
      if (unit.timeSlotId === null) q.whereNull('time_slot_id');
      else q.where('time_slot_id', unit.timeSlotId);
      if (exceptLineIds.length) q.whereNotIn('id', exceptLineIds);
    })
    .sum({ n: 'people' })
    .first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * A line of pass-holder places (stock pool 1, passes README 2.11) may be added or grown: the item is timed, not a
 * lottery nor seated (a seat is one place whatever the pool), its slot has places set aside, and the buyer is
 * signed in with active holders (themself and their kids accounts) valid at the park on the date, at least as many
 * as the people of the owner's pool lines for that slot once this one counts `people`. Read before the statement
 * that takes the stock: the pool's capacity is what the stock row enforces; this is who may use it. Answers the
 * holders, which the add passes on so that its statement counts the pool lines again under the cart's lock.
 */
export async function assertPassPool(
  db: Knex | Knex.Transaction,
  owner: CartOwner,
  item: CatalogueItem,
  unit: { date: string; timeSlotId: number | null },
  people: number,
  exceptLineId?: number,
): Promise<number> {
  const slot = item.slots.find((s) => s.id === unit.timeSlotId);
  if (item.lottery || item.seatSelection || !slot || slot.passCapacity === 0) {
    throw new DomainError('passPoolUnavailable');
  }
  if (owner.userId === null) throw new DomainError('passPoolNotHolder');
  const holders = await cartHooks().passPoolHolders(db, owner.userId, item.parkId, unit.date);
  assertHoldersCover(0, holders);
  const row = (await db('cart_lines as l')
    .join('carts as c', 'c.id', 'l.cart_id')
    .where({ 'c.owner_key': owner.key, 'c.park_id': item.parkId, 'l.pass_pool': true })
    .where({ 'l.item_id': item.id, 'l.date': unit.date, 'l.time_slot_id': slot.id })
    .modify((q) => {
      if (exceptLineId !== undefined) q.whereNot('l.id', exceptLineId);
    })
    .sum({ n: 'l.people' })
    .first()) as { n: unknown } | undefined;
  assertHoldersCover(Number(row?.n ?? 0) + people, holders);
  return holders;
}

/**
 * The rule of pass-holder places, at the add and at checkout: the buyer's pool lines of one item, date and slot
 * carry at most as many people as the buyer has active holders that day (none: not a holder at all).
 */
export function assertHoldersCover(people: number, holders: number): void {
  if (holders === 0) throw new DomainError('passPoolNotHolder');
  if (people > holders) throw new DomainError('passPoolTooMany', { max: holders });
}

// ---------------------------------------------------------------------------------------------
// Quantities

export interface QuantityInput {
  quantities?: { ageGroupId: number; quantity: number }[];
  additionalPlans?: { planId: number; quantities: { ageGroupId: number; quantity: number }[] }[];
  disabilityQuantity?: number;
  companionQuantity?: number;
}

function mergeAges(list: readonly { ageGroupId: number; quantity: number }[]): AgeQuantity[] {
  const by = new Map<number, number>();
  for (const q of list) by.set(q.ageGroupId, (by.get(q.ageGroupId) ?? 0) + q.quantity);
  return [...by]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a - b)
    .map(([ageGroupId, quantity]) => ({ ageGroupId, quantity }));
}

/** Duplicates merged, zeros dropped, sorted: the form stored in the line. */
export function normalizeQuantities(input: QuantityInput): LineQuantities {
  const plans = new Map<number, { ageGroupId: number; quantity: number }[]>();
  for (const p of input.additionalPlans ?? []) plans.set(p.planId, [...(plans.get(p.planId) ?? []), ...p.quantities]);
  return {
    basic: mergeAges(input.quantities ?? []),
    additional: [...plans]
      .map(([planId, q]) => ({ planId, quantities: mergeAges(q) }))
      .filter((p) => p.quantities.length > 0)
      .sort((a, b) => a.planId - b.planId),
    disability: input.disabilityQuantity ?? 0,
    companion: input.companionQuantity ?? 0,
  };
}

/** Every age group and add-on asked for is sold by the item's plans; returns the basic plan's id. */
export function assertPlansSold(item: CatalogueItem, q: LineQuantities): number | null {
  const basic = basicPlanOf(item);
  if (q.basic.length > 0) {
    if (!basic) throw new DomainError('planInvalid');
    const sold = new Set(basic.prices.map((p) => p.ageGroupId));
    if (q.basic.some((b) => !sold.has(b.ageGroupId))) throw new DomainError('ageGroupNotSold');
  }
  for (const a of q.additional) {
    const plan = item.plans.find((p) => p.id === a.planId && p.kind === 'additional');
    if (!plan) throw new DomainError('planInvalid');
    const sold = new Set(plan.prices.map((p) => p.ageGroupId));
    if (a.quantities.some((x) => !sold.has(x.ageGroupId))) throw new DomainError('ageGroupNotSold');
  }
  return basic?.id ?? null;
}

/** The shared rule of common/rules/cart.ts, as a 400. */
export function assertLineQuantities(
  item: CatalogueItem,
  q: LineQuantities,
  alreadyInCart: number,
  seatCount: number | null,
): void {
  const error = checkLineQuantities(item, q, alreadyInCart, seatCount);
  if (error) throw new DomainError(error.key, error.params);
}

// ---------------------------------------------------------------------------------------------
// Stock units of a line

export interface LineUnit extends UnitSpec {
  /** Places this line takes from the unit. */
  quantity: number;
}

export function slotOf(item: CatalogueItem, timeSlotId: number | null | undefined) {
  if (item.slots.length === 0) {
    if (timeSlotId !== undefined && timeSlotId !== null) throw new DomainError('timeSlotInvalid');
    return null;
  }
  if (timeSlotId === undefined || timeSlotId === null) throw new DomainError('timeSlotRequired');
  const slot = item.slots.find((s) => s.id === timeSlotId);
  if (!slot) throw new DomainError('timeSlotInvalid');
  return slot;
}

/** The stock row a line takes on: the general pool, or with `passPool` the places set aside for pass holders. */
export function itemUnit(
  item: CatalogueItem,
  date: string,
  timeSlotId: number | null,
  people: number,
  passPool = false,
): LineUnit {
  return { itemId: item.id, date, timeSlotId, pool: passPool ? 1 : 0, quantity: people };
}

/**
 * The units a pack line takes: each item of the pack, `packs x quantity` places, on the slot that starts at the
 * selected time when the item has slots (a pack whose time matches none of an item's slots cannot be added).
 */
export function packUnits(
  pack: CataloguePack,
  items: Map<number, CatalogueItem>,
  date: string,
  time: string,
  packs: number,
): LineUnit[] {
  return pack.contents.map((c) => {
    const item = items.get(c.itemId);
    if (!item) throw notFound();
    let slotId: number | null = null;
    if (item.slots.length > 0) {
      const slot = item.slots.find((s) => s.startTime === time);
      if (!slot) throw new DomainError('timeSlotInvalid');
      slotId = slot.id;
    }
    return itemUnit(item, date, slotId, packs * c.quantity);
  });
}
