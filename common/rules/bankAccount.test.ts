import { describe, expect, it } from 'vitest';
import { invalidBankAccountFields } from './bankAccount';

const GOOD = {
  bank_name: 'みずほ銀行',
  branch_name: '渋谷支店',
  account_type: 'ordinary',
  account_number: '1234567',
  holder_kana: 'ヤマダ ハナコ',
};

describe('a bank account for a refund by transfer', () => {
  it('takes a full account: 7 digits, holder in katakana (full or half width), ordinary or current', () => {
    expect(invalidBankAccountFields(GOOD)).toEqual([]);
    expect(invalidBankAccountFields({ ...GOOD, account_type: 'current', holder_kana: 'ﾔﾏﾀﾞ ﾊﾅｺ' })).toEqual([]);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'カ）ズーパス' })).toEqual([]);
  });

  it('names each field it refuses', () => {
    expect(invalidBankAccountFields({ ...GOOD, account_number: '123456' })).toEqual(['account_number']);
    expect(invalidBankAccountFields({ ...GOOD, account_number: '１２３４５６７' })).toEqual(['account_number']);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'やまだ はなこ' })).toEqual(['holder_kana']);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'Yamada' })).toEqual(['holder_kana']);
    expect(invalidBankAccountFields({ ...GOOD, account_type: 'savings' })).toEqual(['account_type']);
    expect(invalidBankAccountFields({ ...GOOD, bank_name: ' ', branch_name: 'x'.repeat(61) })).toEqual([
      'bank_name',
      'branch_name',
    ]);
    expect(invalidBankAccountFields({})).toEqual([
      'bank_name',
      'branch_name',
      'account_type',
      'account_number',
      'holder_kana',
    ]);
  });
});
