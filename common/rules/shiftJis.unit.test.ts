import { describe, expect, it } from 'vitest';
import { isShiftJisGeneral, nonShiftJisCharacters } from './shiftJis';

describe('Shift-JIS general characters', () => {
  it('accepts ASCII, kana (full and half width), JIS level 1 and 2 kanji and common symbols', () => {
    for (const text of [
      'Yamada Taro 03-1234-5678',
      'やまだ たろう',
      'ヤマダ タロウ',
      'ﾔﾏﾀﾞ',
      '山田太郎',
      '亜',
      '熙',
      '〒１００－０００１ 東京都',
      '※☆◎',
    ]) {
      expect(isShiftJisGeneral(text), text).toBe(true);
    }
  });

  it('refuses platform-dependent characters, emoji and characters outside JIS X 0208', () => {
    expect(nonShiftJisCharacters('①㈱山田')).toEqual(['①', '㈱']);
    expect(isShiftJisGeneral('🐧')).toBe(false);
    expect(isShiftJisGeneral('𠮷野家')).toBe(false);
    expect(isShiftJisGeneral('한국어')).toBe(false);
    expect(isShiftJisGeneral('ⅰ')).toBe(false);
    // 髙 (hashigo-daka) is an IBM extension, not JIS X 0208.
    expect(isShiftJisGeneral('髙島屋')).toBe(false);
  });
});
