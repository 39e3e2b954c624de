import type { Knex } from 'knex';
import {
  checkPackTotal,
  holdExpiresAt,
  normalizeSeatCodes,
  peopleOf,
  REASON_MESSAGES,
} from '../../../../common/rules/cart';
import { tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import {
  type AddCartLineResult,
  addCartLineStatement,
  assertItemSellable,
  assertPackSellable,
  assertVisible,
  type CatalogueItem,
  type CataloguePack,
  cachedRead,
  hotKeyOf,
  loadItems,
  loadPacks,
  openLotteryFor,
  reasonOnLoadedDate,
} from '../../stock';
import type { Admission } from '../../waitingRoom';
import {
  assertLineQuantities,
  assertPassPool,
  assertPlansSold,
  itemUnit,
  LINE_COLUMNS,
  type LineRow,
  type LineUnit,
  lineOf,
  normalizeQuantities,
  packUnits,
  type QuantityInput,
  slotOf,
} from '../lines';
import { assertPhoneRegistered, type CartOwner } from '../owner';
import type { CartCatalogue } from '../presentCart';
import { addPassLine } from './addPassLine';

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
  /** Timed items: take the places set aside for pass holders (stock pool 1). */
  passPool?: boolean;
}

/** What the route takes: an annual pass has no day of use, so its line needs no date (a ticket's and a pack's do). */
export type AddLineRequest = Omit<AddLineInput, 'date'> & { date?: string | undefined };

interface Plan {
  parkId: number;
  line: Omit<LineRow, 'id' | 'cartId' | 'expiresAt' | 'createdAt'>;
  units: LineUnit[];
  seatCodes: string[];
  catalogue: CartCatalogue;
  item?: CatalogueItem;
  /** Pass-holder places: the buyer's holders, the most people the cart's pool lines of the slot may have. */
  passPoolMax?: number;
}

async function loadItem(db: Knex, input: AddLineInput, itemId: number, ttl: number): Promise<CatalogueItem> {
  const item = (
    await cachedRead(db, `items:${itemId}:${input.date}`, ttl, () => loadItems(db, [itemId], input.date))
  ).get(itemId);
  if (!item) throw notFound();
  assertVisible(item, input.linkId);
  return item;
}

async function planItemLine(
  db: Knex,
  owner: CartOwner,
  input: AddLineInput,
  item: CatalogueItem,
  now: Date,
): Promise<Plan> {
  if (input.quantity !== undefined) throw new DomainError('invalidParam', { field: 'quantity' });
  assertItemSellable(item, input.date, now);
  // A lottery line is an entry to come: its date must be in a round taking entries now, said at once.
  if (item.lottery) await openLotteryFor(db, item.id, input.date, now);
  const slot = slotOf(item, input.timeSlotId);
  const q = normalizeQuantities(input);
  const basicPlanId = assertPlansSold(item, q);
  const seatCodes = normalizeSeatCodes(input.seatCodes ?? []);
  // Lottery entries hold no stock until drawn, and winners choose their seats afterwards.
  const seated = item.seatSelection && !item.lottery;
  if (!seated && seatCodes.length > 0) throw new DomainError('seatsNotSelectable');
  assertLineQuantities(item, q, 0, seated ? seatCodes.length : null);
  const people = peopleOf(q);
  const passPool = input.passPool === true;
  const passPoolMax = passPool
    ? await assertPassPool(db, owner, item, { date: input.date, timeSlotId: slot?.id ?? null }, people)
    : undefined;
  return {
    passPoolMax,
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
      orderId: null,
      passDetails: null,
      passVoucher: null,
      passPool,
    },
    units: item.lottery ? [] : [itemUnit(item, input.date, slot?.id ?? null, people, passPool)],
    seatCodes,
    catalogue: { items: new Map([[item.id, item]]), packs: new Map(), seats: new Map(), member: new Map() },
  };
}

async function planPackLine(db: Knex, input: AddLineInput, packId: number, now: Date, ttl: number): Promise<Plan> {
  const pack: CataloguePack | undefined = (
    await cachedRead(db, `packs:${packId}`, ttl, () => loadPacks(db, [packId]))
  ).get(packId);
  if (!pack) throw notFound();
  assertVisible(pack, input.linkId);
  // Packs are priced per pack: no age groups, plans, disability places or slots of their own.
  const itemOnly = { quantities: input.quantities?.length, additional_plans: input.additionalPlans?.length };
  for (const [field, n] of Object.entries(itemOnly)) if (n) throw new DomainError('invalidParam', { field });
  for (const [field, v] of Object.entries({
    disability_quantity: input.disabilityQuantity,
    companion_quantity: input.companionQuantity,
    time_slot_id: input.timeSlotId,
  })) {
    if (v) throw new DomainError('invalidParam', { field });
  }
  if ((input.seatCodes ?? []).length > 0) throw new DomainError('seatsNotSelectable');
  assertPackSellable(pack, input.date, now);
  if (!input.time || !pack.selectableTimes.includes(input.time)) throw new DomainError('timeSlotInvalid');
  const total = input.quantity ?? 0;
  const error = checkPackTotal(pack, total);
  if (error) throw new DomainError(error.key, error.params);
  const contentIds = pack.contents.map((c) => c.itemId);
  const items = await cachedRead(db, `items:${contentIds.join(',')}:${input.date}`, ttl, () =>
    loadItems(db, contentIds, input.date),
  );
  for (const c of pack.contents) {
    const item = items.get(c.itemId);
    if (!item) throw notFound();
    const reason = reasonOnLoadedDate(item, input.date, now);
    if (reason) throw new DomainError(REASON_MESSAGES[reason]);
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
      orderId: null,
      passDetails: null,
      passVoucher: null,
      passPool: false,
    },
    units: packUnits(pack, items, input.date, input.time, total),
    seatCodes: [],
    catalogue: { items, packs: new Map([[pack.id, pack]]), seats: new Map(), member: new Map() },
  };
}

const FUNCTION_ERRORS = new Set([
  'soldOut',
  'maxPerOrder',
  'seatUnknown',
  'seatDeadlinePassed',
  'passPoolTooMany',
  'waitingRoomAdmissionUsed',
]);

/** The code a failure of zoo_add_cart_line raised (its message), if it is one of ours. */
function functionError(err: unknown): string | null {
  const e = err as { code?: string; message?: string };
  if (e?.code !== 'P0001' || typeof e.message !== 'string') return null;
  const code = e.message.split(' - ').pop()?.trim() ?? '';
  return FUNCTION_ERRORS.has(code) ? code : null;
}

export interface AddLineOptions {
  /** How long the item/pack rules read for an add may be reused (ms, 0 = never; the route caps it at 2 s). */
  catalogueTtlMs?: number;
  /** The item's waiting room admission (waitingRoom admissionFor): spent with the line, in its statement. */
  admission?: Admission | null;
}

/**
 * Adds one line to the owner's cart of the item's (or pack's) park and holds its stock until `expiresAt`
 * (HOLD_MINUTES). Everything is checked here first (sale window, date, slot, plans, quantities, seats count, pack
 * total); then ONE statement, the function zoo_add_cart_line (stock/sql/add_cart_line.sql, run by
 * stock/addCartLines.ts, which commits adds on one hot stock row together), makes the stock rows if
 * needed, answers sold out before writing anything when too few places are left, locks the cart, checks
 * max_per_order over the cart's lines, writes the line, holds, audit rows and seats, and takes the stock last (one
 * conditional UPDATE per row, in id order). Sold out is a 409 and changes nothing. A waiting room's admission is
 * spent first in that same statement: with the line, or not at all.
 */
export async function addCartLine(
  knex: Knex,
  owner: CartOwner,
  request: AddLineRequest,
  now = new Date(),
  options: AddLineOptions = {},
) {
  await assertPhoneRegistered(knex, owner);
  const ttl = options.catalogueTtlMs ?? 0;
  // An item's sale rules are read for the asked day; a pass (no day asked) for today.
  const loadFor: AddLineInput = { ...request, date: request.date ?? tokyoDate(now) };
  const item = request.itemId !== undefined ? await loadItem(knex, loadFor, request.itemId, ttl) : null;
  if (item?.pass) {
    if (request.passPool) throw new DomainError('passPoolUnavailable');
    // An annual pass: no day of use, nothing held (addPassLine.ts).
    const line = await addPassLine(knex, owner, item, loadFor, now, options.admission ?? null);
    const catalogue: CartCatalogue = {
      items: new Map([[item.id, item]]),
      packs: new Map(),
      seats: new Map(),
      member: new Map(),
    };
    return { line, parkId: item.parkId, catalogue, holdIds: [] as number[] };
  }
  if (request.date === undefined) throw new DomainError('required', { field: 'date' });
  const input: AddLineInput = { ...request, date: request.date };
  if (!item && input.passPool) throw new DomainError('passPoolUnavailable');
  const plan = item
    ? await planItemLine(knex, owner, input, item, now)
    : await planPackLine(knex, input, input.ticketPackId as number, now, ttl);
  const expiresAt = holdExpiresAt(now);
  const l = plan.line;
  const call = {
    ownerKey: owner.key,
    userId: owner.userId,
    guestUserId: owner.guestUserId,
    parkId: plan.parkId,
    line: plan.passPoolMax === undefined ? l : { ...l, passPoolMax: plan.passPoolMax },
    maxPeople: l.kind === 'item' && plan.item ? plan.item.maxPerOrder : null,
    units: plan.units,
    seatCodes: plan.seatCodes,
    expiresAt,
    admission: options.admission ?? null,
  };
  let result: AddCartLineResult;
  try {
    // Adds on one stock row (a flash sale's hot slot) may be committed together.
    result = await addCartLineStatement(knex, call, hotKeyOf(call));
  } catch (err) {
    const code = functionError(err);
    if (code === 'soldOut') throw new DomainError('soldOut');
    if (code === 'seatDeadlinePassed') throw new DomainError('seatDeadlinePassed');
    if (code === 'seatUnknown') throw new DomainError('seatUnknown');
    if (code === 'waitingRoomAdmissionUsed') throw new DomainError('waitingRoomAdmissionUsed');
    if (code === 'maxPerOrder') throw new DomainError('maxPerOrder', { max: plan.item?.maxPerOrder ?? 0 });
    if (code === 'passPoolTooMany') throw new DomainError('passPoolTooMany', { max: plan.passPoolMax ?? 0 });
    // The slot was removed after the item's rules were read (they are reused for up to 2 s): its new stock row
    // has nothing to point at, and nothing was written.
    if ((err as { code?: string }).code === '23503') throw new DomainError('timeSlotInvalid');
    throw err;
  }
  // The same ticket again grew the line that had it: answer that line as it now is.
  const line: LineRow = result.merged
    ? lineOf((await knex('cart_lines').where('cart_lines.id', result.lineId).first(LINE_COLUMNS)) as LineRow)
    : {
        ...l,
        id: Number(result.lineId),
        cartId: Number(result.cartId),
        expiresAt,
        createdAt: new Date(result.createdAt),
      };
  const catalogue: CartCatalogue = { ...plan.catalogue, seats: new Map([[line.id, plan.seatCodes]]) };
  return { line, parkId: plan.parkId, catalogue, holdIds: result.holdIds.map(Number) };
}
