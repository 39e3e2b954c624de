// Cart rules shared by the server (which enforces them) and the PWA (which shows them before asking):
// hold deadline, people counted against stock, per-line limits, pack totals, the disability companion rule,
// availability status, seat codes and line prices. Pure functions, no Node, no DOM.
import { FEW_LEFT_THRESHOLD } from '../enums';
import type { ErrorCode } from '../errorCodes';
import type { PurchaseMessageKey } from '../purchaseMessages';
import type { UnavailableReason } from './availability';

/** A cart line holds its stock for this long; the PWA counts down to `expiresAt`. */
export const HOLD_MINUTES = 15;
export const HOLD_MS = HOLD_MINUTES * 60_000;
/**
 * A pass line (issue 29) holds nothing scarce, and naming holders and taking their photos takes longer than a
 * hold: it stays this long.
 */
export const PASS_LINE_MINUTES = 60;

/** `GET /api/v1/items/{id}/availability` answers at most this many days at once. */
export const AVAILABILITY_MAX_DAYS = 62;

/** How many lines a cart call may name at once (PUT, DELETE). */
export const MAX_LINES_PER_CALL = 50;

/** The deadline of a hold taken at `now`. */
export function holdExpiresAt(now: Date = new Date()): Date {
  return new Date(now.getTime() + HOLD_MS);
}

/** Whole seconds left until `expiresAt` (0 once passed): the PWA's countdown. */
export function secondsLeft(expiresAt: Date | string, now: Date = new Date()): number {
  const end = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  return Math.max(0, Math.ceil((end - now.getTime()) / 1000));
}

// ---------------------------------------------------------------------------------------------
// Quantities of an item line

export interface AgeQuantity {
  ageGroupId: number;
  quantity: number;
}

export interface AdditionalPlanQuantities {
  planId: number;
  quantities: AgeQuantity[];
}

export interface LineQuantities {
  /** People on the basic plan, per age group. */
  basic: AgeQuantity[];
  /** Optional add-ons: at most one per person of the same age group on the basic plan. */
  additional: AdditionalPlanQuantities[];
  /** Disabled people, at the disability price. */
  disability: number;
  /** Accompanying persons: at most one per disabled person, also at the disability price. */
  companion: number;
}

export interface ItemLimits {
  minimumParticipant: number;
  maxPerOrder: number;
  /** Yen, or null when the item has no disability price (then no disability places can be added). */
  disabilityPrice: number | null;
}

const sum = (xs: readonly AgeQuantity[]) => xs.reduce((n, q) => n + q.quantity, 0);

/** People a line admits, which is what it takes from stock (add-ons take no places). */
export function peopleOf(q: Pick<LineQuantities, 'basic' | 'disability' | 'companion'>): number {
  return sum(q.basic) + q.disability + q.companion;
}

export interface RuleError {
  /** The cart's rules answer with the purchase messages only (the ticket pages show them: purchaseMessages.ts). */
  key: PurchaseMessageKey & ErrorCode;
  params?: Record<string, string | number>;
}

/**
 * Whether a line's quantities are acceptable for an item. `alreadyInCart` counts the people the same owner already
 * has in other lines of the same item, date and slot: `maxPerOrder` applies to them together.
 */
export function checkLineQuantities(
  item: ItemLimits,
  q: LineQuantities,
  alreadyInCart = 0,
  seatCount: number | null = null,
): RuleError | null {
  const all = [...q.basic, ...q.additional.flatMap((a) => a.quantities)];
  if ([q.disability, q.companion, ...all.map((x) => x.quantity)].some((n) => !Number.isInteger(n) || n < 0)) {
    return { key: 'quantityInvalid' };
  }
  if (q.companion > q.disability) return { key: 'companionRule' };
  if (q.disability > 0 && item.disabilityPrice === null) return { key: 'noDisabilityPrice' };
  const basicByAge = new Map<number, number>();
  for (const b of q.basic) basicByAge.set(b.ageGroupId, (basicByAge.get(b.ageGroupId) ?? 0) + b.quantity);
  for (const plan of q.additional) {
    for (const a of plan.quantities) {
      if (a.quantity > (basicByAge.get(a.ageGroupId) ?? 0)) return { key: 'additionalPlanRule' };
    }
  }
  const people = peopleOf(q);
  if (people === 0) return { key: 'quantityRequired' };
  if (people < item.minimumParticipant) return { key: 'minimumParticipant', params: { min: item.minimumParticipant } };
  if (people + alreadyInCart > item.maxPerOrder) {
    return { key: 'maxPerOrder', params: { max: item.maxPerOrder } };
  }
  if (seatCount !== null && seatCount !== people) return { key: 'seatCountMismatch', params: { count: people } };
  return null;
}

/** A pack line: the number of packs must lie within the pack's minimum and maximum totals. */
export function checkPackTotal(pack: { minTotal: number; maxTotal: number }, total: number): RuleError | null {
  if (!Number.isInteger(total) || total < pack.minTotal || total > pack.maxTotal) {
    return { key: 'packTotalRange', params: { min: pack.minTotal, max: pack.maxTotal } };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Availability

export type AvailabilityStatus = 'available' | 'few' | 'soldOut' | 'unavailable';

/** Unavailable for a reason of the calendar, or because the item is not on sale at all. */
/** notInLotteryRound: a lottery item's date that no round taking entries now covers. */
export type AvailabilityReason = UnavailableReason | 'notOnSale' | 'notInLotteryRound';

export function availabilityStatus(remaining: number, reason: AvailabilityReason | null): AvailabilityStatus {
  if (reason !== null) return 'unavailable';
  if (remaining <= 0) return 'soldOut';
  if (remaining < FEW_LEFT_THRESHOLD) return 'few';
  return 'available';
}

/** The status of a date with several slots: the best of its slots (remaining summed). */
export function combineStatuses(
  slots: readonly { remaining: number; status: AvailabilityStatus }[],
): AvailabilityStatus {
  if (slots.length === 0 || slots.every((s) => s.status === 'unavailable')) return 'unavailable';
  const remaining = slots.filter((s) => s.status !== 'unavailable').reduce((n, s) => n + Math.max(0, s.remaining), 0);
  return availabilityStatus(remaining, null);
}

export const REASON_MESSAGES: Record<AvailabilityReason, ErrorCode> = {
  outsidePeriod: 'dateOutsidePeriod',
  excludedDay: 'dateExcluded',
  parkClosed: 'dateParkClosed',
  deadlinePassed: 'dateDeadlinePassed',
  notOnSale: 'itemNotOnSale',
  notInLotteryRound: 'dateNotInLotteryRound',
};

// ---------------------------------------------------------------------------------------------
// Seats

const SEAT_CODE = /^([A-Z]{1,2})-([1-9]\d{0,2})$/;

/** Seat codes are a row label and a number: 'A-1', 'AB-12'. */
export function seatCode(row: string, number: number): string {
  return `${row}-${number}`;
}

export function parseSeatCode(code: string): { row: string; number: number } | null {
  const m = SEAT_CODE.exec(code);
  return m?.[1] && m[2] ? { row: m[1], number: Number(m[2]) } : null;
}

/** Row labels A, B, … Z, AA, AB, … for a seat map of `rows` rows. */
export function rowLabel(index: number): string {
  const letter = (i: number) => String.fromCharCode(65 + i);
  return index < 26 ? letter(index) : letter(Math.floor(index / 26) - 1) + letter(index % 26);
}

/** Seat codes given in a request: trimmed, upper-cased, distinct, in seat order (row, then number). */
export function normalizeSeatCodes(codes: readonly string[]): string[] {
  const out = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  return out.sort((a, b) => {
    const x = parseSeatCode(a);
    const y = parseSeatCode(b);
    if (!x || !y) return a.localeCompare(b);
    return x.row.length - y.row.length || x.row.localeCompare(y.row) || x.number - y.number;
  });
}

// ---------------------------------------------------------------------------------------------
// Prices (yen, integers, tax included)

export interface PriceComponent {
  kind: 'basic' | 'additional' | 'disability' | 'companion' | 'pack';
  quantity: number;
  /** Yen per unit, tax included. */
  unitPrice: number;
}

/** quantity x unit price, summed; refuses anything but non-negative integers (never floats for money). */
export function subtotalOf(components: readonly Pick<PriceComponent, 'quantity' | 'unitPrice'>[]): number {
  let total = 0;
  for (const c of components) {
    if (!Number.isSafeInteger(c.quantity) || !Number.isSafeInteger(c.unitPrice) || c.quantity < 0 || c.unitPrice < 0) {
      throw new Error(`not a yen amount: ${c.quantity} x ${c.unitPrice}`);
    }
    total += c.quantity * c.unitPrice;
  }
  return total;
}
