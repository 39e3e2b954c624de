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
