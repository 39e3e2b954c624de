// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appCharacters, cutFace, japaneseFontFaces, jisLevel1Kanji } from './build';

const cache = mkdtempSync(join(tmpdir(), 'ja-font-test-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe("the build's Japanese faces", () => {
  it("hold every character of the app's strings and seed content, and the kana", () => {
    const chars = new Set(appCharacters());
    for (const text of ['販売中のチケット', '旭川市旭山動物園', 'マイチケット', '「表示」', 'ゎヶ']) {
      for (const ch of text) expect(chars.has(ch), ch).toBe(true);
    }
    // Unassigned code points of the kana block are left out.
    expect(chars.has('\u3040')).toBe(false);
  });

  it('the other face has the rest of the 2,965 kanji of JIS level 1, none of the first', () => {
    const kanji = jisLevel1Kanji();
    expect(kanji).toHaveLength(2965);
    expect(kanji[0]).toBe('亜');
    expect(kanji.at(-1)).toBe('腕');
    const { app, more } = japaneseFontFaces();
    const own = new Set(app.chars);
    expect(more.chars.every((c) => !own.has(c))).toBe(true);
    expect(new Set([...app.chars, ...more.chars]).size).toBeGreaterThanOrEqual(2965);
    expect(app.fileName).toMatch(/^fonts\/ja-app-[0-9a-f]{10}\.woff2$/);
  });

  it('are cut as WOFF2 and kept; a character the font cannot draw fails the build, naming it', async () => {
    const face = { fileName: 'fonts/ja-test-0000000000.woff2', chars: [...'動物園'] };
    const woff2 = await cutFace(face, cache);
    expect(woff2.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(readdirSync(cache)).toEqual(['ja-test-0000000000.woff2']);
    await expect(
      cutFace({ fileName: 'fonts/ja-bad-0000000000.woff2', chars: ['動', '\uE000'] }, cache),
    ).rejects.toThrow('Noto Sans JP has no glyph for \uE000 (U+E000)');
  });
});
