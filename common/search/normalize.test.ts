import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchTerms, toKatakana } from './normalize';

describe('search normalisation', () => {
  it('treats hiragana and katakana alike', () => {
    expect(toKatakana('ぺんぎん')).toBe('ペンギン');
    expect(normalizeForSearch('ぺんぎん')).toBe(normalizeForSearch('ペンギン'));
    expect(normalizeForSearch('ゔぁ')).toBe('ヴァ');
  });

  it('treats full-width and half-width alike, and ignores case', () => {
    expect(normalizeForSearch('ｶﾋﾟﾊﾞﾗ')).toBe(normalizeForSearch('カピバラ'));
    expect(normalizeForSearch('ＰＡＮＤＡ')).toBe('panda');
    expect(normalizeForSearch('Red Panda')).toBe('red panda');
    expect(normalizeForSearch('１２３')).toBe('123');
  });

  it('drops long-vowel marks so spelling variants meet', () => {
    expect(normalizeForSearch('コアラー')).toBe(normalizeForSearch('コアラ'));
    expect(normalizeForSearch('ペンギーン')).toBe(normalizeForSearch('ペンギン'));
    expect(normalizeForSearch('ｽｰﾊﾟｰ')).toBe(normalizeForSearch('スーパー'));
  });

  it('keeps words apart and drops punctuation', () => {
    expect(normalizeForSearch('  ナイト・ZOO！　2026 ')).toBe('ナイト zoo 2026');
    expect(searchTerms('ぺんぎん　おさんぽ  ')).toEqual(['ペンギン', 'オサンポ']);
    expect(searchTerms('a b c d e f g')).toHaveLength(5);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('finds words inside words once both sides are normalised', () => {
    const doc = normalizeForSearch('フンボルトペンギン Humboldt penguin');
    expect(doc.includes(normalizeForSearch('ぺんぎん'))).toBe(true);
    expect(doc.includes(normalizeForSearch('PENGUIN'))).toBe(true);
  });
});
