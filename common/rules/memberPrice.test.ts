import { describe, expect, it } from 'vitest';
import { memberUnitPrice } from './memberPrice';

describe('memberUnitPrice', () => {
  it('rounds the discount down to the yen (the visitor pays the ceiling)', () => {
    expect(memberUnitPrice(1000, 10)).toBe(900);
    expect(memberUnitPrice(999, 10)).toBe(900); // 99.9 off → 99 off
    expect(memberUnitPrice(1, 50)).toBe(1);
    expect(memberUnitPrice(1000, 0)).toBe(1000);
    expect(memberUnitPrice(1000, 100)).toBe(0);
  });
});
