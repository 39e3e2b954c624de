// The build refuses art whose text the font cannot draw (it would show boxes): the characters of every picture's
// <text> are looked up in the font files' cmap tables.
import { readFileSync } from 'node:fs';

/** The code points a TrueType/OpenType font maps to a glyph (its cmap: format 12 when present, else 4). */
export function fontCodepoints(font: Buffer): Set<number> {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const at = 12 + i * 16;
    if (font.toString('latin1', at, at + 4) === 'cmap') cmap = font.readUInt32BE(at + 8);
  }
  if (cmap < 0) throw new Error('font has no cmap table');
  const subtables = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const at = cmap + 4 + i * 8;
    const offset = cmap + font.readUInt32BE(at + 4);
    const format = font.readUInt16BE(offset);
    const platform = font.readUInt16BE(at);
    // Unicode subtables only: Windows (3) or Unicode (0) platform.
    if ((platform === 3 || platform === 0) && !subtables.has(format)) subtables.set(format, offset);
  }
  const out = new Set<number>();
  const f12 = subtables.get(12);
  if (f12 !== undefined) {
    const groups = font.readUInt32BE(f12 + 12);
    for (let g = 0; g < groups; g++) {
      const at = f12 + 16 + g * 12;
      const [start, end, glyph] = [font.readUInt32BE(at), font.readUInt32BE(at + 4), font.readUInt32BE(at + 8)];
      for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) out.add(c);
    }
    return out;
  }
  const f4 = subtables.get(4);
  if (f4 === undefined) throw new Error('font has no Unicode cmap (format 4 or 12)');
  const segs = font.readUInt16BE(f4 + 6) / 2;
  const ends = f4 + 14;
  const starts = ends + segs * 2 + 2;
  const deltas = starts + segs * 2;
  const rangeOffsets = deltas + segs * 2;
  for (let s = 0; s < segs; s++) {
    const start = font.readUInt16BE(starts + s * 2);
    const end = font.readUInt16BE(ends + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) out.add(c);
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The characters an SVG draws as text: the content of its <text> elements (with their <tspan>s). */
export function svgText(svg: string): string {
  let out = '';
  for (const m of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)) {
    out += (m[1] ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) =>
        e.startsWith('#x') || e.startsWith('#X')
          ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
          : e.startsWith('#')
            ? String.fromCodePoint(Number(e.slice(1)))
            : (ENTITIES[e] ?? all),
      );
  }
  return out;
}

export interface MissingGlyph {
  char: string;
  /** The pictures whose text has it. */
  urls: string[];
}

/** Characters of the pictures' text that one of the font files has no glyph for (white space aside). */
export function missingGlyphs(pictures: { url: string; svg: string }[], fontFiles: readonly string[]): MissingGlyph[] {
  const fonts = fontFiles.map((f) => fontCodepoints(readFileSync(f)));
  const missing = new Map<string, Set<string>>();
  for (const { url, svg } of pictures) {
    for (const char of svgText(svg)) {
      if (/\s/.test(char)) continue;
      const c = char.codePointAt(0) ?? 0;
      if (fonts.every((f) => f.has(c))) continue;
      const urls = missing.get(char) ?? new Set<string>();
      urls.add(url);
      missing.set(char, urls);
    }
  }
  return [...missing].map(([char, urls]) => ({ char, urls: [...urls] }));
}

/** The build's message for characters the font cannot draw. */
export function missingGlyphsMessage(missing: MissingGlyph[], fontName: string): string {
  const lines = missing.map(
    ({ char, urls }) =>
      `  "${char}" (U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}) in ${urls.slice(0, 3).join(', ')}${urls.length > 3 ? ` and ${urls.length - 3} more` : ''}`,
  );
  return `The seed art's text has characters its font ${fontName} cannot draw (the pictures would show boxes):\n${lines.join('\n')}\nChange the text, or add a font that has them (seeds/art/fonts.ts).`;
}
