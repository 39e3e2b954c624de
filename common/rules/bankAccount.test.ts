import { describe, expect, it } from 'vitest';
import { invalidBankAccountFields, normaliseBankAccount } from './bankAccount';
import { toZenginKana } from './zenginKana';

const GOOD = {
  bank_code: '0001',
  branch_code: '123',
  account_type: 'ordinary',
  account_number: '1234567',
  holder_kana: 'ヤマダ ハナコ',
};

describe('a bank account for a refund by transfer', () => {
  it('takes a full account: codes, up to 7 digits, holder in katakana (full or half width), ordinary or current', () => {
    expect(invalidBankAccountFields(GOOD)).toEqual([]);
    expect(invalidBankAccountFields({ ...GOOD, account_type: 'current', holder_kana: 'ﾔﾏﾀﾞ ﾊﾅｺ' })).toEqual([]);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'カ）ズーパス' })).toEqual([]);
    expect(invalidBankAccountFields({ ...GOOD, account_number: '42' })).toEqual([]);
  });

  it('normalises as banks take it: half-width kana with voiced marks apart, 7 digits with leading zeros', () => {
    const r = normaliseBankAccount({ ...GOOD, account_number: '123456', holder_kana: ' ヤマダ　ガッコウ ' });
    expect(r).toEqual({
      ok: true,
      account: {
        bankCode: '0001',
        branchCode: '123',
        accountType: 'ordinary',
        accountNumber: '0123456',
        holderKana: 'ﾔﾏﾀﾞ ｶﾞﾂｺｳ',
      },
    });
  });

  it('names each field it refuses', () => {
    expect(invalidBankAccountFields({ ...GOOD, bank_code: '001' })).toEqual(['bank_code']);
    expect(invalidBankAccountFields({ ...GOOD, bank_code: '00012' })).toEqual(['bank_code']);
    expect(invalidBankAccountFields({ ...GOOD, bank_code: 'abcd' })).toEqual(['bank_code']);
    expect(invalidBankAccountFields({ ...GOOD, branch_code: '12' })).toEqual(['branch_code']);
    expect(invalidBankAccountFields({ ...GOOD, branch_code: '1234' })).toEqual(['branch_code']);
    expect(invalidBankAccountFields({ ...GOOD, account_number: '12345678' })).toEqual(['account_number']);
    expect(invalidBankAccountFields({ ...GOOD, account_number: '１２３４５６７' })).toEqual(['account_number']);
    expect(invalidBankAccountFields({ ...GOOD, account_number: '' })).toEqual(['account_number']);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'やまだ はなこ' })).toEqual(['holder_kana']);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: '山田花子' })).toEqual(['holder_kana']);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'Yamada' })).toEqual(['holder_kana']);
    expect(invalidBankAccountFields({ ...GOOD, holder_kana: 'ア'.repeat(31) })).toEqual(['holder_kana']);
    expect(invalidBankAccountFields({ ...GOOD, account_type: 'savings' })).toEqual(['account_type']);
    expect(invalidBankAccountFields({})).toEqual([
      'bank_code',
      'branch_code',
      'account_type',
      'account_number',
      'holder_kana',
    ]);
  });
});

describe('Zengin half-width kana', () => {
  it('turns full-width katakana into half-width, small kana into large, long mark into a hyphen', () => {
    expect(toZenginKana('ヤマダ　ハナコ', 30)).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(toZenginKana('キョウコ・パーカー', 30)).toBe('ｷﾖｳｺ.ﾊﾟ-ｶ-');
    expect(toZenginKana('ヴィヴィアン', 30)).toBe('ｳﾞｲｳﾞｲｱﾝ');
    expect(toZenginKana('ｷｮｳｺ', 30)).toBe('ｷﾖｳｺ');
    expect(toZenginKana('カ）ズーパス', 30)).toBe('ｶ)ｽﾞ-ﾊﾟｽ');
  });

  it('refuses kanji, hiragana, Latin letters (unless asked), a lone voiced mark, and what is too long once written', () => {
    expect(toZenginKana('山田', 30)).toBeNull();
    expect(toZenginKana('やまだ', 30)).toBeNull();
    expect(toZenginKana('ヤマダ太郎', 30)).toBeNull();
    expect(toZenginKana('Yamada', 30)).toBeNull();
    expect(toZenginKana('ｶ)zoo pass', 40, { latin: true })).toBe('ｶ)ZOO PASS');
    expect(toZenginKana('ﾞｱ', 30)).toBeNull();
    expect(toZenginKana('   ', 30)).toBeNull();
    // ガ is two characters once written (ｶﾞ).
    expect(toZenginKana('ガ'.repeat(15), 30)).toBe('ｶﾞ'.repeat(15));
    expect(toZenginKana('ガ'.repeat(16), 30)).toBeNull();
  });
});
