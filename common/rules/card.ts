// Card input rules shared by the PWA card form and the sandbox tokeniser (spec section 5):
// number required and valid (Luhn), holder name required, expiry required as MM/YY with month 01-12 and
// not past (Asia/Tokyo), CVC 3-4 digits, half-width digits only. Pure functions, no Node and no DOM.
// Our API never receives a card number: the browser sends it to the provider's tokeniser and we get a token.
import type { MessageKey } from '../messages';
import { tokyoDate } from '../time';

/** At most this many registered cards per user (spec section 9). */
export const MAX_REGISTERED_CARDS = 5;
export const CARD_NUMBER_MIN_LENGTH = 12;
export const CARD_NUMBER_MAX_LENGTH = 19;
export const HOLDER_NAME_MAX_LENGTH = 50;

export type CardBrand = 'VISA' | 'MASTER' | 'JCB' | 'AMEX' | 'DINERS' | 'OTHER';

/** What the card form collects. Only the tokeniser sees it. */
export interface CardInput {
  number: string;
  holderName: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, MessageKey>>;

/** A registered card as the API shows it: provider references only, never the number. */
export interface RegisteredCard {
  id: number;
  brand: CardBrand;
  last4: string;
  /** MM/YY */
  expiry: string;
  holderName: string | null;
  isDefault: boolean;
  createdAt: string;
}

const HALF_WIDTH_DIGITS = /^[0-9]+$/;
/** Full-width digits and other digit-like characters: refused with the "half-width digits" message. */
const ANY_DIGITS = /^[0-9０-９]+$/;

/** The Luhn (mod 10) check digit test. */
export function luhnValid(digits: string): boolean {
  if (!HALF_WIDTH_DIGITS.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function validateCardNumber(value: string | null | undefined): MessageKey | null {
  const v = value ?? '';
  if (v === '') return 'cardNumberRequired';
  if (!HALF_WIDTH_DIGITS.test(v)) return ANY_DIGITS.test(v) ? 'cardHalfWidthDigits' : 'cardNumberInvalid';
  if (v.length < CARD_NUMBER_MIN_LENGTH || v.length > CARD_NUMBER_MAX_LENGTH || !luhnValid(v)) {
    return 'cardNumberInvalid';
  }
  return null;
}

/** Holder names as printed on cards: half-width letters, spaces and . - ' (what card providers accept). */
export function validateHolderName(value: string | null | undefined): MessageKey | null {
  const v = (value ?? '').trim();
  if (v === '') return 'cardHolderRequired';
  if (v.length > HOLDER_NAME_MAX_LENGTH || !/^[A-Za-z][A-Za-z .'-]*$/.test(v)) return 'cardHolderInvalid';
  return null;
}

/** MM/YY, month 01-12, and not before the current month in Asia/Tokyo. */
export function validateExpiry(value: string | null | undefined, now: Date = new Date()): MessageKey | null {
  const v = value ?? '';
  if (v === '') return 'cardExpiryRequired';
  const m = /^(\d{2})\/(\d{2})$/.exec(v);
  if (!m) return /[０-９]/.test(v) ? 'cardHalfWidthDigits' : 'cardExpiryInvalid';
  const month = Number(m[1]);
  if (month < 1 || month > 12) return 'cardExpiryInvalid';
  const [y, mo] = tokyoDate(now).split('-').map(Number) as [number, number];
  const year = 2000 + Number(m[2]);
  if (year < y || (year === y && month < mo)) return 'cardExpired';
  return null;
}

export function validateCvc(value: string | null | undefined): MessageKey | null {
  const v = value ?? '';
  if (v === '') return 'cardCvcRequired';
  if (!HALF_WIDTH_DIGITS.test(v)) return ANY_DIGITS.test(v) ? 'cardHalfWidthDigits' : 'cardCvcInvalid';
  if (v.length < 3 || v.length > 4) return 'cardCvcInvalid';
  return null;
}

/** Every field's first problem; an empty object means the card input is acceptable. */
export function validateCard(input: Partial<CardInput>, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const checks: [CardField, MessageKey | null][] = [
    ['number', validateCardNumber(input.number)],
    ['holderName', validateHolderName(input.holderName)],
    ['expiry', validateExpiry(input.expiry, now)],
    ['cvc', validateCvc(input.cvc)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}

/** The brand by the number's leading digits (IIN ranges). */
export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'MASTER';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'JCB';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^3(0[0-5]|[689])/.test(number)) return 'DINERS';
  return 'OTHER';
}

/** The masked form providers return: first 6 and last 4 digits kept, e.g. 411111******1111. */
export function maskCardNumber(number: string): string {
  if (number.length <= 10) return `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
  return `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`;
}

/** MM/YY to the YYMM form card providers (GMO) use, and back. */
export const expiryToYymm = (expiry: string): string => `${expiry.slice(3, 5)}${expiry.slice(0, 2)}`;
export const yymmToExpiry = (yymm: string): string => `${yymm.slice(2, 4)}/${yymm.slice(0, 2)}`;
