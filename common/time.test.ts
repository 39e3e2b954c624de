import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday, msUntilTokyoMidnight, tokyoDate } from './time';

describe('Asia/Tokyo business dates', () => {
  it('takes the Tokyo calendar date whatever the machine zone', () => {
    // 2026-03-31 15:30 UTC is already April 1st in Tokyo (UTC+9).
    expect(tokyoDate(new Date('2026-03-31T15:30:00Z'))).toBe('2026-04-01');
    expect(tokyoDate(new Date('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
  });

  it("equals Intl's Asia/Tokyo date (the zone's own rules) every 31 hours of 1970-2100 and around each midnight", () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const end = Date.UTC(2100, 0, 1);
    for (let t = 0; t < end; t += 3600_000 * 31 + 1_000) {
      for (const at of [new Date(t), new Date(t - (t % 86_400_000) + 15 * 3600_000 - 1)]) {
        expect(tokyoDate(at)).toBe(intl.format(at));
      }
    }
  });

  it('counts the time left to midnight in Tokyo', () => {
    expect(msUntilTokyoMidnight(new Date('2026-03-31T14:59:00Z'))).toBe(60_000);
    expect(msUntilTokyoMidnight(new Date('2026-03-31T15:00:00Z'))).toBe(86_400_000);
  });

  it('computes weekdays and day arithmetic on dates', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-22')).toBe(7); // Sunday
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-21', '2026-12-01')).toBe(10);
  });
});
