import type { Knex } from 'knex';
import {
  checkPackTotal,
  holdExpiresAt,
  normalizeSeatCodes,
  peopleOf,
  REASON_MESSAGES,
} from '../../../../common/rules/cart';
import { DomainError, notFound } from '../../../lib/errors';
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
import { addTo, changeHeld, ensureStockUnits, type UnitState } from '../../stock/queries';
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
  const units = await ensureStockUnits(knex, plan.units);
  // Not enough left right now: sold out, without a transaction (a hint read; when there seem to be enough, the
  // conditional UPDATE below still decides).
  const wanted = new Map<number, number>();
  for (const [i, u] of plan.units.entries()) addTo(wanted, (units[i] as UnitState).id, u.quantity);
  for (const unit of units) if (unit.remaining < (wanted.get(unit.id) ?? 0)) throw new DomainError('soldOut', 409);
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
    const inserted = await insertLine(
      trx,
      { ...l, cartId, expiresAt },
      plan.units.map((u, i) => ({ stockUnitId: (units[i] as UnitState).id, quantity: u.quantity })),
      owner,
    );
    const first = inserted.holds[0];
    if (seatIds.length && first) await holdSeats(trx, first.stockUnitId, first.id, seatIds);
    // Last: the stock itself (row locks until the commit).
    await changeHeld(trx, wanted);
    return { ...l, id: inserted.lineId, cartId, expiresAt, createdAt: inserted.createdAt } satisfies LineRow;
  });
  plan.catalogue.seats.set(line.id, plan.seatCodes);
  return { line, parkId: plan.parkId, catalogue: plan.catalogue };
}

/**
 * The line, its holds and their audit rows in ONE statement (data-modifying CTEs): few round trips while the
 * cart is locked.
 */
async function insertLine(
  trx: Knex.Transaction,
  l: Omit<LineRow, 'id' | 'createdAt'>,
  holds: { stockUnitId: number; quantity: number }[],
  owner: CartOwner,
): Promise<{ lineId: number; createdAt: Date; holds: { id: number; stockUnitId: number }[] }> {
  const lineSql = `INSERT INTO cart_lines (cart_id, kind, item_id, ticket_pack_id, date, time_slot_id, pack_time,
      basic_plan_id, quantities, additional_plans, disability_quantity, companion_quantity, pack_quantity, people,
      lottery, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?) RETURNING id, created_at`;
  const lineBindings = [
    l.cartId,
    l.kind,
    l.itemId,
    l.ticketPackId,
    l.date,
    l.timeSlotId,
    l.packTime,
    l.basicPlanId,
    JSON.stringify(l.quantities),
    JSON.stringify(l.additionalPlans),
    l.disabilityQuantity,
    l.companionQuantity,
    l.packQuantity,
    l.people,
    l.lottery,
    l.expiresAt,
  ];
  if (holds.length === 0) {
    const { rows } = (await trx.raw(lineSql, lineBindings)) as { rows: { id: number; created_at: Date }[] };
    const row = rows[0];
    if (!row) throw new Error('line insert returned nothing');
    return { lineId: Number(row.id), createdAt: row.created_at, holds: [] };
  }
  const { rows } = (await trx.raw(
    `WITH line AS (${lineSql}),
    holds AS (
      INSERT INTO stock_holds (stock_unit_id, cart_line_id, quantity, expires_at)
      SELECT u.unit_id, line.id, u.quantity, ?::timestamptz
      FROM line, (VALUES ${holds.map(() => '(?::bigint, ?::int)').join(', ')}) AS u(unit_id, quantity)
      RETURNING id, stock_unit_id, quantity, cart_line_id
    ),
    audit AS (
      INSERT INTO audit_logs (entity, entity_id, action, actor_user_id, data)
      SELECT 'stock_hold', holds.id::text, 'hold.created', ?::int, jsonb_build_object('stockUnitId', holds.stock_unit_id,
        'quantity', holds.quantity, 'cartLineId', holds.cart_line_id, 'owner', ?::text)
      FROM holds
    )
    SELECT line.id, line.created_at,
      (SELECT json_agg(json_build_object('id', holds.id, 'stockUnitId', holds.stock_unit_id) ORDER BY holds.id)
       FROM holds) AS holds
    FROM line`,
    [...lineBindings, l.expiresAt, ...holds.flatMap((h) => [h.stockUnitId, h.quantity]), owner.userId, owner.key],
  )) as { rows: { id: number; created_at: Date; holds: { id: number; stockUnitId: number }[] | string }[] };
  const row = rows[0];
  if (!row) throw new Error('line insert returned nothing');
  const list = typeof row.holds === 'string' ? JSON.parse(row.holds) : row.holds;
  return {
    lineId: Number(row.id),
    createdAt: row.created_at,
    holds: (list as { id: number; stockUnitId: number }[]).map((h) => ({
      id: Number(h.id),
      stockUnitId: Number(h.stockUnitId),
    })),
  };
}
