// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '../../../../common/dto/cart';
import type { CouponView, OrderLineDetail } from '../../../../common/dto/order';
import { PaymentMethod } from '../../../../common/enums';
import { normalizeCardNumber, normalizeExpiry } from './CardFields';
import { isValidBirthdate } from './ProfileForm';
import { paymentErrorKey } from './paymentError';
import {
  answersOf,
  CHECKOUT_KEYS,
  checkoutLines,
  clearCheckout,
  clockOffset,
  computeTotals,
  formatCountdown,
  holdSecondsLeft,
  lineCounts,
  offeredCoupons,
  offeredMethods,
  parseCoins,
  parseQuick,
  readAddInfoForm,
  readDraft,
  ticketsOfLine,
  writeAddInfoForm,
  writeDraft,
} from './rules';

function line(over: Partial<CartLine> = {}): CartLine {
  return {
    pendingOrderId: null,
    id: 1,
    kind: 'item',
    itemId: 7,
    ticketPackId: null,
    name: 'Feeding',
    imageUrl: '/x.svg',
    date: '2026-12-01',
    timeSlot: null,
    time: null,
    seatCodes: [],
    quantities: [
      { ageGroupId: 5, ageGroupName: 'Adult', quantity: 2, unitPrice: 1000 },
      { ageGroupId: 2, ageGroupName: 'Child', quantity: 1, unitPrice: 500 },
    ],
    additionalPlans: [
      { planId: 9, name: 'Photo', quantities: [{ ageGroupId: 5, ageGroupName: 'Adult', quantity: 1, unitPrice: 300 }] },
    ],
    disabilityQuantity: 1,
    companionQuantity: 1,
    disabilityUnitPrice: 400,
    quantity: null,
    packUnitPrice: null,
    people: 5,
    subtotal: 2000 + 500 + 300 + 800,
    expiresAt: '2026-12-01T00:15:00.000Z',
    advanceInfo: null,
    advanceInfoFields: [],
    lottery: false,
    ...over,
  };
}

function coupon(over: Partial<CouponView> = {}): CouponView {
  return {
    userCouponId: 1,
    code: 'C',
    name: 'Coupon',
    discountKind: 'percent',
    discountValue: 10,
    scope: 'each_ticket',
    itemIds: [],
    parkId: null,
    validFrom: '2026-01-01T00:00:00+09:00',
    validUntil: '2027-12-31T23:59:59+09:00',
    usageLimit: 1,
    timesUsed: 0,
    status: 'usable',
    ...over,
  };
}

const now = new Date('2026-11-21T12:00:00Z');

describe('checkout figures (same rules as the server)', () => {
  it('counts people and packs as tickets, not add-ons', () => {
    expect(ticketsOfLine(line()).map((t) => t.price)).toEqual([1000, 1000, 500, 400, 400]);
    const pack = line({
      kind: 'pack',
      itemId: null,
      quantities: [],
      additionalPlans: [],
      disabilityQuantity: 0,
      companionQuantity: 0,
      disabilityUnitPrice: null,
      quantity: 3,
      packUnitPrice: 2500,
    });
    expect(ticketsOfLine(pack)).toEqual([
      { itemId: null, price: 2500 },
      { itemId: null, price: 2500 },
      { itemId: null, price: 2500 },
    ]);
  });

  it('applies a percent coupon per ticket, rounding down, then coins', () => {
    const l = line({
      quantities: [{ ageGroupId: 5, ageGroupName: 'A', quantity: 3, unitPrice: 333 }],
      additionalPlans: [],
      disabilityQuantity: 0,
      companionQuantity: 0,
      subtotal: 999,
    });
    const t = computeTotals({ lines: [l], coupons: [coupon()], coins: 100, ownedCoins: 500, parkId: 2, now });
    expect(t).toEqual({ subtotal: 999, couponDiscount: 99, coinDiscount: 100, total: 800, refusal: null });
  });

  it('refuses each-ticket and listed-item coupons together, and coins beyond what is owned or left to pay', () => {
    const both = computeTotals({
      lines: [line()],
      coupons: [
        coupon(),
        coupon({ userCouponId: 2, scope: 'listed_items', itemIds: [7], discountKind: 'yen', discountValue: 100 }),
      ],
      coins: 0,
      ownedCoins: 0,
      parkId: 2,
      now,
    });
    expect(both.refusal?.error).toBe('couponsNotCombinable');
    expect(both.couponDiscount).toBe(0);
    expect(
      computeTotals({ lines: [line()], coupons: [], coins: 600, ownedCoins: 500, parkId: 2, now }).refusal,
    ).toEqual({
      error: 'coinsExceedOwned',
      params: { owned: 500 },
    });
    const over = computeTotals({ lines: [line()], coupons: [], coins: 5000, ownedCoins: 9999, parkId: 2, now });
    expect(over.refusal?.error).toBe('coinsExceedTotal');
    expect(over.total).toBe(3600);
    expect(
      computeTotals({ lines: [line()], coupons: [], coins: Number.NaN, ownedCoins: 10, parkId: 2, now }).refusal?.error,
    ).toBe('coinsInvalid');
  });

  it('reads the coins field', () => {
    expect(parseCoins('')).toBe(0);
    expect(parseCoins(' 120 ')).toBe(120);
    expect(parseCoins('1.5')).toBeNaN();
    expect(parseCoins('-3')).toBeNaN();
    expect(parseCoins('１２')).toBeNaN();
  });

  it('offers usable coupons of this park or of any park', () => {
    const list = [
      coupon(),
      coupon({ userCouponId: 2, parkId: 3 }),
      coupon({ userCouponId: 3, status: 'used' }),
      coupon({ userCouponId: 4, parkId: 2 }),
    ];
    expect(offeredCoupons(list, 2).map((c) => c.userCouponId)).toEqual([1, 4]);
  });

  it('offers coin/free only when there is nothing to pay, and card only for lotteries', () => {
    const all = { card: true, paypay: true, merpay: true };
    expect(offeredMethods({ total: 0, lottery: false, available: all })).toEqual([PaymentMethod.FullCoin]);
    expect(offeredMethods({ total: 100, lottery: false, available: all })).toEqual([
      PaymentMethod.Visa,
      PaymentMethod.PayPay,
      PaymentMethod.MPay,
    ]);
    expect(offeredMethods({ total: 100, lottery: true, available: all })).toEqual([PaymentMethod.Visa]);
    expect(
      offeredMethods({ total: 100, lottery: false, available: { card: false, paypay: true, merpay: false } }),
    ).toEqual([PaymentMethod.PayPay]);
  });

  it('pays for the quick-buy line only', () => {
    const cart: Cart = { park: { id: 2, name: 'P' }, lines: [line(), line({ id: 2 })], subtotal: 0, expiresAt: null };
    expect(checkoutLines(cart, null)).toHaveLength(2);
    expect(checkoutLines(cart, 2).map((l) => l.id)).toEqual([2]);
    expect(checkoutLines(undefined, null)).toEqual([]);
    expect(parseQuick('12')).toBe(12);
    expect(parseQuick('0')).toBeNull();
    expect(parseQuick('1e3')).toBeNull();
    expect(parseQuick(null)).toBeNull();
  });
});

describe('hold countdown', () => {
  it('reads the server clock through the offset of serverTime', () => {
    const local = Date.parse('2026-12-01T00:00:00.000Z');
    // The device clock is 2 minutes behind the server.
    const offset = clockOffset('2026-12-01T00:02:00.000Z', local);
    expect(offset).toBe(120_000);
    expect(holdSecondsLeft('2026-12-01T00:15:00.000Z', offset, local)).toBe(13 * 60);
    expect(holdSecondsLeft('2026-12-01T00:15:00.000Z', 0, local)).toBe(15 * 60);
    expect(holdSecondsLeft('2026-12-01T00:01:00.000Z', offset, local)).toBe(0);
    expect(clockOffset(undefined)).toBe(0);
  });

  it('says a duration in minutes and seconds, never like a clock time', () => {
    expect(formatCountdown(905, 'ja')).toBe('15分05秒');
    expect(formatCountdown(59, 'ja')).toBe('59秒');
    expect(formatCountdown(3723, 'ja')).toBe('1時間02分03秒');
    expect(formatCountdown(-4, 'ja')).toBe('0秒');
    expect(formatCountdown(905, 'en')).toBe('15 min 05 s');
    expect(formatCountdown(59, 'en')).toBe('59 s');
    expect(formatCountdown(3723, 'en')).toBe('1 h 02 min 03 s');
  });
});

describe('payment error reasons', () => {
  it('maps provider failures and order refusals to the spec messages', () => {
    expect(paymentErrorKey('three_ds_failed')).toBe('payment3dsFailed');
    expect(paymentErrorKey('card_declined')).toBe('paymentCardDeclined');
    expect(paymentErrorKey('ticketInfoDeleted')).toBe('ticketInfoDeleted');
    expect(paymentErrorKey('remainingExceeded')).toBe('remainingExceeded');
    expect(paymentErrorKey('<script>')).toBe('paymentFailed');
    expect(paymentErrorKey(null)).toBe('paymentFailed');
  });
});

describe('session storage of the checkout', () => {
  it('keeps the add-info form through a reload and drops malformed entries', () => {
    writeAddInfoForm(2, { '5': { tickets: [{ name: '山田 花子', face_photo: 'abc' }, {}] } });
    expect(readAddInfoForm(2)).toEqual({ '5': { tickets: [{ name: '山田 花子', face_photo: 'abc' }, {}] } });
    sessionStorage.setItem(
      CHECKOUT_KEYS.addInfoForm(3),
      JSON.stringify({ x: { tickets: [] }, '6': { tickets: [{ n: 1, ok: 'y' }] } }),
    );
    expect(readAddInfoForm(3)).toEqual({ '6': { tickets: [{ ok: 'y' }] } });
    sessionStorage.setItem(CHECKOUT_KEYS.addInfoForm(4), '{not json');
    expect(readAddInfoForm(4)).toEqual({});
  });

  it('prefers typed answers over the ones saved on the cart line', () => {
    const saved = line({ id: 5, advanceInfo: { tickets: [{ name: 'saved', face_photo: null }] } });
    expect(answersOf(saved, {})).toEqual([{ name: 'saved' }]);
    expect(answersOf(saved, { '5': { tickets: [{ name: 'typed' }] } })).toEqual([{ name: 'typed' }]);
  });

  it('keeps the draft for the credit-card step and clears everything after completion', () => {
    writeDraft(2, { couponIds: [1, 2], coins: 50, agreement: true });
    expect(readDraft(2)).toEqual({ couponIds: [1, 2], coins: 50, agreement: true });
    sessionStorage.setItem(CHECKOUT_KEYS.draft(9), JSON.stringify({ couponIds: 'x' }));
    expect(readDraft(9)).toBeNull();
    clearCheckout(2);
    expect(readDraft(2)).toBeNull();
    expect(readAddInfoForm(2)).toEqual({});
  });
});

describe('card and profile inputs', () => {
  it('drops spaces and hyphens from card numbers and reads 4-digit expiries', () => {
    expect(normalizeCardNumber('4111 1111-1111 1111')).toBe('4111111111111111');
    expect(normalizeCardNumber('４１１１')).toBe('４１１１');
    expect(normalizeExpiry('1228')).toBe('12/28');
    expect(normalizeExpiry('12/28')).toBe('12/28');
  });

  it('accepts real past birthdates only', () => {
    const today = new Date('2026-11-21T00:00:00Z');
    expect(isValidBirthdate('1990-02-28', today)).toBe(true);
    expect(isValidBirthdate('1990-02-30', today)).toBe(false);
    expect(isValidBirthdate('2030-01-01', today)).toBe(false);
    expect(isValidBirthdate('1899-12-31', today)).toBe(false);
  });
});

describe('completed order lines', () => {
  const line = (over: Partial<OrderLineDetail>): OrderLineDetail => ({
    id: 1,
    itemId: 1,
    ticketPackId: null,
    name: 'x',
    date: '2026-12-01',
    time: null,
    seats: [],
    units: [],
    subtotal: 0,
    ticketNumbers: [],
    ...over,
  });

  it('counts a pack line in packs, and its tickets (each pack holds several) apart', () => {
    const pack = line({
      itemId: null,
      ticketPackId: 3,
      units: [{ kind: 'pack', ageGroupId: null, quantity: 2, unitPrice: 3000, amount: 6000 }],
      ticketNumbers: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(lineCounts(pack)).toEqual({ packs: 2, tickets: 6 });
  });

  it('counts an item line in people, add-ons left out', () => {
    const item = line({
      units: [
        { kind: 'basic', ageGroupId: 5, quantity: 2, unitPrice: 1000, amount: 2000 },
        { kind: 'additional', ageGroupId: null, quantity: 2, unitPrice: 300, amount: 600 },
      ],
    });
    expect(lineCounts(item)).toEqual({ packs: null, tickets: 2 });
  });
});
