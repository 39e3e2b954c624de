// Search text normalisation for Japanese and English: applied to stored text and to queries alike, so the
// differences people do not care about disappear: hiragana vs katakana (ぺんぎん = ペンギン), full- vs half-width
// (ｶﾋﾟﾊﾞ = カピバラ's width, ＰＡＮＤＡ = panda), case, and long-vowel marks (ペンギーン ~ ペンギン, コアラー = コアラ).

const HIRAGANA_START = 0x3041;
const HIRAGANA_END = 0x3096;
const KANA_OFFSET = 0x60;

/** Hiragana to katakana (ゔ and the small forms included). */
export function toKatakana(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code >= HIRAGANA_START && code <= HIRAGANA_END ? String.fromCodePoint(code + KANA_OFFSET) : ch;
  }
  return out;
}

// Long-vowel marks and look-alike dashes people type in their place; dropped so spelling variants meet.
const LONG_VOWELS = /[ーｰ―‐－~〜～]/g;
// Punctuation and symbols that never carry meaning in a search (kept: letters, digits, kana, kanji).
const NOISE = /[\s・、。,.!！?？「」『』（）()［］[\]【】"'’“”:：;；/／\\＆&＋+*＊#＃@＠%％=＝|｜_＿<>＜＞]+/g;

/**
 * The canonical form of text for searching: NFKC (width), lower case, katakana, no long-vowel marks,
 * words joined by single spaces.
 */
export function normalizeForSearch(text: string | null | undefined): string {
  if (!text) return '';
  return toKatakana(text.normalize('NFKC').toLowerCase())
    .replace(LONG_VOWELS, '')
    .replace(NOISE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search terms of a query: normalised, split on spaces, at most 5, empty ones dropped. */
export function searchTerms(query: string | null | undefined): string[] {
  return normalizeForSearch(query).split(' ').filter(Boolean).slice(0, 5);
}
