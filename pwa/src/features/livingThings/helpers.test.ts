import { describe, expect, it } from 'vitest';
import { ageOf, formatLength, formatWeight } from './format';
import { queryFromSearch, searchFromQuery } from './searchParams';

// A stand-in for i18next's t: "key|value".
const t = (key: string, o?: Record<string, unknown>) => `${key.split('.').pop()}|${o?.value ?? ''}`;

describe('formatWeight / formatLength', () => {
  it('uses the unit people say', () => {
    expect(formatWeight(0.15, t)).toBe('g|150');
    expect(formatWeight(0.0025, t)).toBe('g|2.5');
    expect(formatWeight(5.5, t)).toBe('kg|5.5');
    expect(formatWeight(450, t)).toBe('kg|450');
    expect(formatWeight(6000, t)).toBe('t|6');
    expect(formatWeight(null, t)).toBe('unknown|');
    expect(formatLength(0.5, t)).toBe('mm|5');
    expect(formatLength(60, t)).toBe('cm|60');
    expect(formatLength(250, t)).toBe('m|2.5');
  });
});

describe('ageOf', () => {
  it('gives days, then months, then years', () => {
    expect(ageOf('2026-03-01', '2026-03-21')).toEqual({ unit: 'days', count: 20 });
    expect(ageOf('2025-12-15', '2026-03-20')).toEqual({ unit: 'months', count: 3 });
    expect(ageOf('2020-05-10', '2026-05-09')).toEqual({ unit: 'years', count: 5 });
    expect(ageOf('2020-05-10', '2026-05-10')).toEqual({ unit: 'years', count: 6 });
    expect(ageOf('2027-01-01', '2026-01-01')).toBeNull();
  });
});

describe('living-thing search params', () => {
  it('round-trips known values and drops unknown ones', () => {
    const s = searchFromQuery(
      new URLSearchParams('keyword=%20ペンギン%20&classification=birds&habitat=sea&park_id=3&page=2'),
    );
    expect(s).toEqual({ keyword: 'ペンギン', classification: 'birds', habitat: 'sea', park_id: 3, page: 2 });
    expect(searchFromQuery(new URLSearchParams(queryFromSearch(s)))).toEqual(s);
    expect(searchFromQuery(new URLSearchParams('classification=dragons&habitat=moon&park_id=-1&page=x'))).toEqual({
      keyword: undefined,
      classification: undefined,
      habitat: undefined,
      park_id: undefined,
      page: 1,
    });
    expect(queryFromSearch({ page: 1 })).toBe('');
  });
});
