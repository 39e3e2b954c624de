// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { addMonths, lastDayOf, monthRange } from '../../../../common/rules/calendarMonth';
import {
  addLineRequest,
  calendarCells,
  type PurchaseSelection,
  peopleOfSelection,
  RESERVATION_KEY,
  readReservation,
  storeReservation,
} from './purchase';

const selection: PurchaseSelection = {
  itemId: 7,
  date: '2026-12-01',
  timeSlotId: 5,
  basic: { '5': 2, '2': 0, '3': 1 },
  additional: { '9': { '5': 1, '3': 0 } },
  disability: 1,
  companion: 1,
};

describe('availability calendar', () => {
  it('moves between months and knows their last day', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
  });

  it('asks from today to the end of the month, nothing for past months', () => {
    expect(monthRange('2026-11', '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-30' });
    expect(monthRange('2026-12', '2026-11-21')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2026-10', '2026-11-21')).toBeNull();
  });

  it('starts weeks on Sunday', () => {
    // 2026-11-01 is a Sunday, 2026-12-01 a Tuesday.
    expect(calendarCells('2026-11')[0]).toEqual({ key: '2026-11-01', date: '2026-11-01' });
    const dec = calendarCells('2026-12');
    expect(dec.slice(0, 3).map((c) => c.date)).toEqual([null, null, '2026-12-01']);
    expect(dec.filter((c) => c.date)).toHaveLength(31);
  });
});

describe('the line a selection asks for', () => {
  it('sends only the people chosen, add-ons, disability places and seats', () => {
    expect(peopleOfSelection(selection)).toBe(5);
    expect(addLineRequest(selection, ['A-1', 'A-2'])).toEqual({
      item_id: 7,
      date: '2026-12-01',
      time_slot_id: 5,
      quantities: [
        { age_group_id: 3, quantity: 1 },
        { age_group_id: 5, quantity: 2 },
      ],
      additional_plans: [{ plan_id: 9, quantities: [{ age_group_id: 5, quantity: 1 }] }],
      disability_quantity: 1,
      companion_quantity: 1,
      seat_codes: ['A-1', 'A-2'],
    });
    expect(
      addLineRequest({ ...selection, timeSlotId: null, disability: 0, companion: 0, linkId: 'abc' }),
    ).not.toHaveProperty('time_slot_id');
  });

  it('keeps the selection while seats are chosen, refusing tampered storage', () => {
    storeReservation(selection);
    expect(readReservation()).toEqual({ ...selection, linkId: undefined });
    sessionStorage.setItem(RESERVATION_KEY, JSON.stringify({ ...selection, basic: { '5': -1 } }));
    expect(readReservation()).toBeNull();
    sessionStorage.setItem(RESERVATION_KEY, 'nope');
    expect(readReservation()).toBeNull();
  });
});
