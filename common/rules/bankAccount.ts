// A bank account for a refund by transfer (konbini give-back): the server's validation and the PWA's form share
// these rules, so a field refused names itself the same way on both sides.
import type { BankAccountInput } from '../dto/bankTransfer';

export const ACCOUNT_NUMBER = /^[0-9]{7}$/;
/** Katakana (full or half width), the long mark, middle dot, brackets, full stop and spaces: a holder name as banks print it. */
export const HOLDER_KANA = /^[\u30A0-\u30FF\uFF65-\uFF9F\u3000 （）().．ー-]+$/;
export const NAME_MAX = 60;

export type BankAccountField = keyof BankAccountInput;

/** The fields that are not valid (empty list: the account can be sent). */
export function invalidBankAccountFields(a: Partial<Record<BankAccountField, string>>): BankAccountField[] {
  const bad: BankAccountField[] = [];
  const filled = (v: string | undefined) => (v ?? '').trim().length > 0 && [...(v ?? '').trim()].length <= NAME_MAX;
  if (!filled(a.bank_name)) bad.push('bank_name');
  if (!filled(a.branch_name)) bad.push('branch_name');
  if (a.account_type !== 'ordinary' && a.account_type !== 'current') bad.push('account_type');
  if (!ACCOUNT_NUMBER.test(a.account_number ?? '')) bad.push('account_number');
  if (!filled(a.holder_kana) || !HOLDER_KANA.test((a.holder_kana ?? '').trim())) bad.push('holder_kana');
  return bad;
}
