import { describe, expect, it } from 'vitest';
import { amountsByRate, discountByRate, isRegistrationNumber } from './invoice';

describe('registration number (T + corporate number with its check digit)', () => {
  it('accepts the National Tax Agency’s own number and refuses a wrong check digit or shape', () => {
    expect(isRegistrationNumber('T7000012050002')).toBe(true);
    expect(isRegistrationNumber('T8000012050002')).toBe(false);
    expect(isRegistrationNumber('7000012050002')).toBe(false);
    expect(isRegistrationNumber('T700001205000')).toBe(false);
  });
});

describe('tax per rate', () => {
  it('rounds once per rate, not per line', () => {
    // Per line each 1,000 yen (10 %) has 90.9 → 90 tax; three lines would be 270, once per rate 272.
    expect(amountsByRate([1000, 1000, 1000].map((amount) => ({ rate: 10 as const, amount })))).toEqual([
      { rate: 10, amount: 3000, tax: 272 },
    ]);
    expect(
      amountsByRate([
        { rate: 8, amount: 540 },
        { rate: 10, amount: 1100 },
      ]),
    ).toEqual([
      { rate: 10, amount: 1100, tax: 100 },
      { rate: 8, amount: 540, tax: 40 },
    ]);
  });
  it('takes a discount off the rates in proportion, adding up exactly', () => {
    const parts = discountByRate(
      [
        { rate: 10, amount: 1000 },
        { rate: 8, amount: 501 },
      ],
      100,
    );
    expect(parts.reduce((n, p) => n + p.amount, 0)).toBe(1401);
  });
});
