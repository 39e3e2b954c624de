// Checkout money rules shared by the server (which decides) and the PWA (which shows the same figures before
// asking): coupon discounts, coins, totals. Integer yen, tax included; percent discounts round down.

import type { ErrorCode } from '../errorCodes';

export type CouponScope = 'each_ticket' | 'listed_items';

export interface CouponTerms {
  id: number;
  discountKind: 'percent' | 'yen';
  discountValue: number;
  scope: CouponScope;
  /** listed_items: the items it applies to. */
  itemIds: readonly number[];
  /** null: any park. */
  parkId: number | null;
  validFrom: string;
  validUntil: string;
  usageLimit: number;
  /** Orders of this holder it is already used on (failed orders excepted). */
  timesUsed: number;
}

/** One ticket (one person, or one pack) of the order, at its price. */
export interface PricedTicket {
  itemId: number | null;
  price: number;
}

export type Refusal = { error: ErrorCode; params?: Record<string, string | number> };

/** Why a coupon cannot be used on this order now, or null. */
export function couponRefusal(coupon: CouponTerms, parkId: number, now: Date): Refusal | null {
  const t = now.getTime();
  if (t < Date.parse(coupon.validFrom) || t > Date.parse(coupon.validUntil)) return { error: 'couponExpired' };
  if (coupon.timesUsed >= coupon.usageLimit) return { error: 'couponUsedUp' };
  if (coupon.parkId !== null && coupon.parkId !== parkId) return { error: 'couponNotApplicable' };
  return null;
}

const offOne = (coupon: CouponTerms, price: number) =>
  Math.min(
    price,
    coupon.discountKind === 'percent' ? Math.floor((price * coupon.discountValue) / 100) : coupon.discountValue,
  );

/**
 * The coupon discount of an order. Coupons for each ticket and coupons for listed items cannot be combined,
 * and at most one each-ticket coupon applies; listed-item coupons may be several, each ticket taking the best
 * one that lists its item. A coupon that discounts nothing on this order is refused.
 */
export function couponDiscount(
  tickets: readonly PricedTicket[],
  coupons: readonly CouponTerms[],
  parkId: number,
  now: Date,
): { discount: number; perCoupon: Map<number, number> } | Refusal {
  const perCoupon = new Map<number, number>(coupons.map((c) => [c.id, 0]));
  if (coupons.length === 0) return { discount: 0, perCoupon };
  const scopes = new Set(coupons.map((c) => c.scope));
  if (scopes.size > 1) return { error: 'couponsNotCombinable' };
  if (scopes.has('each_ticket') && coupons.length > 1) return { error: 'couponsNotCombinable' };
  if (new Set(coupons.map((c) => c.id)).size !== coupons.length) return { error: 'couponsNotCombinable' };
  for (const coupon of coupons) {
    const refusal = couponRefusal(coupon, parkId, now);
    if (refusal) return refusal;
  }
  let discount = 0;
  for (const ticket of tickets) {
    let best: { id: number; off: number } | null = null;
    for (const coupon of coupons) {
      if (coupon.scope === 'listed_items' && (ticket.itemId === null || !coupon.itemIds.includes(ticket.itemId))) {
        continue;
      }
      const off = offOne(coupon, ticket.price);
      if (!best || off > best.off) best = { id: coupon.id, off };
    }
    if (best && best.off > 0) {
      discount += best.off;
      perCoupon.set(best.id, (perCoupon.get(best.id) ?? 0) + best.off);
    }
  }
  for (const [, off] of perCoupon) if (off === 0) return { error: 'couponNotApplicable' };
  return { discount, perCoupon };
}

/** Coins and the total: coins may not exceed the coins owned nor what is left to pay. */
export function checkoutTotal(input: {
  subtotal: number;
  couponDiscount: number;
  coins: number;
  ownedCoins: number;
}): { coinDiscount: number; total: number } | Refusal {
  const { subtotal, couponDiscount: off, coins, ownedCoins } = input;
  if (!Number.isInteger(coins) || coins < 0) return { error: 'coinsInvalid' };
  if (coins > ownedCoins) return { error: 'coinsExceedOwned', params: { owned: ownedCoins } };
  const rest = Math.max(0, subtotal - off);
  if (coins > rest) return { error: 'coinsExceedTotal', params: { max: rest } };
  return { coinDiscount: coins, total: rest - coins };
}

export const isRefusal = (value: object): value is Refusal => 'error' in value;
