import { describe, expect, it } from 'vitest';
import { nonShiftJisCharacters } from './shiftJis';

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
      expect(nonShiftJisCharacters(text), text).toEqual([]);
    }
  });

  it('refuses platform-dependent characters, emoji and characters outside JIS X 0208', () => {
    expect(nonShiftJisCharacters('①㈱山田')).toEqual(['①', '㈱']);
    expect(nonShiftJisCharacters('🐧')).not.toEqual([]);
    expect(nonShiftJisCharacters('𠮷野家')).not.toEqual([]);
    expect(nonShiftJisCharacters('한국어')).not.toEqual([]);
    expect(nonShiftJisCharacters('ⅰ')).not.toEqual([]);
    // 髙 (hashigo-daka) is an IBM extension, not JIS X 0208.
    expect(nonShiftJisCharacters('髙島屋')).not.toEqual([]);
  });
});
