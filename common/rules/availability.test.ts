import { describe, expect, it } from 'vitest';
import { SaleLabel } from '../enums';
import {
  applicationDeadline,
  dateRange,
  type ItemCalendar,
  isDeadlinePassed,
  isIsoDate,
  isOnSale,
  isParkOpen,
  isUsableOn,
  normalizeSearchDates,
  type ParkCalendar,
  unavailableReason,
  usableDates,
} from './availability';

// 2026-06-01 is a Monday.
const MONDAY = '2026-06-01';
const TUESDAY = '2026-06-02';
const SUNDAY = '2026-06-07';

const park: ParkCalendar = {
  closedWeekdays: [1], // Mondays
  specialDays: [
    { date: '2026-06-08', kind: 'open' }, // a Monday opened specially
    { date: '2026-06-15', kind: 'extended' }, // another Monday, late opening
    { date: '2026-06-10', kind: 'closed' }, // a Wednesday closed specially
  ],
};

const item: ItemCalendar = {
  availableFrom: '2026-05-01',
  availableUntil: '2026-06-30',
  excludedDays: ['2026-06-03'],
  applicationDeadlineDays: 1,
  applicationDeadlineTime: '17:00',
};

// An instant well before every deadline above.
const EARLY = new Date('2026-04-01T00:00:00Z');

describe('park open days', () => {
  it('is closed on a regular closed weekday and open on other days', () => {
    expect(isParkOpen(park, MONDAY)).toBe(false);
    expect(isParkOpen(park, TUESDAY)).toBe(true);
    expect(isParkOpen(park, SUNDAY)).toBe(true);
    expect(unavailableReason(item, park, MONDAY, EARLY)).toBe('parkClosed');
  });

  it('opens on a special open or extended day that falls on a closed weekday', () => {
    expect(isParkOpen(park, '2026-06-08')).toBe(true);
    expect(isParkOpen(park, '2026-06-15')).toBe(true);
    expect(isUsableOn(item, park, '2026-06-08', EARLY)).toBe(true);
  });

  it('closes on a special closed day even on a regular open weekday', () => {
    expect(isParkOpen(park, '2026-06-10')).toBe(false);
    expect(unavailableReason(item, park, '2026-06-10', EARLY)).toBe('parkClosed');
  });

  it('is open every day when the park has no closed weekdays', () => {
    const always: ParkCalendar = { closedWeekdays: [], specialDays: [] };
    expect(dateRange('2026-06-01', '2026-06-07').every((d) => isParkOpen(always, d))).toBe(true);
  });
});

describe('item days', () => {
  it('refuses an excluded day', () => {
    expect(unavailableReason(item, park, '2026-06-03', EARLY)).toBe('excludedDay');
  });

  it('refuses dates outside the availability period, boundaries included', () => {
    expect(unavailableReason(item, park, '2026-04-30', EARLY)).toBe('outsidePeriod');
    expect(unavailableReason(item, park, '2026-07-01', EARLY)).toBe('outsidePeriod');
    expect(isUsableOn(item, park, '2026-05-01', EARLY)).toBe(true); // a Friday
    expect(isUsableOn(item, park, '2026-06-30', EARLY)).toBe(true); // a Tuesday
  });

  it('keeps only the usable dates of a search, in the given order', () => {
    expect(usableDates(item, park, [SUNDAY, MONDAY, '2026-06-03', TUESDAY, '2026-07-01'], EARLY)).toEqual([
      SUNDAY,
      TUESDAY,
    ]);
  });
});

describe('application deadline (Asia/Tokyo)', () => {
  it('closes N days before the day of use at the Tokyo time', () => {
    expect(applicationDeadline(TUESDAY, item).toISOString()).toBe('2026-06-01T08:00:00.000Z'); // 17:00 JST
    const sameDay = { applicationDeadlineDays: 0, applicationDeadlineTime: '23:59' };
    expect(applicationDeadline(TUESDAY, sameDay).toISOString()).toBe('2026-06-02T14:59:00.000Z');
  });

  it('is not passed up to the deadline minute and passed right after it', () => {
    expect(isDeadlinePassed(TUESDAY, item, new Date('2026-06-01T08:00:00Z'))).toBe(false);
    expect(isDeadlinePassed(TUESDAY, item, new Date('2026-06-01T08:00:01Z'))).toBe(true);
    expect(unavailableReason(item, park, TUESDAY, new Date('2026-06-01T08:00:01Z'))).toBe('deadlinePassed');
  });

  it('counts days in Tokyo across midnight, whatever the UTC date says', () => {
    const sameDay = { applicationDeadlineDays: 0, applicationDeadlineTime: '23:59' };
    // 2026-06-02 23:30 JST is still 2026-06-02 14:30 UTC: open for the 2nd.
    expect(isDeadlinePassed(TUESDAY, sameDay, new Date('2026-06-02T14:30:00Z'))).toBe(false);
    // 2026-06-03 00:30 JST is 2026-06-02 15:30 UTC: already the 3rd in Tokyo, the 2nd is over.
    expect(isDeadlinePassed(TUESDAY, sameDay, new Date('2026-06-02T15:30:00Z'))).toBe(true);
    // One day before at 17:00: 2026-06-01 16:59 JST is 07:59 UTC (open), 2026-06-02 00:10 JST is the 1st 15:10 UTC.
    expect(isDeadlinePassed(TUESDAY, item, new Date('2026-06-01T07:59:00Z'))).toBe(false);
    expect(isDeadlinePassed(TUESDAY, item, new Date('2026-06-01T15:10:00Z'))).toBe(true);
    // Two days before at 00:00: closes at midnight in Tokyo, i.e. 15:00 UTC the day before.
    const midnight = { applicationDeadlineDays: 2, applicationDeadlineTime: '00:00' };
    expect(isDeadlinePassed(SUNDAY, midnight, new Date('2026-06-04T14:59:59Z'))).toBe(false);
    expect(isDeadlinePassed(SUNDAY, midnight, new Date('2026-06-04T15:00:01Z'))).toBe(true);
  });

  it('makes past days unusable', () => {
    expect(isUsableOn(item, park, TUESDAY, new Date('2026-06-20T00:00:00Z'))).toBe(false);
  });
});

describe('on sale', () => {
  const base = {
    saleLabel: SaleLabel.Sale,
    saleStartsAt: '2026-05-01T01:00:00Z',
    saleEndsAt: '2026-06-30T14:59:00Z',
    availableUntil: '2026-06-30',
  };
  it('needs the sale label, the sale window and an availability end not in the past', () => {
    expect(isOnSale(base, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(isOnSale({ ...base, saleLabel: SaleLabel.BeforeRelease }, new Date('2026-06-01T00:00:00Z'))).toBe(false);
    // Private items are sold to holders of their link.
    expect(isOnSale({ ...base, saleLabel: SaleLabel.Private }, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(isOnSale({ ...base, saleLabel: SaleLabel.EndOfSale }, new Date('2026-06-01T00:00:00Z'))).toBe(false);
    expect(isOnSale(base, new Date('2026-04-30T00:00:00Z'))).toBe(false);
    expect(isOnSale(base, new Date('2026-07-01T00:00:00Z'))).toBe(false);
    expect(isOnSale({ ...base, saleStartsAt: null, saleEndsAt: null }, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(
      isOnSale({ ...base, saleEndsAt: null, availableUntil: '2026-05-31' }, new Date('2026-06-01T00:00:00Z')),
    ).toBe(false);
  });
});

describe('search dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('tomorrow')).toBe(false);
  });

  it('sorts and de-duplicates', () => {
    expect(normalizeSearchDates(['2026-06-03', '2026-06-01', '2026-06-03'])).toEqual(['2026-06-01', '2026-06-03']);
  });
});
