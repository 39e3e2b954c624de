// Names as banks take them in a Zengin (全銀協) transfer file: half-width katakana (ｱ-ﾝ, ｦ, the voiced marks ﾞ ﾟ),
// digits, space and the symbols ( ) - . / , ｢ ｣ (Latin capitals only where asked: a company's name). Small kana
// become large ones (ｯ -> ﾂ), the long mark becomes '-', the middle dot '.', full-width katakana becomes half-width
// with its voiced mark apart (ガ -> ｶﾞ). Kanji, hiragana and anything else cannot be written and are refused: the
// caller names the field (a bank matches the holder's name, so we never guess a reading).

const FULL =
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ';
const HALF = [
  'ｱ',
  'ｱ',
  'ｲ',
  'ｲ',
  'ｳ',
  'ｳ',
  'ｴ',
  'ｴ',
  'ｵ',
  'ｵ',
  'ｶ',
  'ｶﾞ',
  'ｷ',
  'ｷﾞ',
  'ｸ',
  'ｸﾞ',
  'ｹ',
  'ｹﾞ',
  'ｺ',
  'ｺﾞ',
  'ｻ',
  'ｻﾞ',
  'ｼ',
  'ｼﾞ',
  'ｽ',
  'ｽﾞ',
  'ｾ',
  'ｾﾞ',
  'ｿ',
  'ｿﾞ',
  'ﾀ',
  'ﾀﾞ',
  'ﾁ',
  'ﾁﾞ',
  'ﾂ',
  'ﾂ',
  'ﾂﾞ',
  'ﾃ',
  'ﾃﾞ',
  'ﾄ',
  'ﾄﾞ',
  'ﾅ',
  'ﾆ',
  'ﾇ',
  'ﾈ',
  'ﾉ',
  'ﾊ',
  'ﾊﾞ',
  'ﾊﾟ',
  'ﾋ',
  'ﾋﾞ',
  'ﾋﾟ',
  'ﾌ',
  'ﾌﾞ',
  'ﾌﾟ',
  'ﾍ',
  'ﾍﾞ',
  'ﾍﾟ',
  'ﾎ',
  'ﾎﾞ',
  'ﾎﾟ',
  'ﾏ',
  'ﾐ',
  'ﾑ',
  'ﾒ',
  'ﾓ',
  'ﾔ',
  'ﾔ',
  'ﾕ',
  'ﾕ',
  'ﾖ',
  'ﾖ',
  'ﾗ',
  'ﾘ',
  'ﾙ',
  'ﾚ',
  'ﾛ',
  'ﾜ',
  'ﾜ',
  'ｲ',
  'ｴ',
  'ｦ',
  'ﾝ',
  'ｳﾞ',
  'ｶ',
  'ｹ',
];
const FULL_TO_HALF = new Map([...FULL].map((ch, i) => [ch, HALF[i] as string]));
/** Half-width small kana to large (banks' character set has no small kana). */
const SMALL_HALF: Record<string, string> = { ｧ: 'ｱ', ｨ: 'ｲ', ｩ: 'ｳ', ｪ: 'ｴ', ｫ: 'ｵ', ｬ: 'ﾔ', ｭ: 'ﾕ', ｮ: 'ﾖ', ｯ: 'ﾂ' };
const SYMBOLS: Record<string, string> = {
  ー: '-',
  ｰ: '-',
  '－': '-',
  '‐': '-',
  '−': '-',
  '・': '.',
  '･': '.',
  '．': '.',
  '（': '(',
  '）': ')',
  '／': '/',
  '，': ',',
  '、': ',',
  '「': '｢',
  '」': '｣',
  '　': ' ',
  ゛: 'ﾞ',
  ゜: 'ﾟ',
};
/** Half-width katakana ｦ, ｱ-ﾝ and the voiced marks. */
const HALF_KANA = /^[\uFF66\uFF71-\uFF9F]$/;
const PLAIN = /^[0-9 ()\-./,｢｣]$/;

/**
 * `text` as a Zengin half-width kana name, or null when it holds something a bank file cannot carry (kanji,
 * hiragana, Latin letters unless `latin`, other symbols) or is empty or longer than `max` characters once written.
 * Runs of spaces become one; the ends are trimmed.
 */
export function toZenginKana(text: string, max: number, options: { latin?: boolean } = {}): string | null {
  let out = '';
  for (const raw of text.normalize('NFC')) {
    let ch = raw;
    // Full-width digits and Latin letters to ASCII.
    if (/[０-９Ａ-Ｚａ-ｚ]/.test(ch)) ch = String.fromCharCode(ch.charCodeAt(0) - 0xfee0);
    if (options.latin && /[a-z]/.test(ch)) ch = ch.toUpperCase();
    const mapped = FULL_TO_HALF.get(ch) ?? SMALL_HALF[ch] ?? SYMBOLS[ch];
    if (mapped !== undefined) out += mapped;
    else if (HALF_KANA.test(ch) || PLAIN.test(ch) || (options.latin && /[A-Z]/.test(ch))) out += ch;
    else return null;
  }
  const name = out.replace(/ {2,}/g, ' ').trim();
  // A voiced mark must follow a kana.
  if (name === '' || /(^|[^\uFF66\uFF71-\uFF9D])[ﾞﾟ]/.test(name)) return null;
  return name.length <= max ? name : null;
}
