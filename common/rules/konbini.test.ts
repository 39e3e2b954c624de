import { describe, expect, it } from 'vitest';
import { endOfTokyoDay, konbiniDeadline } from './konbini';

// 2026-12-01 10:00 Japan time.
const now = new Date('2026-12-01T01:00:00Z');

describe('konbini deadline', () => {
  it('is the park term in Tokyo days, ending 23:59:59 Japan time', () => {
    const d = konbiniDeadline(now, 3, ['2026-12-20']);
    expect(d).toEqual({ lastDay: '2026-12-04', termDays: 3, deadline: endOfTokyoDay('2026-12-04') });
    expect(d?.deadline.toISOString()).toBe('2026-12-04T14:59:59.000Z');
  });

  it('never passes the day before the first use', () => {
    expect(konbiniDeadline(now, 3, ['2026-12-05', '2026-12-03'])?.lastDay).toBe('2026-12-02');
    expect(konbiniDeadline(now, 3, ['2026-12-02'])).toMatchObject({ lastDay: '2026-12-01', termDays: 0 });
  });

  it('refuses when the first use is today (no day left)', () => {
    expect(konbiniDeadline(now, 3, ['2026-12-01'])).toBeNull();
  });

  it('counts the Tokyo day, not the UTC one (23:30 Japan time is already the next UTC day minus 30 minutes)', () => {
    const late = new Date('2026-12-01T14:30:00Z'); // 23:30 on 12-01 in Tokyo
    expect(konbiniDeadline(late, 3, ['2026-12-02'])).toMatchObject({ lastDay: '2026-12-01', termDays: 0 });
    expect(konbiniDeadline(new Date('2026-12-01T15:00:00Z'), 3, ['2026-12-02'])).toBeNull(); // 00:00 on 12-02
  });
});
