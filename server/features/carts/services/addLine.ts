import type { Knex } from 'knex';
import {
  checkPackTotal,
  holdExpiresAt,
  normalizeSeatCodes,
  peopleOf,
  REASON_MESSAGES,
} from '../../../../common/rules/cart';
import { DomainError, notFound } from '../../../lib/errors';
import { auditHolds } from '../../stock/audit';
import {
  assertItemSellable,
  assertPackSellable,
  assertVisible,
  type CatalogueItem,
  type CataloguePack,
  loadItems,
  loadPacks,
  reasonOnLoadedDate,
} from '../../stock/catalogue';
import { changeHeld, ensureStockUnits } from '../../stock/queries';
import { holdSeats, seatIdsOf } from '../../stock/services/seats';
import {
  assertLineQuantities,
  assertPlansSold,
  itemUnit,
  type LineRow,
  type LineUnit,
  lockCart,
  normalizeQuantities,
  packUnits,
  peopleInCart,
  type QuantityInput,
  slotOf,
} from '../lines';
import { assertPhoneRegistered, type CartOwner } from '../owner';
import type { CartCatalogue } from '../presentCart';

export interface AddLineInput extends QuantityInput {
  itemId?: number;
  ticketPackId?: number;
  linkId?: string;
  date: string;
  timeSlotId?: number;
  time?: string;
  seatCodes?: string[];
  /** Packs: number of packs. */
  quantity?: number;
}

interface Plan {
  parkId: number;
  line: Omit<LineRow, 'id' | 'cartId' | 'expiresAt' | 'createdAt'>;
  units: LineUnit[];
  seatCodes: string[];
  catalogue: CartCatalogue;
  item?: CatalogueItem;
}

async function planItemLine(db: Knex, input: AddLineInput, itemId: number, now: Date): Promise<Plan> {
  const item = (await loadItems(db, [itemId], input.date)).get(itemId);
  if (!item) throw notFound();
  assertVisible(item, input.linkId);
  if (input.quantity !== undefined) throw new DomainError('invalidParam', 400, { field: 'quantity' });
  assertItemSellable(item, input.date, now);
  const slot = slotOf(item, input.timeSlotId);
  const q = normalizeQuantities(input);
  const basicPlanId = assertPlansSold(item, q);
  const seatCodes = normalizeSeatCodes(input.seatCodes ?? []);
  // Lottery entries hold no stock until drawn, and winners choose their seats afterwards.
  const seated = item.seatSelection && !item.lottery;
  if (!seated && seatCodes.length > 0) throw new DomainError('seatsNotSelectable', 400);
  assertLineQuantities(item, q, 0, seated ? seatCodes.length : null);
  const people = peopleOf(q);
  return {
    parkId: item.parkId,
    item,
    line: {
      kind: 'item',
      itemId: item.id,
      ticketPackId: null,
      date: input.date,
      timeSlotId: slot?.id ?? null,
      packTime: null,
      basicPlanId,
      quantities: q.basic,
      additionalPlans: q.additional,
      disabilityQuantity: q.disability,
      companionQuantity: q.companion,
      packQuantity: null,
      people,
      lottery: item.lottery,
      advanceInfo: null,
    },
    units: item.lottery ? [] : [itemUnit(item, input.date, slot?.id ?? null, people)],
    seatCodes,
    catalogue: { items: new Map([[item.id, item]]), packs: new Map(), seats: new Map() },
  };
}

async function planPackLine(db: Knex, input: AddLineInput, packId: number, now: Date): Promise<Plan> {
  const pack: CataloguePack | undefined = (await loadPacks(db, [packId])).get(packId);
  if (!pack) throw notFound();
  assertVisible(pack, input.linkId);
  // Packs are priced per pack: no age groups, plans, disability places or slots of their own.
  const itemOnly = { quantities: input.quantities?.length, additional_plans: input.additionalPlans?.length };
  for (const [field, n] of Object.entries(itemOnly)) if (n) throw new DomainError('invalidParam', 400, { field });
  for (const [field, v] of Object.entries({
    disability_quantity: input.disabilityQuantity,
    companion_quantity: input.companionQuantity,
    time_slot_id: input.timeSlotId,
  })) {
    if (v) throw new DomainError('invalidParam', 400, { field });
  }
  if ((input.seatCodes ?? []).length > 0) throw new DomainError('seatsNotSelectable', 400);
  assertPackSellable(pack, input.date, now);
  if (!input.time || !pack.selectableTimes.includes(input.time)) throw new DomainError('timeSlotInvalid', 400);
  const total = input.quantity ?? 0;
  const error = checkPackTotal(pack, total);
  if (error) throw new DomainError(error.key, 400, error.params);
  const items = await loadItems(
    db,
    pack.contents.map((c) => c.itemId),
    input.date,
  );
  for (const c of pack.contents) {
    const item = items.get(c.itemId);
    if (!item) throw notFound();
    const reason = reasonOnLoadedDate(item, input.date, now);
    if (reason) throw new DomainError(REASON_MESSAGES[reason], 400);
  }
  return {
    parkId: pack.parkId,
    line: {
      kind: 'pack',
      itemId: null,
      ticketPackId: pack.id,
      date: input.date,
      timeSlotId: null,
      packTime: input.time,
      basicPlanId: null,
      quantities: [],
      additionalPlans: [],
      disabilityQuantity: 0,
      companionQuantity: 0,
      packQuantity: total,
      people: total,
      lottery: false,
      advanceInfo: null,
    },
    units: packUnits(pack, items, input.date, input.time, total),
    seatCodes: [],
    catalogue: { items, packs: new Map([[pack.id, pack]]), seats: new Map() },
  };
}

/**
 * Adds one line to the owner's cart of the item's (or pack's) park and holds its stock until `expiresAt`
 * (HOLD_MINUTES). Everything is checked before the transaction; inside it the cart is locked, limits across the
 * cart's lines are checked, the line, holds, seats and audit rows are written, and the stock is taken last (one
 * conditional UPDATE per unit, in id order), so a unit's row lock lives only until the commit. Sold out is a 409
 * and changes nothing.
 */
export async function addCartLine(knex: Knex, owner: CartOwner, input: AddLineInput, now = new Date()) {
  await assertPhoneRegistered(knex, owner);
  const plan =
    input.itemId !== undefined
      ? await planItemLine(knex, input, input.itemId, now)
      : await planPackLine(knex, input, input.ticketPackId as number, now);
  const unitIds = await ensureStockUnits(knex, plan.units);
  const seatIds = plan.seatCodes.length && plan.item ? await seatIdsOf(knex, plan.item.id, plan.seatCodes) : [];
  const expiresAt = holdExpiresAt(now);

  const line = await knex.transaction(async (trx) => {
    const cartId = await lockCart(trx, owner, plan.parkId);
    const { line: l } = plan;
    if (l.kind === 'item' && plan.item) {
      const already = await peopleInCart(trx, cartId, { itemId: plan.item.id, date: l.date, timeSlotId: l.timeSlotId });
      assertLineQuantities(
        plan.item,
        {
          basic: l.quantities,
          additional: l.additionalPlans,
          disability: l.disabilityQuantity,
          companion: l.companionQuantity,
        },
        already,
        plan.seatCodes.length ? plan.seatCodes.length : null,
      );
    }
    const [row] = (await trx('cart_lines')
      .insert({
        cart_id: cartId,
        kind: l.kind,
        item_id: l.itemId,
        ticket_pack_id: l.ticketPackId,
        date: l.date,
        time_slot_id: l.timeSlotId,
        pack_time: l.packTime,
        basic_plan_id: l.basicPlanId,
        quantities: JSON.stringify(l.quantities),
        additional_plans: JSON.stringify(l.additionalPlans),
        disability_quantity: l.disabilityQuantity,
        companion_quantity: l.companionQuantity,
        pack_quantity: l.packQuantity,
        people: l.people,
        lottery: l.lottery,
        expires_at: expiresAt,
      })
      .returning(['id', 'created_at'])) as { id: number; createdAt: Date }[];
    if (!row) throw new Error('line insert returned nothing');
    const lineId = Number(row.id);
    if (plan.units.length > 0) {
      const holds = (await trx('stock_holds')
        .insert(
          plan.units.map((u, i) => ({
            stock_unit_id: unitIds[i],
            cart_line_id: lineId,
            quantity: u.quantity,
            expires_at: expiresAt,
          })),
        )
        .returning(['id', 'stock_unit_id', 'quantity'])) as { id: number; stockUnitId: number; quantity: number }[];
      const first = holds[0];
      if (seatIds.length && first) await holdSeats(trx, Number(first.stockUnitId), Number(first.id), seatIds);
      await auditHolds(
        trx,
        holds.map((h) => ({
          holdId: Number(h.id),
          action: 'created' as const,
          actorUserId: owner.userId,
          data: { stockUnitId: Number(h.stockUnitId), quantity: h.quantity, cartLineId: lineId, owner: owner.key },
        })),
      );
      const deltas = new Map<number, number>();
      plan.units.forEach((u, i) => {
        const id = unitIds[i] as number;
        deltas.set(id, (deltas.get(id) ?? 0) + u.quantity);
      });
      await changeHeld(trx, deltas);
    }
    return { ...l, id: lineId, cartId, expiresAt, createdAt: row.createdAt } satisfies LineRow;
  });
  plan.catalogue.seats.set(line.id, plan.seatCodes);
  return { line, parkId: plan.parkId, catalogue: plan.catalogue };
}
