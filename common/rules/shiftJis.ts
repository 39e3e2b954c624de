// Advance information may only use Shift-JIS "general" characters: what Japanese back-office systems and
// printed gate lists can show. That is ASCII, half-width katakana and JIS X 0208 (levels 1 and 2), without the
// platform-dependent extensions (NEC row 13 such as ① and ㈱, NEC-selected and IBM extensions). The set is built
// from the platform's own Shift-JIS decoder (WHATWG TextDecoder, in browsers and Node alike), once.

let general: Set<string> | null = null;

function generalCharacters(): Set<string> {
  if (general) return general;
  const set = new Set<string>(['\n', '\r', '\t']);
  for (let c = 0x20; c <= 0x7e; c++) set.add(String.fromCharCode(c));
  const decoder = new TextDecoder('shift_jis', { fatal: false });
  for (let b = 0xa1; b <= 0xdf; b++) set.add(decoder.decode(new Uint8Array([b])));
  // JIS X 0208 lives in lead bytes 0x81-0x9F and 0xE0-0xEA; 0x87 is NEC row 13 (platform-dependent).
  const leads = [...range(0x81, 0x9f), ...range(0xe0, 0xea)].filter((b) => b !== 0x87);
  for (const lead of leads) {
    for (const trail of [...range(0x40, 0x7e), ...range(0x80, 0xfc)]) {
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1 && ch !== '\ufffd') set.add(ch);
    }
  }
  general = set;
  return set;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The characters of `text` outside the Shift-JIS general set (empty: the text is fine). */
export function nonShiftJisCharacters(text: string): string[] {
  const set = generalCharacters();
  return [...new Set([...text].filter((ch) => !set.has(ch)))];
}
