// Pure helpers of the checkout pages: the same ticket and money figures as the server (common/rules/checkout.ts),
// the hold countdown corrected for clock skew, quick-buy lines, and what the steps keep in session storage.

import type { Cart, CartLine } from '../../../../common/dto/cart';
import type { CouponView, OrderLineDetail } from '../../../../common/dto/order';
import type { Locale } from '../../../../common/enums';
import { PaymentMethod } from '../../../../common/enums';
import type { AdvanceAnswers } from '../../../../common/rules/advanceInfo';
import { secondsLeft } from '../../../../common/rules/cart';
import {
  type CouponTerms,
  checkoutTotal,
  couponDiscount,
  isRefusal,
  type PricedTicket,
  type Refusal,
} from '../../../../common/rules/checkout';

// ---------------------------------------------------------------------------------------------
// Lines and money

/** Tickets a line issues at their prices (what coupons apply to): people and packs; add-on plans are not tickets. */
export function ticketsOfLine(line: CartLine): PricedTicket[] {
  const out: PricedTicket[] = [];
  const push = (quantity: number, price: number) => {
    for (let i = 0; i < quantity; i++) out.push({ itemId: line.itemId, price });
  };
  if (line.kind === 'pack') {
    push(line.quantity ?? 0, line.packUnitPrice ?? 0);
    return out;
  }
  for (const q of line.quantities) push(q.quantity, q.unitPrice);
  if (line.disabilityUnitPrice !== null) {
    push(line.disabilityQuantity, line.disabilityUnitPrice);
    push(line.companionQuantity, line.disabilityUnitPrice);
  }
  return out;
}

/** A quick buy (`?quick=<line id>`) pays for that line only; otherwise the whole park's cart. */
export function parseQuick(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n < 2_147_483_647 ? n : null;
}

export function checkoutLines(cart: Cart | undefined, quick: number | null): CartLine[] {
  if (!cart) return [];
  return quick === null ? cart.lines : cart.lines.filter((l) => l.id === quick);
}

export const subtotalOf = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.subtotal, 0);

export const couponTerms = (c: CouponView): CouponTerms => ({
  id: c.userCouponId,
  discountKind: c.discountKind,
  discountValue: c.discountValue,
  scope: c.scope,
  itemIds: c.itemIds,
  parkId: c.parkId,
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  usageLimit: c.usageLimit,
  timesUsed: c.timesUsed,
});

/** Coupons that can be offered for a park's order now (usable, and of this park or any park). */
export const offeredCoupons = (coupons: readonly CouponView[], parkId: number) =>
  coupons.filter((c) => c.status === 'usable' && (c.parkId === null || c.parkId === parkId));

export interface Totals {
  subtotal: number;
  couponDiscount: number;
  coinDiscount: number;
  total: number;
  /** Yen annual pass member discounts already took off `subtotal` (shown as a line; absent: none). */
  memberDiscount?: number;
  /** The first reason the server would refuse these coupons or coins. */
  refusal: Refusal | null;
}

/** The figures of the final confirmation, computed exactly as the server does. */
export function computeTotals(input: {
  lines: readonly CartLine[];
  coupons: readonly CouponView[];
  coins: number;
  ownedCoins: number;
  parkId: number;
  now?: Date;
}): Totals {
  const subtotal = subtotalOf(input.lines);
  const tickets = input.lines.flatMap(ticketsOfLine);
  const discount = couponDiscount(tickets, input.coupons.map(couponTerms), input.parkId, input.now ?? new Date());
  const off = isRefusal(discount) ? 0 : discount.discount;
  const coins = checkoutTotal({ subtotal, couponDiscount: off, coins: input.coins, ownedCoins: input.ownedCoins });
  const rest = Math.max(0, subtotal - off);
  const member = input.lines.reduce((n, l) => n + (l.memberDiscount ?? 0) + (l.passVoucher?.amount ?? 0), 0);
  return {
    subtotal,
    ...(member > 0 ? { memberDiscount: member } : {}),
    couponDiscount: off,
    coinDiscount: isRefusal(coins) ? 0 : coins.coinDiscount,
    total: isRefusal(coins) ? rest : coins.total,
    refusal: isRefusal(discount) ? discount : isRefusal(coins) ? coins : null,
  };
}

/** Coins typed into the field: empty is 0; anything but a whole number is NaN (refused as coinsInvalid). */
export function parseCoins(text: string): number {
  const t = text.trim();
  if (t === '') return 0;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// Hold countdown

/** serverTime minus the local clock when the answer arrived: added to Date.now() to read the server's clock. */
export const clockOffset = (serverTime: string | undefined, localNow = Date.now()) => {
  const t = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isFinite(t) ? t - localNow : 0;
};

/** Seconds left of a hold by the server's clock. */
export const holdSecondsLeft = (expiresAt: string, offsetMs: number, localNow = Date.now()) =>
  secondsLeft(expiresAt, new Date(localNow + offsetMs));

/** 14:05, or 1:02:03 past an hour. */
export function formatCountdown(seconds: number, locale: Locale): string {
  // Units spelled out: "14:03" next to a deadline reads as a time of day.
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  const [hu, mu, su, sep] = locale === 'en' ? [' h', ' min', ' s', ' '] : ['時間', '分', '秒', ''];
  if (h > 0) return [`${h}${hu}`, `${two(m)}${mu}`, `${two(s % 60)}${su}`].join(sep);
  if (m > 0) return [`${m}${mu}`, `${two(s % 60)}${su}`].join(sep);
  return `${s}${su}`;
}

// ---------------------------------------------------------------------------------------------
// Payment methods

/** Methods offered for an order: nothing to pay is coin / free only; lottery lines are card only. */
export function offeredMethods(input: {
  total: number;
  lottery: boolean;
  available: { card: boolean; paypay: boolean; merpay: boolean; konbini?: boolean };
}): PaymentMethod[] {
  if (input.total === 0) return [PaymentMethod.FullCoin];
  const out: PaymentMethod[] = [];
  if (input.available.card) out.push(PaymentMethod.Visa);
  if (!input.lottery) {
    if (input.available.paypay) out.push(PaymentMethod.PayPay);
    if (input.available.merpay) out.push(PaymentMethod.MPay);
    // Paid at a store days later (GMO's limit: 299,999 yen).
    if (input.available.konbini && input.total <= 299_999) out.push(PaymentMethod.Konbini);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Payment errors

/** Reasons the error page explains besides the payment failure reasons (server error codes). */
export const ORDER_ERROR_REASONS = [
  'ticketInfoDeleted',
  'remainingExceeded',
  'cardLimit',
  'seatDeadlinePassed',
  'soldOut',
  'holdExpired',
] as const;
export type OrderErrorReason = (typeof ORDER_ERROR_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Session storage: add-info form state, the checkout draft, the terms answer

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const CHECKOUT_KEYS = {
  /** The add-info form of a park's checkout, per line: { [lineId]: { tickets: [...] } }. */
  addInfoForm: (parkId: number) => `add_info_form:${parkId}`,
  /** Coupons, coins and method chosen on the final confirmation, read by the credit-card page. */
  draft: (parkId: number) => `checkout_draft:${parkId}`,
  /** The terms-of-service answer: 'accept' or 'decline'. */
  termsAnswer: 'terms_of_service_answer',
} as const;

export type AddInfoForm = Record<string, { tickets: Record<string, string>[] }>;

function readJson(storage: KeyStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** The saved add-info form, keeping only well-formed string answers. */
export function readAddInfoForm(parkId: number, storage: KeyStorage = sessionStorage): AddInfoForm {
  const value = readJson(storage, CHECKOUT_KEYS.addInfoForm(parkId));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: AddInfoForm = {};
  for (const [lineId, entry] of Object.entries(value as Record<string, unknown>)) {
    const tickets = (entry as { tickets?: unknown } | null)?.tickets;
    if (!/^\d+$/.test(lineId) || !Array.isArray(tickets)) continue;
    out[lineId] = {
      tickets: tickets.map((t) =>
        Object.fromEntries(
          Object.entries(t && typeof t === 'object' ? (t as Record<string, unknown>) : {}).filter(
            (kv): kv is [string, string] => typeof kv[1] === 'string',
          ),
        ),
      ),
    };
  }
  return out;
}

export function writeAddInfoForm(parkId: number, form: AddInfoForm, storage: KeyStorage = sessionStorage): void {
  storage.setItem(CHECKOUT_KEYS.addInfoForm(parkId), JSON.stringify(form));
}

/** Answers of one line: what was typed in this session, else what the cart line keeps. */
export function answersOf(line: CartLine, form: AddInfoForm): Record<string, string>[] {
  const typed = form[String(line.id)]?.tickets;
  if (typed) return typed;
  const saved = (line.advanceInfo as AdvanceAnswers)?.tickets ?? [];
  return saved.map((row) =>
    Object.fromEntries(Object.entries(row ?? {}).filter((kv): kv is [string, string] => typeof kv[1] === 'string')),
  );
}

export interface CheckoutDraft {
  couponIds: number[];
  coins: number;
  agreement: boolean;
  /** A lottery entry's second and third choices and waitlist opt-in. */
  lotteryChoices?: { date: string; time_slot_id: number | null }[];
  lotteryWaitlist?: boolean;
}

const isChoice = (c: unknown): c is { date: string; time_slot_id: number | null } =>
  typeof c === 'object' &&
  c !== null &&
  /^\d{4}-\d{2}-\d{2}$/.test(String((c as { date?: unknown }).date)) &&
  ((c as { time_slot_id?: unknown }).time_slot_id === null ||
    Number.isInteger((c as { time_slot_id?: unknown }).time_slot_id));

export function readDraft(parkId: number, storage: KeyStorage = sessionStorage): CheckoutDraft | null {
  const v = readJson(storage, CHECKOUT_KEYS.draft(parkId)) as Partial<CheckoutDraft> | null;
  if (!v || !Array.isArray(v.couponIds) || typeof v.coins !== 'number' || typeof v.agreement !== 'boolean') {
    return null;
  }
  return {
    couponIds: v.couponIds.filter((x): x is number => Number.isInteger(x) && x > 0),
    coins: Number.isInteger(v.coins) && v.coins >= 0 ? v.coins : 0,
    agreement: v.agreement,
    ...(Array.isArray(v.lotteryChoices) ? { lotteryChoices: v.lotteryChoices.filter(isChoice).slice(0, 2) } : {}),
    ...(v.lotteryWaitlist === true ? { lotteryWaitlist: true } : {}),
  };
}

export function writeDraft(parkId: number, draft: CheckoutDraft, storage: KeyStorage = sessionStorage): void {
  storage.setItem(CHECKOUT_KEYS.draft(parkId), JSON.stringify(draft));
}

/** After a completed order: nothing of this checkout is needed any more. */
export function clearCheckout(parkId: number, storage: KeyStorage = sessionStorage): void {
  storage.removeItem(CHECKOUT_KEYS.addInfoForm(parkId));
  storage.removeItem(CHECKOUT_KEYS.draft(parkId));
}

/** A park id from the route: a positive int4. */
export function parseParkId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n < 2_147_483_647 ? n : null;
}

/**
 * What a completed order line holds: a pack line counts packs, and its tickets (a pack holds several: one per
 * item of the pack) apart; an item line counts people (add-ons are not tickets).
 */
export function lineCounts(line: Pick<OrderLineDetail, 'ticketPackId' | 'units' | 'ticketNumbers'>) {
  if (line.ticketPackId !== null) {
    return { packs: line.units.reduce((n, u) => n + u.quantity, 0), tickets: line.ticketNumbers.length };
  }
  return {
    packs: null,
    tickets: line.units.filter((u) => u.kind !== 'additional').reduce((n, u) => n + u.quantity, 0),
  };
}
