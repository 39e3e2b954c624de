// Cancellation fees (SPEC "cancellation policy (charge rate by days before use)"). Yen are integers.
//
// Policy rows (item_cancellation_policies) say: "cancelling this many days (or fewer) before the day of use
// costs charge_rate percent". The row that applies is the one with the SMALLEST days_before that is still >= the
// days left; with none (cancelling earlier than every row) the rate is 0. An item without policy rows cannot be
// cancelled; on the day of use (0 days) only when a row covers 0 days; after the day of use (negative) never.
//
// Amounts, for the tickets being cancelled (prices = the ticket prices, tax included):
//   value      = sum of the ticket prices
//   paidShare  = floor(value * (subtotal - couponDiscount) / subtotal)   what was paid for them (money + coins):
//                the coupon's part is not given back
//   fee        = floor(paidShare * rate / 100)                          rounded DOWN to the yen (the visitor's way,
//                like percent discounts)
//   refundable = paidShare - fee
//   refundCoins  = floor(refundable * coinDiscount / (amountPaid + coinDiscount))   coins back in the same
//   refundAmount = refundable - refundCoins                                        proportion they paid
// and each is capped by what is left to give back of the order (money not yet refunded, coins not yet
// returned); what the cap takes from one side goes to the other while that has room.
//
// The days before use are today's (pricingDaysBefore), except for tickets won via the waitlist, which only the park
// can cancel (for the visitor): those are priced as of the day of the reservation (SPEC 4).

import { daysBetween } from '../time';

export interface CancellationPolicyRow {
  daysBefore: number;
  chargeRate: number;
}

export interface OrderMoney {
  subtotal: number;
  couponDiscount: number;
  coinDiscount: number;
  amountPaid: number;
  /** Money already given back by earlier cancellations of the same order. */
  refundedAmount: number;
  /** Coins already returned by earlier cancellations of the same order. */
  returnedCoins: number;
}

export interface FeeQuote {
  daysBefore: number;
  chargeRate: number;
  value: number;
  paidShare: number;
  fee: number;
  refundAmount: number;
  refundCoins: number;
}

/** The charge rate (percent) for cancelling `daysBefore` days before use; null when it cannot be cancelled. */
export function chargeRateFor(policies: readonly CancellationPolicyRow[], daysBefore: number): number | null {
  if (policies.length === 0 || daysBefore < 0 || !Number.isInteger(daysBefore)) return null;
  const applicable = policies.filter((p) => p.daysBefore >= daysBefore).sort((a, b) => a.daysBefore - b.daysBefore);
  const rate = applicable[0]?.chargeRate ?? 0;
  return Math.min(100, Math.max(0, rate));
}

export function quoteCancellationFee(
  prices: readonly number[],
  daysBefore: number,
  policies: readonly CancellationPolicyRow[],
  order: OrderMoney,
): FeeQuote | null {
  const chargeRate = chargeRateFor(policies, daysBefore);
  if (chargeRate === null) return null;
  const value = prices.reduce((s, p) => s + p, 0);
  const paid = order.subtotal - order.couponDiscount;
  const paidShare = order.subtotal > 0 ? Math.floor((value * Math.max(0, paid)) / order.subtotal) : 0;
  const fee = Math.floor((paidShare * chargeRate) / 100);
  const refundable = paidShare - fee;
  const through = order.amountPaid + order.coinDiscount;
  let refundCoins = through > 0 ? Math.floor((refundable * order.coinDiscount) / through) : 0;
  let refundAmount = refundable - refundCoins;
  const moneyLeft = Math.max(0, order.amountPaid - order.refundedAmount);
  const coinsLeft = Math.max(0, order.coinDiscount - order.returnedCoins);
  if (refundAmount > moneyLeft) {
    refundCoins += refundAmount - moneyLeft;
    refundAmount = moneyLeft;
  }
  if (refundCoins > coinsLeft) {
    const extra = refundCoins - coinsLeft;
    refundCoins = coinsLeft;
    refundAmount = Math.min(moneyLeft, refundAmount + extra);
  }
  return { daysBefore, chargeRate, value, paidShare, fee, refundAmount, refundCoins };
}

/** A ticket as far as the day its cancellation is priced at depends on it. */
export interface PricedTicket {
  /** YYYY-MM-DD, Asia/Tokyo. */
  useDate: string;
  wonViaWaitlist: boolean;
  /** The Asia/Tokyo day the order was reserved (paid), YYYY-MM-DD. */
  reservedOn: string;
}

/**
 * How many days before use a cancellation is priced at (the `daysBefore` for chargeRateFor / quoteCancellationFee),
 * or null when the day of use has passed (nothing can be cancelled then).
 *
 * Normally the days left today. Tickets won via the waitlist are the exception (SPEC 4: the visitor cannot cancel
 * them; "cancellation fee rate applies from the time of reservation"): when the park's finance staff cancel one on
 * the visitor's behalf, the rate is the one that applied on the day of the reservation (the order's paid day), not
 * today's. The reservation can never be later than today, so this is never more days than the ticket had then.
 */
export function pricingDaysBefore(ticket: PricedTicket, today: string): number | null {
  const left = daysBetween(today, ticket.useDate);
  if (left < 0) return null;
  if (!ticket.wonViaWaitlist) return left;
  return Math.max(left, daysBetween(ticket.reservedOn, ticket.useDate));
}
