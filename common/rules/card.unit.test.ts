import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  expiryToYymm,
  luhnValid,
  maskCardNumber,
  validateCard,
  validateCardNumber,
  validateCvc,
  validateExpiry,
  validateHolderName,
  yymmToExpiry,
} from './card';

// 2026-11-21 12:00 in Tokyo.
const NOW = new Date('2026-11-21T03:00:00Z');

describe('card number', () => {
  it('is required, half-width digits, 12-19 long and Luhn-valid', () => {
    expect(validateCardNumber('4111111111111111')).toBeNull();
    expect(validateCardNumber('4000000000003220')).toBeNull();
    expect(validateCardNumber('378282246310005')).toBeNull(); // Amex, 15 digits
    expect(validateCardNumber('')).toBe('cardNumberRequired');
    expect(validateCardNumber(undefined)).toBe('cardNumberRequired');
    expect(validateCardNumber('4111111111111112')).toBe('cardNumberInvalid'); // check digit
    expect(validateCardNumber('41111111111')).toBe('cardNumberInvalid'); // too short
    expect(validateCardNumber('4111 1111 1111 1111')).toBe('cardNumberInvalid');
    expect(validateCardNumber('４１１１１１１１１１１１１１１１')).toBe('cardHalfWidthDigits');
    expect(validateCardNumber('4111-1111-1111-1111')).toBe('cardNumberInvalid');
  });

  it('Luhn check', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('abc')).toBe(false);
  });
});

describe('holder name', () => {
  it('is required and written in half-width letters', () => {
    expect(validateHolderName('HANAKO YAMADA')).toBeNull();
    expect(validateHolderName("O'NEIL J.")).toBeNull();
    expect(validateHolderName('  ')).toBe('cardHolderRequired');
    expect(validateHolderName(null)).toBe('cardHolderRequired');
    expect(validateHolderName('山田 花子')).toBe('cardHolderInvalid');
    expect(validateHolderName('ＨＡＮＡＫＯ')).toBe('cardHolderInvalid');
    expect(validateHolderName('A'.repeat(51))).toBe('cardHolderInvalid');
  });
});

describe('expiry', () => {
  it('is required, MM/YY with month 01-12, and not in the past (Asia/Tokyo month)', () => {
    expect(validateExpiry('11/26', NOW)).toBeNull(); // this month is still valid
    expect(validateExpiry('01/30', NOW)).toBeNull();
    expect(validateExpiry('10/26', NOW)).toBe('cardExpired');
    expect(validateExpiry('12/25', NOW)).toBe('cardExpired');
    expect(validateExpiry('', NOW)).toBe('cardExpiryRequired');
    expect(validateExpiry('13/27', NOW)).toBe('cardExpiryInvalid');
    expect(validateExpiry('00/27', NOW)).toBe('cardExpiryInvalid');
    expect(validateExpiry('1/27', NOW)).toBe('cardExpiryInvalid');
    expect(validateExpiry('01/2027', NOW)).toBe('cardExpiryInvalid');
    expect(validateExpiry('０１/２７', NOW)).toBe('cardHalfWidthDigits');
  });

  it('uses the Tokyo calendar: 2026-11-30 15:30 UTC is already December in Tokyo', () => {
    const lateNovemberUtc = new Date('2026-11-30T15:30:00Z');
    expect(validateExpiry('11/26', lateNovemberUtc)).toBe('cardExpired');
    expect(validateExpiry('12/26', lateNovemberUtc)).toBeNull();
  });
});

describe('CVC', () => {
  it('is 3 or 4 half-width digits', () => {
    expect(validateCvc('123')).toBeNull();
    expect(validateCvc('1234')).toBeNull();
    expect(validateCvc('')).toBe('cardCvcRequired');
    expect(validateCvc('12')).toBe('cardCvcInvalid');
    expect(validateCvc('12345')).toBe('cardCvcInvalid');
    expect(validateCvc('12a')).toBe('cardCvcInvalid');
    expect(validateCvc('１２３')).toBe('cardHalfWidthDigits');
  });
});

describe('whole card', () => {
  it('names each failing field once', () => {
    expect(
      validateCard({ number: '4111111111111111', holderName: 'TARO ZOO', expiry: '12/28', cvc: '123' }, NOW),
    ).toEqual({});
    expect(validateCard({ number: '4111111111111112', holderName: '', expiry: '13/28', cvc: '1' }, NOW)).toEqual({
      number: 'cardNumberInvalid',
      holderName: 'cardHolderRequired',
      expiry: 'cardExpiryInvalid',
      cvc: 'cardCvcInvalid',
    });
  });
});

describe('brand, mask and expiry forms', () => {
  it('recognises brands by their leading digits', () => {
    expect(cardBrand('4111111111111111')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTER');
    expect(cardBrand('2221000000000009')).toBe('MASTER');
    expect(cardBrand('3530111333300000')).toBe('JCB');
    expect(cardBrand('378282246310005')).toBe('AMEX');
    expect(cardBrand('36227206271667')).toBe('DINERS');
    expect(cardBrand('6011111111111117')).toBe('OTHER');
  });

  it('masks all but the first 6 and last 4 digits', () => {
    expect(maskCardNumber('4111111111111111')).toBe('411111******1111');
    expect(maskCardNumber('378282246310005')).toBe('378282*****0005');
  });

  it('converts MM/YY and YYMM', () => {
    expect(expiryToYymm('03/29')).toBe('2903');
    expect(yymmToExpiry('2903')).toBe('03/29');
  });
});
