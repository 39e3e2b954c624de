import { describe, expect, it } from 'vitest';
import { message } from '../messages';
import {
  AVAILABILITY_MAX_DAYS,
  availabilityStatus,
  checkLineQuantities,
  checkPackTotal,
  combineStatuses,
  HOLD_MINUTES,
  holdExpiresAt,
  type LineQuantities,
  normalizeSeatCodes,
  parseSeatCode,
  peopleOf,
  REASON_MESSAGES,
  rowLabel,
  seatCode,
  secondsLeft,
  subtotalOf,
} from './cart';

const item = { minimumParticipant: 1, maxPerOrder: 6, disabilityPrice: 500 };
const q = (over: Partial<LineQuantities> = {}): LineQuantities => ({
  basic: [{ ageGroupId: 5, quantity: 2 }],
  additional: [],
  disability: 0,
  companion: 0,
  ...over,
});

describe('hold deadline', () => {
  it('is 15 minutes after the hold, and the countdown never goes below zero', () => {
    expect(HOLD_MINUTES).toBe(15);
    const now = new Date('2026-11-21T10:00:00Z');
    const end = holdExpiresAt(now);
    expect(end.toISOString()).toBe('2026-11-21T10:15:00.000Z');
    expect(secondsLeft(end, now)).toBe(900);
    expect(secondsLeft(end.toISOString(), new Date('2026-11-21T10:14:59.500Z'))).toBe(1);
    expect(secondsLeft(end, new Date('2026-11-21T10:20:00Z'))).toBe(0);
    expect(secondsLeft(end, new Date('2026-11-21T10:15:00Z'))).toBe(0);
    expect(secondsLeft(end, new Date('2026-11-21T10:14:00Z'))).toBe(60);
  });
});

describe('line quantities', () => {
  it('counts people on the basic plan, disabled people and companions; add-ons take no places', () => {
    expect(peopleOf(q({ disability: 2, companion: 1 }))).toBe(5);
    expect(
      peopleOf(q({ additional: [{ planId: 9, quantities: [{ ageGroupId: 5, quantity: 2 }] }] }) as LineQuantities),
    ).toBe(2);
  });

  it('accepts a good line', () => {
    expect(checkLineQuantities(item, q())).toBeNull();
    expect(checkLineQuantities(item, q({ disability: 2, companion: 2 }))).toBeNull();
  });

  it('one accompanying person per disabled person', () => {
    expect(checkLineQuantities(item, q({ disability: 1, companion: 2 }))?.key).toBe('companionRule');
    expect(checkLineQuantities(item, q({ basic: [], companion: 1 }))?.key).toBe('companionRule');
  });

  it('disability places only where the item has a disability price', () => {
    expect(checkLineQuantities({ ...item, disabilityPrice: null }, q({ disability: 1 }))?.key).toBe(
      'noDisabilityPrice',
    );
    expect(checkLineQuantities({ ...item, disabilityPrice: 0 }, q({ disability: 1 }))).toBeNull();
  });

  it('add-ons at most one per person of the same age group', () => {
    const over = q({ additional: [{ planId: 1, quantities: [{ ageGroupId: 5, quantity: 3 }] }] });
    expect(checkLineQuantities(item, over)?.key).toBe('additionalPlanRule');
    const otherAge = q({ additional: [{ planId: 1, quantities: [{ ageGroupId: 2, quantity: 1 }] }] });
    expect(checkLineQuantities(item, otherAge)?.key).toBe('additionalPlanRule');
  });

  it('minimum participants, and max per order together with the lines already in the cart', () => {
    expect(checkLineQuantities({ ...item, minimumParticipant: 3 }, q())).toEqual({
      key: 'minimumParticipant',
      params: { min: 3 },
    });
    expect(checkLineQuantities(item, q({ basic: [{ ageGroupId: 5, quantity: 7 }] }))).toEqual({
      key: 'maxPerOrder',
      params: { max: 6 },
    });
    expect(checkLineQuantities(item, q(), 4)).toBeNull();
    expect(checkLineQuantities(item, q(), 5)?.key).toBe('maxPerOrder');
  });

  it('refuses nothing at all, negative and fractional quantities', () => {
    expect(checkLineQuantities(item, q({ basic: [] }))?.key).toBe('quantityRequired');
    expect(checkLineQuantities(item, q({ basic: [{ ageGroupId: 5, quantity: -1 }] }))?.key).toBe('quantityInvalid');
    expect(checkLineQuantities(item, q({ disability: 0.5 }))?.key).toBe('quantityInvalid');
  });

  it('seat items need one seat per person', () => {
    expect(checkLineQuantities(item, q(), 0, 2)).toBeNull();
    expect(checkLineQuantities(item, q(), 0, 1)).toEqual({ key: 'seatCountMismatch', params: { count: 2 } });
  });
});

describe('pack totals', () => {
  it('between min_total and max_total, with the spec message', () => {
    const pack = { minTotal: 2, maxTotal: 5 };
    expect(checkPackTotal(pack, 2)).toBeNull();
    expect(checkPackTotal(pack, 5)).toBeNull();
    for (const n of [0, 1, 6, 2.5]) expect(checkPackTotal(pack, n)?.key).toBe('packTotalRange');
    const error = checkPackTotal(pack, 6);
    expect(message(error?.key ?? 'badRequest', 'en', error?.params)).toBe('Please set between 2 and 5 in total.');
    expect(message(error?.key ?? 'badRequest', 'ja', error?.params)).toBe('合計2〜5の間で設定してください。');
  });
});

describe('availability status', () => {
  it('few under 10 left, sold out at 0, unavailable with a reason', () => {
    expect(availabilityStatus(10, null)).toBe('available');
    expect(availabilityStatus(9, null)).toBe('few');
    expect(availabilityStatus(1, null)).toBe('few');
    expect(availabilityStatus(0, null)).toBe('soldOut');
    expect(availabilityStatus(-1, null)).toBe('soldOut');
    expect(availabilityStatus(50, 'parkClosed')).toBe('unavailable');
  });

  it('a date with slots: the places of its open slots together', () => {
    expect(
      combineStatuses([
        { remaining: 0, status: 'soldOut' },
        { remaining: 4, status: 'few' },
        { remaining: 7, status: 'few' },
      ]),
    ).toBe('available');
    expect(
      combineStatuses([
        { remaining: 0, status: 'soldOut' },
        { remaining: 3, status: 'few' },
      ]),
    ).toBe('few');
    expect(combineStatuses([{ remaining: 0, status: 'soldOut' }])).toBe('soldOut');
    expect(combineStatuses([{ remaining: 5, status: 'unavailable' }])).toBe('unavailable');
    expect(combineStatuses([])).toBe('unavailable');
  });

  it('every reason has a message in both languages; ranges are capped', () => {
    expect(AVAILABILITY_MAX_DAYS).toBe(62);
    for (const key of Object.values(REASON_MESSAGES)) {
      expect(message(key, 'ja')).not.toBe('');
      expect(message(key, 'en')).not.toBe('');
    }
    expect(message(REASON_MESSAGES.parkClosed, 'en')).toBe('The park is closed on this day');
  });
});

describe('seat codes', () => {
  it('row label and number', () => {
    expect(seatCode('A', 1)).toBe('A-1');
    expect(parseSeatCode('AB-12')).toEqual({ row: 'AB', number: 12 });
    for (const bad of ['A1', 'A-0', 'a-1', 'ABC-1', 'A-1000', '']) expect(parseSeatCode(bad)).toBeNull();
    expect([0, 1, 25, 26, 27, 51, 52].map(rowLabel)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('normalises a request: upper case, distinct, in seat order', () => {
    expect(normalizeSeatCodes(['b-2', 'A-10', ' a-2', 'A-2', 'AA-1', 'B-1'])).toEqual([
      'A-2',
      'A-10',
      'B-1',
      'B-2',
      'AA-1',
    ]);
  });
});

describe('prices', () => {
  it('sums integer yen and refuses anything else', () => {
    expect(
      subtotalOf([
        { quantity: 2, unitPrice: 1000 },
        { quantity: 1, unitPrice: 500 },
        { quantity: 0, unitPrice: 300 },
      ]),
    ).toBe(2500);
    expect(subtotalOf([])).toBe(0);
    expect(() => subtotalOf([{ quantity: 1, unitPrice: 99.5 }])).toThrow();
    expect(() => subtotalOf([{ quantity: -1, unitPrice: 100 }])).toThrow();
  });
});
