// Cart lines priced and presented. Prices come from the catalogue at the time of reading (item_plan_prices,
// items.disability_price, ticket_packs.price), in integer yen.
import type { Knex } from 'knex';
import type { Cart, CartAgeQuantity, CartLine } from '../../../common/dto/cart';
import type { CartPassInfo } from '../../../common/dto/pass';
import type { Locale } from '../../../common/enums';
import { AGE_GROUPS } from '../../../common/reference';
import { type PriceComponent, subtotalOf } from '../../../common/rules/cart';
import { memberUnitPrice } from '../../../common/rules/memberPrice';
import { holdersComplete, passUnitsOf } from '../../../common/rules/passHolders';
import { DomainError } from '../../lib/errors';
import { localize } from '../../lib/localize';
import { type CatalogueItem, type CataloguePack, loadItems, loadPacks } from '../stock';
import { cartHooks, type MemberUnit } from './cartHooks';
import type { LineRow } from './lines';

export interface CartCatalogue {
  items: Map<number, CatalogueItem>;
  packs: Map<number, CataloguePack>;
  /** Seat codes held by each line, in seat order. */
  seats: Map<number, string[]>;
  /** Per line, the units an annual pass of the buyer's household discounts (cartHooks.ts); empty for guests. */
  member: Map<number, MemberUnit[]>;
  /** Per admission line, the units guest vouchers make free (cartHooks.ts); absent: none. */
  vouchers?: Map<number, { passId: number; quantity: number }>;
  /** Per admission line, the passes whose guest vouchers the buyer could use on it (the cart's control). */
  voucherPasses?: Map<number, { passId: number; passNumber: string; left: number }[]>;
}

/** The catalogue of the lines; with `userId` (a signed-in buyer), also the member discounts of the buyer's passes. */
export async function loadCatalogueFor(
  db: Knex | Knex.Transaction,
  lines: readonly LineRow[],
  userId: number | null = null,
): Promise<CartCatalogue> {
  const lineIds = lines.map((l) => l.id);
  // One after another: `db` may be a transaction (one connection).
  const items = await loadItems(
    db,
    lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])),
  );
  const packs = await loadPacks(
    db,
    lines.flatMap((l) => (l.ticketPackId === null ? [] : [l.ticketPackId])),
  );
  const seatRows =
    lineIds.length === 0
      ? []
      : ((await db('seat_holds as sh')
          .join('stock_holds as h', 'h.id', 'sh.stock_hold_id')
          .join('item_seats as s', 's.id', 'sh.seat_id')
          .whereIn('h.cart_line_id', lineIds)
          .where('h.state', 'held')
          .orderBy([{ column: 'h.cart_line_id' }, { column: 's.sort' }])
          .select({ lineId: 'h.cart_line_id', code: 's.seat_code' })) as { lineId: number; code: string }[]);
  const seats = new Map<number, string[]>();
  for (const r of seatRows) seats.set(Number(r.lineId), [...(seats.get(Number(r.lineId)) ?? []), r.code]);
  const member = await memberPricing(db, items, lines, userId);
  const vouchers = await voucherPricing(db, items, lines, userId);
  return { items, packs, seats, member, vouchers, voucherPasses: await voucherOffersFor(db, items, lines, userId) };
}

const pricingLines = (items: CartCatalogue['items'], lines: readonly LineRow[]) =>
  lines.flatMap((l) => {
    const item = l.itemId === null || l.kind !== 'item' ? undefined : items.get(l.itemId);
    return item ? [{ lineId: l.id, itemId: item.id, parkId: item.parkId, category: item.category, date: l.date }] : [];
  });

async function voucherOffersFor(
  db: Knex | Knex.Transaction,
  items: CartCatalogue['items'],
  lines: readonly LineRow[],
  userId: number | null,
): Promise<NonNullable<CartCatalogue['voucherPasses']>> {
  const priced = pricingLines(items, lines);
  return userId === null || priced.length === 0 ? new Map() : cartHooks().voucherOffers(db, userId, priced);
}

/** How many units of each line the guest vouchers chosen on it make free (none for guests). */
export async function voucherPricing(
  db: Knex | Knex.Transaction,
  items: CartCatalogue['items'],
  lines: readonly LineRow[],
  userId: number | null,
): Promise<NonNullable<CartCatalogue['vouchers']>> {
  const chosen = lines.flatMap((l) => {
    const item = l.itemId === null || l.kind !== 'item' ? undefined : items.get(l.itemId);
    if (!item || !l.passVoucher || l.passVoucher.quantity <= 0) return [];
    const { passId, quantity } = l.passVoucher;
    return [
      { lineId: l.id, itemId: item.id, parkId: item.parkId, category: item.category, date: l.date, passId, quantity },
    ];
  });
  return userId === null || chosen.length === 0 ? new Map() : cartHooks().guestVoucherPricing(db, userId, chosen);
}

/** The member discounts of a signed-in buyer's passes on these item lines (none for guests). */
export async function memberPricing(
  db: Knex | Knex.Transaction,
  items: CartCatalogue['items'],
  lines: readonly LineRow[],
  userId: number | null,
): Promise<CartCatalogue['member']> {
  const priced = lines.flatMap((l) => {
    const item = l.itemId === null || l.kind !== 'item' ? undefined : items.get(l.itemId);
    return item ? [{ lineId: l.id, itemId: item.id, parkId: item.parkId, category: item.category, date: l.date }] : [];
  });
  return userId === null || priced.length === 0 ? new Map() : cartHooks().memberPricing(db, userId, priced);
}

export interface PricedComponent extends PriceComponent {
  planId: number | null;
  ageGroupId: number | null;
  /** quantity x unitPrice */
  amount: number;
  /** Member-priced units only: the catalogue price, and the pass whose discount (or guest voucher) made `unitPrice`. */
  listPrice?: number;
  memberPassId?: number;
  memberVoucherPassId?: number;
}

const unavailable = () => new DomainError('cartLineUnavailable');

/** The price components of a line; a price that is gone from the catalogue is a 409 (the cart changed). */
export function priceLine(line: LineRow, cat: CartCatalogue): { components: PricedComponent[]; subtotal: number } {
  const components: PricedComponent[] = [];
  const add = (c: Omit<PricedComponent, 'amount'>) =>
    components.push({ ...c, amount: subtotalOf([{ quantity: c.quantity, unitPrice: c.unitPrice }]) });
  if (line.kind === 'pack') {
    const pack = line.ticketPackId === null ? undefined : cat.packs.get(line.ticketPackId);
    if (!pack || line.packQuantity === null) throw unavailable();
    add({ kind: 'pack', planId: null, ageGroupId: null, quantity: line.packQuantity, unitPrice: pack.price });
  } else {
    const item = line.itemId === null ? undefined : cat.items.get(line.itemId);
    if (!item) throw unavailable();
    const priceOf = (planId: number | null, ageGroupId: number) => {
      const price = item.plans.find((p) => p.id === planId)?.prices.find((p) => p.ageGroupId === ageGroupId)?.price;
      if (price === undefined) throw unavailable();
      return price;
    };
    // An annual pass discounts one basic unit per active holder (cartHooks.ts), largest discount first.
    // The dearest units first, so the discount does not depend on the order the age groups were added in.
    const member = [...(cat.member.get(line.id) ?? [])];
    const voucher = cat.vouchers?.get(line.id);
    let free = voucher?.quantity ?? 0;
    const basics = line.quantities.map((q) => ({ ...q, price: priceOf(line.basicPlanId, q.ageGroupId) }));
    if (member.length > 0 || free > 0) basics.sort((a, b) => b.price - a.price);
    for (const q of basics) {
      const price = q.price;
      const base = { kind: 'basic' as const, planId: line.basicPlanId, ageGroupId: q.ageGroupId };
      let left = q.quantity;
      // A guest voucher makes one admission free (the dearest first).
      const n = Math.min(free, left);
      if (voucher && n > 0) {
        add({ ...base, quantity: n, unitPrice: 0, listPrice: price, memberVoucherPassId: voucher.passId });
        free -= n;
        left -= n;
      }
      while (left > 0 && member.length > 0) {
        const m = member[0] as MemberUnit;
        let n = 0;
        while (n < left && member[0]?.passId === m.passId && member[0]?.percent === m.percent) {
          member.shift();
          n += 1;
        }
        const unitPrice = memberUnitPrice(price, m.percent);
        add({
          ...base,
          quantity: n,
          unitPrice,
          ...(unitPrice < price ? { listPrice: price, memberPassId: m.passId } : {}),
        });
        left -= n;
      }
      if (left > 0) add({ ...base, quantity: left, unitPrice: price });
    }
    for (const plan of line.additionalPlans) {
      for (const q of plan.quantities) {
        add({
          kind: 'additional',
          planId: plan.planId,
          ageGroupId: q.ageGroupId,
          quantity: q.quantity,
          unitPrice: priceOf(plan.planId, q.ageGroupId),
        });
      }
    }
    if (line.disabilityQuantity + line.companionQuantity > 0) {
      if (item.disabilityPrice === null) throw unavailable();
      for (const kind of ['disability', 'companion'] as const) {
        const quantity = kind === 'disability' ? line.disabilityQuantity : line.companionQuantity;
        if (quantity > 0) add({ kind, planId: null, ageGroupId: null, quantity, unitPrice: item.disabilityPrice });
      }
    }
  }
  return { components, subtotal: subtotalOf(components) };
}

const AGE_GROUP = new Map(AGE_GROUPS.map((g) => [g.id, g]));
const ageName = (id: number, locale: Locale) => {
  const g = AGE_GROUP.get(id);
  return g ? (locale === 'en' ? g.nameEn : g.nameJa) : String(id);
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** Yen the member discount took off these components. */
export const memberDiscountOf = (components: readonly PricedComponent[]) =>
  // Guest vouchers and member discounts alike: what the pass took off the catalogue price.
  components.reduce(
    (n, c) => n + (c.memberPassId === undefined ? 0 : ((c.listPrice ?? 0) - c.unitPrice) * c.quantity),
    0,
  );

/** The guest vouchers a line uses (units made free), with what they took off. */
export function voucherOf(components: readonly PricedComponent[]): CartLine['passVoucher'] {
  const used = components.filter((c) => c.memberVoucherPassId !== undefined);
  const quantity = used.reduce((n, c) => n + c.quantity, 0);
  if (quantity === 0) return null;
  const passId = used[0]?.memberVoucherPassId as number;
  return { passId, quantity, amount: used.reduce((n, c) => n + (c.listPrice ?? 0) * c.quantity, 0) };
}

export function presentLine(line: LineRow, cat: CartCatalogue, locale: Locale): CartLine {
  const { components, subtotal } = priceLine(line, cat);
  const item = line.itemId === null ? undefined : cat.items.get(line.itemId);
  const pack = line.ticketPackId === null ? undefined : cat.packs.get(line.ticketPackId);
  const named = item ?? pack;
  if (!named) throw unavailable();
  const slot = item && line.timeSlotId !== null ? item.slots.find((s) => s.id === line.timeSlotId) : undefined;
  // One row per age group at its catalogue price: member-priced units are split off in pricing and shown as the
  // line's memberDiscount instead.
  const ages = (kind: 'basic' | 'additional', planId: number | null): CartAgeQuantity[] => {
    const rows = new Map<number, CartAgeQuantity>();
    for (const c of components) {
      if (c.kind !== kind || c.planId !== planId || c.ageGroupId === null) continue;
      const row = rows.get(c.ageGroupId);
      if (row) row.quantity += c.quantity;
      else
        rows.set(c.ageGroupId, {
          ageGroupId: c.ageGroupId,
          ageGroupName: ageName(c.ageGroupId, locale),
          quantity: c.quantity,
          unitPrice: c.listPrice ?? c.unitPrice,
        });
    }
    return [...rows.values()];
  };
  return {
    id: line.id,
    kind: line.kind,
    itemId: line.itemId,
    ticketPackId: line.ticketPackId,
    name: localize(named, 'name', locale),
    imageUrl: named.imageUrl,
    date: line.date,
    timeSlot: slot ? { id: slot.id, startTime: slot.startTime, endTime: slot.endTime } : null,
    time: line.packTime,
    seatCodes: cat.seats.get(line.id) ?? [],
    quantities: line.kind === 'pack' ? [] : ages('basic', line.basicPlanId),
    additionalPlans: line.additionalPlans.map((p) => {
      const plan = item?.plans.find((x) => x.id === p.planId);
      return {
        planId: p.planId,
        name: plan ? localize(plan, 'name', locale) : '',
        quantities: ages('additional', p.planId),
      };
    }),
    disabilityQuantity: line.disabilityQuantity,
    companionQuantity: line.companionQuantity,
    disabilityUnitPrice: item?.disabilityPrice ?? null,
    quantity: line.packQuantity,
    packUnitPrice: pack?.price ?? null,
    people: line.people,
    subtotal,
    expiresAt: iso(line.expiresAt),
    advanceInfo: line.advanceInfo,
    advanceInfoFields: item?.advanceInfoFields ?? [],
    lottery: line.lottery,
    pendingOrderId: line.orderId,
    pass: line.kind === 'pass' ? passInfo(line, item, locale) : null,
    memberDiscount: memberDiscountOf(components),
    passVoucher: voucherOf(components),
    voucherPasses: cat.voucherPasses?.get(line.id) ?? [],
    passPool: line.passPool,
  };
}

/** A pass line's product (in the caller's language), holders so far, and whether checkout may go on. */
function passInfo(line: LineRow, item: CatalogueItem | undefined, locale: Locale): CartPassInfo {
  const product = item?.pass?.[locale];
  if (!product || !line.passDetails) throw unavailable();
  const units = passUnitsOf({
    basic: line.quantities,
    disability: line.disabilityQuantity,
    companion: line.companionQuantity,
  });
  return {
    product,
    details: line.passDetails,
    renews: null,
    complete: holdersComplete(units, line.passDetails.holders),
  };
}

export interface CartGroup {
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
  lines: LineRow[];
}

export function presentCart(group: CartGroup, cat: CartCatalogue, locale: Locale): Cart {
  const lines = group.lines.map((l) => presentLine(l, cat, locale));
  const deadlines = lines.map((l) => l.expiresAt).sort();
  return {
    park: { id: group.parkId, name: localize({ nameJa: group.parkNameJa, nameEn: group.parkNameEn }, 'name', locale) },
    lines,
    subtotal: lines.reduce((n, l) => n + l.subtotal, 0),
    memberDiscount: lines.reduce((n, l) => n + (l.memberDiscount ?? 0) + (l.passVoucher?.amount ?? 0), 0),
    expiresAt: deadlines[0] ?? null,
  };
}
