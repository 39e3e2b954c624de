import { describe, expect, it } from 'vitest';
import { chargeRateFor, pricingDaysBefore, quoteCancellationFee } from './cancellationFee';

const STANDARD = [
  { daysBefore: 7, chargeRate: 0 },
  { daysBefore: 3, chargeRate: 30 },
  { daysBefore: 1, chargeRate: 50 },
  { daysBefore: 0, chargeRate: 100 },
];
const order = {
  subtotal: 3000,
  couponDiscount: 0,
  coinDiscount: 0,
  amountPaid: 3000,
  refundedAmount: 0,
  returnedCoins: 0,
};

describe('charge rate by days before use', () => {
  it('takes the row with the smallest days that still covers the days left', () => {
    expect(chargeRateFor(STANDARD, 30)).toBe(0);
    expect(chargeRateFor(STANDARD, 7)).toBe(0);
    expect(chargeRateFor(STANDARD, 6)).toBe(0);
    expect(chargeRateFor(STANDARD, 4)).toBe(0);
    expect(chargeRateFor(STANDARD, 3)).toBe(30);
    expect(chargeRateFor(STANDARD, 2)).toBe(30);
    expect(chargeRateFor(STANDARD, 1)).toBe(50);
    expect(chargeRateFor(STANDARD, 0)).toBe(100);
  });

  it('cannot cancel without a policy or after the day of use', () => {
    expect(chargeRateFor([], 10)).toBeNull();
    expect(chargeRateFor(STANDARD, -1)).toBeNull();
    expect(quoteCancellationFee([1000], -1, STANDARD, order)).toBeNull();
  });
});

describe('fee and refund split', () => {
  it('charges the rate on what was paid, rounded down, and refunds the rest', () => {
    expect(quoteCancellationFee([1000], 1, STANDARD, order)).toEqual({
      daysBefore: 1,
      chargeRate: 50,
      value: 1000,
      paidShare: 1000,
      fee: 500,
      refundAmount: 500,
      refundCoins: 0,
    });
    // 30% of 333 = 99.9: the fee rounds down to 99.
    const odd = { ...order, subtotal: 333, amountPaid: 333 };
    expect(quoteCancellationFee([333], 3, STANDARD, odd)).toMatchObject({ fee: 99, refundAmount: 234 });
  });

  it('keeps the coupon’s part and returns coins in the proportion they paid', () => {
    // 2,000 of tickets, 200 coupon, 450 coins, 1,350 card. One 1,000 ticket, 7 days before: free.
    const mixed = {
      subtotal: 2000,
      couponDiscount: 200,
      coinDiscount: 450,
      amountPaid: 1350,
      refundedAmount: 0,
      returnedCoins: 0,
    };
    const q = quoteCancellationFee([1000], 7, STANDARD, mixed);
    // paid share = 1000 * 1800 / 2000 = 900; coins 900 * 450 / 1800 = 225; money 675
    expect(q).toMatchObject({ paidShare: 900, fee: 0, refundCoins: 225, refundAmount: 675 });
  });

  it('never gives back more money or coins than are left of the order', () => {
    const mostlyBack = { ...order, coinDiscount: 100, amountPaid: 2900, refundedAmount: 2800, returnedCoins: 0 };
    const q = quoteCancellationFee([1000], 10, STANDARD, mostlyBack);
    expect(q?.refundAmount).toBe(100);
    expect(q?.refundCoins).toBe(100);
    const free = {
      subtotal: 0,
      couponDiscount: 0,
      coinDiscount: 0,
      amountPaid: 0,
      refundedAmount: 0,
      returnedCoins: 0,
    };
    expect(quoteCancellationFee([0], 10, STANDARD, free)).toMatchObject({ fee: 0, refundAmount: 0, refundCoins: 0 });
  });
});

describe('the day a cancellation is priced at', () => {
  const ticket = { useDate: '2026-12-10', wonViaWaitlist: false, reservedOn: '2026-11-20' };

  it('is today for tickets bought as usual', () => {
    expect(pricingDaysBefore(ticket, '2026-12-08')).toBe(2);
    expect(pricingDaysBefore(ticket, '2026-12-10')).toBe(0);
    expect(chargeRateFor(STANDARD, pricingDaysBefore(ticket, '2026-12-08') as number)).toBe(30);
  });

  it('is the day of the reservation for tickets won via the waitlist, not today', () => {
    // Reserved (offered and paid) 3 days before use, refunded by the park the day before: 30%, not 50%.
    const won = { useDate: '2026-12-10', wonViaWaitlist: true, reservedOn: '2026-12-07' };
    expect(pricingDaysBefore(won, '2026-12-09')).toBe(3);
    expect(chargeRateFor(STANDARD, pricingDaysBefore(won, '2026-12-09') as number)).toBe(30);
    // Reserved 20 days ahead: free to the last day, where today's rate would be 100%.
    const early = { ...won, reservedOn: '2026-11-20' };
    expect(pricingDaysBefore(early, '2026-12-10')).toBe(20);
    expect(chargeRateFor(STANDARD, pricingDaysBefore(early, '2026-12-10') as number)).toBe(0);
    const q = quoteCancellationFee([1000], pricingDaysBefore(won, '2026-12-10') as number, STANDARD, order);
    expect(q).toMatchObject({ daysBefore: 3, chargeRate: 30, fee: 300, refundAmount: 700 });
  });

  it('is nothing once the day of use has passed, waitlist or not', () => {
    expect(pricingDaysBefore(ticket, '2026-12-11')).toBeNull();
    expect(pricingDaysBefore({ ...ticket, wonViaWaitlist: true }, '2026-12-11')).toBeNull();
  });

  it('never prices at fewer days than are left (a reservation dated after today is a clock error, not a fee)', () => {
    const odd = { useDate: '2026-12-10', wonViaWaitlist: true, reservedOn: '2026-12-09' };
    expect(pricingDaysBefore(odd, '2026-12-05')).toBe(5);
  });
});
