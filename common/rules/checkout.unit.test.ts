import { describe, expect, it } from 'vitest';
import { type CouponTerms, checkoutTotal, couponDiscount } from './checkout';
import { IllegalTransition, moveOrder } from './orderState';

const now = new Date('2026-11-21T03:00:00Z');
const coupon = (over: Partial<CouponTerms>): CouponTerms => ({
  id: 1,
  discountKind: 'percent',
  discountValue: 10,
  scope: 'each_ticket',
  itemIds: [],
  parkId: null,
  validFrom: '2026-11-01T00:00:00Z',
  validUntil: '2026-12-01T00:00:00Z',
  usageLimit: 1,
  timesUsed: 0,
  ...over,
});
const tickets = [
  { itemId: 10, price: 1999 },
  { itemId: 10, price: 1999 },
  { itemId: 20, price: 500 },
];

describe('couponDiscount', () => {
  it('takes a percentage off each ticket, rounding each down to the yen', () => {
    expect(couponDiscount(tickets, [coupon({})], 1, now)).toMatchObject({ discount: 199 + 199 + 50 });
  });

  it('takes yen off each ticket, never more than the ticket', () => {
    expect(couponDiscount(tickets, [coupon({ discountKind: 'yen', discountValue: 600 })], 1, now)).toMatchObject({
      discount: 600 + 600 + 500,
    });
  });

  it('applies listed-item coupons only to their items, the best one per ticket', () => {
    const a = coupon({ id: 1, scope: 'listed_items', itemIds: [10], discountKind: 'yen', discountValue: 300 });
    const b = coupon({ id: 2, scope: 'listed_items', itemIds: [20], discountValue: 50 });
    const result = couponDiscount(tickets, [a, b], 1, now);
    expect(result).toMatchObject({ discount: 600 + 250 });
  });

  it('refuses to combine each-ticket and listed-item coupons, or two each-ticket coupons', () => {
    const listed = coupon({ id: 2, scope: 'listed_items', itemIds: [10] });
    expect(couponDiscount(tickets, [coupon({}), listed], 1, now)).toEqual({ error: 'couponsNotCombinable' });
    expect(couponDiscount(tickets, [coupon({}), coupon({ id: 3 })], 1, now)).toEqual({
      error: 'couponsNotCombinable',
    });
  });

  it('refuses a coupon outside its dates, used up, of another park, or discounting nothing', () => {
    expect(couponDiscount(tickets, [coupon({ validUntil: '2026-11-20T00:00:00Z' })], 1, now)).toEqual({
      error: 'couponExpired',
    });
    expect(couponDiscount(tickets, [coupon({ validFrom: '2026-11-22T00:00:00Z' })], 1, now)).toEqual({
      error: 'couponExpired',
    });
    expect(couponDiscount(tickets, [coupon({ timesUsed: 1 })], 1, now)).toEqual({ error: 'couponUsedUp' });
    expect(couponDiscount(tickets, [coupon({ parkId: 2 })], 1, now)).toEqual({ error: 'couponNotApplicable' });
    expect(couponDiscount(tickets, [coupon({ scope: 'listed_items', itemIds: [99] })], 1, now)).toEqual({
      error: 'couponNotApplicable',
    });
  });
});

describe('checkoutTotal', () => {
  it('subtracts coupons and coins', () => {
    expect(checkoutTotal({ subtotal: 4498, couponDiscount: 448, coins: 50, ownedCoins: 500 })).toEqual({
      coinDiscount: 50,
      total: 4000,
    });
  });

  it('refuses more coins than owned or than left to pay, and bad numbers', () => {
    expect(checkoutTotal({ subtotal: 1000, couponDiscount: 0, coins: 501, ownedCoins: 500 })).toMatchObject({
      error: 'coinsExceedOwned',
    });
    expect(checkoutTotal({ subtotal: 1000, couponDiscount: 800, coins: 300, ownedCoins: 500 })).toMatchObject({
      error: 'coinsExceedTotal',
      params: { max: 200 },
    });
    expect(checkoutTotal({ subtotal: 1000, couponDiscount: 0, coins: -1, ownedCoins: 500 })).toMatchObject({
      error: 'coinsInvalid',
    });
  });

  it('lets coins pay everything', () => {
    expect(checkoutTotal({ subtotal: 300, couponDiscount: 0, coins: 300, ownedCoins: 500 })).toEqual({
      coinDiscount: 300,
      total: 0,
    });
  });
});

describe('order state machine', () => {
  it('allows the payment moves and refuses the rest', () => {
    expect(moveOrder('pending_payment', 'paid')).toBe('paid');
    expect(moveOrder('authorized', 'voided')).toBe('voided');
    // A payment that arrives after we gave up on it is fulfilled late (if its places are still free).
    expect(moveOrder('failed', 'paid')).toBe('paid');
    expect(() => moveOrder('failed', 'cancelled')).toThrow(IllegalTransition);
    expect(() => moveOrder('paid', 'pending_payment')).toThrow(IllegalTransition);
    expect(() => moveOrder('cancelled', 'paid')).toThrow(IllegalTransition);
  });
});
