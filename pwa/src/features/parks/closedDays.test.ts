import { describe, expect, it } from 'vitest';
import { closedDaysSummary } from './closedDays';

const day = (kind: 'closed' | 'open' | 'extended') => ({ date: '2026-12-31', kind });

describe('closed days of a park', () => {
  it('says "no regular closing day" only when nothing says the park closes', () => {
    expect(closedDaysSummary({ closedWeekdays: [], closedDaysNote: null, specialDays: [] })).toEqual({
      kind: 'none',
    });
  });

  it('names the weekly closing days', () => {
    expect(
      closedDaysSummary({
        closedWeekdays: [
          { id: 1, name: '月' },
          { id: 2, name: '火' },
        ],
        closedDaysNote: null,
        specialDays: [],
      }),
    ).toEqual({ kind: 'weekly', days: '月・火' });
  });

  it('never says "no closing day" when its note or calendar has closed days', () => {
    expect(
      closedDaysSummary({ closedWeekdays: [], closedDaysNote: '年末年始（12/29〜1/1）', specialDays: [] }),
    ).toEqual({ kind: 'irregular' });
    expect(closedDaysSummary({ closedWeekdays: [], closedDaysNote: null, specialDays: [day('closed')] })).toEqual({
      kind: 'irregular',
    });
    expect(closedDaysSummary({ closedWeekdays: [], closedDaysNote: null, specialDays: [day('extended')] })).toEqual({
      kind: 'none',
    });
  });
});
