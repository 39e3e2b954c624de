// The build's Japanese fallback faces (fonts/japaneseFont.ts): Noto Sans JP from the npm dependencies, the seed
// pictures' font (seeds/art/fonts.ts), cut to the characters the app shows. Node only (vite.config.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import iconv from 'iconv-lite';
import subsetFont from 'subset-font';
import { ART_FONTS } from '../../../seeds/art/fonts';
import { fontCodepoints } from '../../../seeds/art/glyphs';
import { JAPANESE_BLOCKS, type JapaneseFontFiles } from './japaneseFont';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The regular weight (bold is drawn from it by the browser). */
const FONT = ART_FONTS[0].file;
/** Where the app's strings and the demo's content are written (English strings have no Japanese). */
const SOURCES = ['pwa/src', 'common', 'seeds', 'server/features'];

const isJapanese = (cp: number) => JAPANESE_BLOCKS.some(([from, to]) => cp >= from && cp <= to);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'test' ? [] : sourceFiles(full);
    return /\.(ts|tsx|json|sql)$/.test(name) ? [full] : [];
  });
}

/** Every Japanese character of the app's sources and seed content, all kana, CJK punctuation and full-width forms, sorted. */
export function appCharacters(root = ROOT): string[] {
  const chars = new Set<string>();
  // The blocks whole (where the font draws them: a block has unassigned code points), whatever the sources use.
  for (let cp = 0x3000; cp <= 0x30ff; cp++) if (fontHas(String.fromCodePoint(cp))) chars.add(String.fromCodePoint(cp));
  for (let cp = 0xff01; cp <= 0xff5e; cp++) chars.add(String.fromCodePoint(cp));
  for (const file of SOURCES.flatMap((d) => sourceFiles(join(root, d)))) {
    for (const ch of readFileSync(file, 'utf8')) if (isJapanese(ch.codePointAt(0) as number)) chars.add(ch);
  }
  return [...chars].sort();
}

/** The kanji of JIS X 0208 level 1 (rows 16 to 47: the 2,965 in everyday use), through EUC-JP. */
export function jisLevel1Kanji(): string[] {
  const kanji: string[] = [];
  for (let row = 0xb0; row <= 0xcf; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const ch = iconv.decode(Buffer.from([row, cell]), 'EUC-JP');
      if (ch.length === 1 && ch !== '\ufffd') kanji.push(ch);
    }
  }
  return kanji;
}

export interface JapaneseFontFace {
  fileName: string;
  chars: string[];
}

/** The two faces' file names (by their characters and the font file) and characters, without cutting them yet. */
export function japaneseFontFaces(root = ROOT): { app: JapaneseFontFace; more: JapaneseFontFace } {
  const fontStamp = `${statSync(FONT).size}`;
  const name = (kind: string, chars: string[]) =>
    `fonts/ja-${kind}-${createHash('sha256').update(fontStamp).update(chars.join('')).digest('hex').slice(0, 10)}.woff2`;
  const app = appCharacters(root);
  const own = new Set(app);
  const more = jisLevel1Kanji().filter((c) => !own.has(c));
  return { app: { fileName: name('app', app), chars: app }, more: { fileName: name('more', more), chars: more } };
}

export const fontUrls = (faces: ReturnType<typeof japaneseFontFaces>): JapaneseFontFiles => ({
  app: `/${faces.app.fileName}`,
  more: `/${faces.more.fileName}`,
});

/**
 * The face as WOFF2, cut from Noto Sans JP. Kept in node_modules/.cache by file name (cutting both takes seconds),
 * and checked: a character the font cannot draw fails the build, naming it.
 */
export async function cutFace(face: JapaneseFontFace, cacheDir = join(ROOT, 'node_modules/.cache/zoopass-fonts')) {
  const cached = join(cacheDir, face.fileName.replace(/^fonts\//, ''));
  try {
    return readFileSync(cached);
  } catch {}
  const woff2 = await subsetFont(readFileSync(FONT), face.chars.join(''), { targetFormat: 'woff2' });
  const missing = face.chars.filter((c) => !fontHas(c));
  if (missing.length > 0) {
    throw new Error(
      `Noto Sans JP has no glyph for ${missing.map((c) => `${c} (U+${c.codePointAt(0)?.toString(16).toUpperCase()})`).join(', ')}`,
    );
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${cached}.${process.pid}`, woff2);
  renameSync(`${cached}.${process.pid}`, cached);
  return woff2;
}

let cmap: Set<number> | null = null;
/** Whether the font's character map has `ch`. */
function fontHas(ch: string): boolean {
  cmap ??= fontCodepoints(readFileSync(FONT));
  return cmap.has(ch.codePointAt(0) as number);
}
