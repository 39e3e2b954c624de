import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../common/time';
import { addDate, queryFromSearch, searchFromQuery } from './searchParams';

describe('ticket search query', () => {
  it('round-trips tabs, dates, parks, categories and keyword', () => {
    const search = {
      tab: 'date' as const,
      dates: ['2026-12-01', '2026-12-05'],
      park_id: [4],
      category: [1, 2],
      keyword: 'ぺんぎん',
      page: 2,
    };
    const query = queryFromSearch(search);
    expect(query).toBe(
      'tab=date&dates=2026-12-01&dates=2026-12-05&park_id=4&category=1&category=2&keyword=%E3%81%BA%E3%82%93%E3%81%8E%E3%82%93&page=2',
    );
    expect(searchFromQuery(new URLSearchParams(query))).toEqual(search);
  });

  it('defaults to the available tab and drops what it cannot read', () => {
    expect(searchFromQuery(new URLSearchParams('tab=soon&category=9&park_id=x&dates=2026-02-30'))).toEqual({
      tab: 'available',
      dates: undefined,
      park_id: undefined,
      category: undefined,
      keyword: undefined,
      page: 1,
    });
  });
});

describe('adding dates', () => {
  it('keeps them sorted and refuses an 11th, a duplicate and an invalid date', () => {
    let dates: string[] = [];
    for (let i = 10; i >= 1; i--) {
      const result = addDate(dates, addDays('2026-12-01', i));
      expect(result.error).toBeUndefined();
      dates = result.dates;
    }
    expect(dates).toHaveLength(10);
    expect(dates).toEqual([...dates].sort());
    expect(addDate(dates, '2026-12-20')).toEqual({ dates, error: 'tooMany' });
    expect(addDate(dates.slice(0, 3), dates[0] ?? '').error).toBe('duplicate');
    expect(addDate([], '2026-13-01').error).toBe('invalid');
  });
});
