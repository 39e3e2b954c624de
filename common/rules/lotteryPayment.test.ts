import { describe, expect, it } from 'vitest';
import { chargesAtDraw } from './lotteryPayment';

const day = 24 * 3600_000;
const now = new Date('2026-11-24T03:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * day);

describe('chargesAtDraw', () => {
  it('authorises when the draw is settled well within the authorisation', () => {
    expect(chargesAtDraw(at(10), now, 60)).toBe(false);
    expect(chargesAtDraw(at(58.9), now, 60)).toBe(false);
  });
  it('checks the card and charges at the draw when the authorisation could lapse first (a day of margin)', () => {
    expect(chargesAtDraw(at(59.5), now, 60)).toBe(true);
    expect(chargesAtDraw(at(90), now, 60)).toBe(true);
    expect(chargesAtDraw(at(10), now, 7)).toBe(true);
  });
});
