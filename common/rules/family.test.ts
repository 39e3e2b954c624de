import { describe, expect, it } from 'vitest';
import { isChildBirthdate } from './family';

describe('isChildBirthdate', () => {
  it('is under 18 on the day and not in the future', () => {
    expect(isChildBirthdate('2010-05-05', '2026-11-24')).toBe(true);
    expect(isChildBirthdate('2026-11-24', '2026-11-24')).toBe(true);
    expect(isChildBirthdate('2026-11-25', '2026-11-24')).toBe(false);
    expect(isChildBirthdate('2008-11-24', '2026-11-24')).toBe(false); // 18 today
    expect(isChildBirthdate('2008-11-25', '2026-11-24')).toBe(true); // 18 tomorrow
    expect(isChildBirthdate('1980-05-05', '2026-11-24')).toBe(false);
    expect(isChildBirthdate('2008-02-29', '2026-02-28')).toBe(true);
    expect(isChildBirthdate('2008-02-29', '2026-03-01')).toBe(false);
  });
});
