import { describe, expect, it } from 'vitest';
import { closureDays, closuresOf } from './closures';

const day = (date: string, noteJa = '休園', noteEn: string | null = null) => ({ date, noteJa, noteEn });

describe('closing days as ranges', () => {
  it('consecutive days with one reason read as one range; another reason or a gap starts another', () => {
    expect(
      closuresOf([
        day('2026-12-31'),
        day('2026-12-29'),
        day('2026-12-30'),
        day('2027-01-02'),
        day('2027-01-03', '点検'),
      ]),
    ).toEqual([
      { from: '2026-12-29', to: '2026-12-31', noteJa: '休園', noteEn: null },
      { from: '2027-01-02', to: '2027-01-02', noteJa: '休園', noteEn: null },
      { from: '2027-01-03', to: '2027-01-03', noteJa: '点検', noteEn: null },
    ]);
  });

  it('a range gives its days (across a month end), and back again', () => {
    const r = closureDays([{ from: '2027-01-25', to: '2027-02-13', noteJa: '改修', noteEn: 'Works' }]);
    expect(r.ok && r.days.length).toBe(20);
    expect(r.ok && closuresOf(r.days)).toEqual([
      { from: '2027-01-25', to: '2027-02-13', noteJa: '改修', noteEn: 'Works' },
    ]);
  });

  it('refuses a range ending before it starts, overlapping ranges and more than a year', () => {
    const r = (from: string, to: string) => ({ from, to, noteJa: 'x', noteEn: null });
    expect(closureDays([r('2027-01-05', '2027-01-04')]).ok).toBe(false);
    expect(closureDays([r('2027-01-01', '2027-01-05'), r('2027-01-05', '2027-01-06')]).ok).toBe(false);
    expect(closureDays([r('2027-01-01', '2028-01-02')]).ok).toBe(false);
    expect(closureDays([r('2027-01-01', '2027-12-31')]).ok).toBe(true);
  });
});
