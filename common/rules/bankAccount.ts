// A bank account for a refund by transfer (konbini give-back), and the park's own remitting account: the server's
// validation and the PWA's forms share these rules, so a field refused names itself the same way on both sides.
// Banks' rules (Zengin): bank code 4 digits, branch code 3 digits, 普通 or 当座, account number up to 7 digits
// (written with leading zeros to 7), names in half-width katakana (common/rules/zenginKana.ts).
import { BANK_ACCOUNT_TYPES, type BankAccountInput, type BankAccountType } from '../dto/bankTransfer';
import type { MessageKey } from '../messages';
import { toZenginKana } from './zenginKana';

export const BANK_CODE = /^[0-9]{4}$/;
export const BRANCH_CODE = /^[0-9]{3}$/;
/** As entered: 1 to 7 digits (half-width). */
export const ACCOUNT_NUMBER = /^[0-9]{1,7}$/;
/** 委託者コード: the code the park's bank gave it for the Zengin transfer service, 10 digits. */
export const CONSIGNOR_CODE = /^[0-9]{10}$/;
/** The holder's name in a Zengin data record (受取人名) is 30 characters, the consignor's (委託者名) 40. */
export const HOLDER_KANA_MAX = 30;
export const CONSIGNOR_NAME_MAX = 40;
/** What a text input may hold before it is normalised (longer is refused). */
export const INPUT_MAX = 60;

export type BankAccountField = keyof BankAccountInput;
export const BANK_ACCOUNT_FIELDS: BankAccountField[] = [
  'bank_code',
  'branch_code',
  'account_type',
  'account_number',
  'holder_kana',
];

/** The message (common/messages.ts) that refuses each field: each names its field in both languages. */
export const BANK_FIELD_MESSAGES = {
  bank_code: 'bankCodeInvalid',
  branch_code: 'branchCodeInvalid',
  account_type: 'accountTypeInvalid',
  account_number: 'accountNumberInvalid',
  holder_kana: 'holderKanaInvalid',
  consignor_code: 'consignorCodeInvalid',
  consignor_name: 'consignorNameInvalid',
} as const satisfies Record<string, MessageKey>;

export interface NormalisedBankAccount {
  bankCode: string;
  branchCode: string;
  accountType: BankAccountType;
  /** 7 digits, leading zeros added. */
  accountNumber: string;
  /** Half-width katakana as banks take it. */
  holderKana: string;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
export const padAccountNumber = (digits: string) => digits.padStart(7, '0');
const isAccountType = (v: unknown): v is BankAccountType =>
  typeof v === 'string' && (BANK_ACCOUNT_TYPES as readonly string[]).includes(v);

/** The account as banks take it, or the fields refused (in form order). */
export function normaliseBankAccount(
  a: Partial<Record<BankAccountField, unknown>>,
): { ok: true; account: NormalisedBankAccount } | { ok: false; fields: BankAccountField[] } {
  const bad: BankAccountField[] = [];
  const bankCode = trimmed(a.bank_code);
  const branchCode = trimmed(a.branch_code);
  const number = trimmed(a.account_number);
  const holderText = trimmed(a.holder_kana);
  const holder = holderText.length <= INPUT_MAX ? toZenginKana(holderText, HOLDER_KANA_MAX) : null;
  if (!BANK_CODE.test(bankCode)) bad.push('bank_code');
  if (!BRANCH_CODE.test(branchCode)) bad.push('branch_code');
  if (!isAccountType(a.account_type)) bad.push('account_type');
  if (!ACCOUNT_NUMBER.test(number)) bad.push('account_number');
  if (holder === null) bad.push('holder_kana');
  if (bad.length > 0) return { ok: false, fields: bad };
  return {
    ok: true,
    account: {
      bankCode,
      branchCode,
      accountType: a.account_type as BankAccountType,
      accountNumber: padAccountNumber(number),
      holderKana: holder as string,
    },
  };
}

/** The fields that are not valid (empty list: the account can be sent). */
export function invalidBankAccountFields(a: Partial<Record<BankAccountField, unknown>>): BankAccountField[] {
  const result = normaliseBankAccount(a);
  return result.ok ? [] : result.fields;
}
