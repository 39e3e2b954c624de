// The build refuses art text its font cannot draw (it would show boxes), and the seed art's text is all drawable.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ART_FONTS } from './fonts';
import { fontCodepoints, missingGlyphs, svgText } from './glyphs';
import { artJobs, generateArt } from './index';

const out = mkdtempSync(join(tmpdir(), 'zoo-art-glyphs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const banner = (title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30" viewBox="0 0 60 30"><title>x</title><text x="2" y="20" font-size="10">${title}</text></svg>`;

describe('the art font check', () => {
  it('reads the font files’ character maps', () => {
    for (const { file } of ART_FONTS) {
      const chars = fontCodepoints(readFileSync(file));
      for (const c of '販売中のチケットABC入園・入館券（）①') expect(chars.has(c.codePointAt(0) ?? 0), c).toBe(true);
      for (const c of '🐼한') expect(chars.has(c.codePointAt(0) ?? 0), c).toBe(false);
    }
  });

  it('takes the text of <text> and <tspan>, entities decoded, not the title', () => {
    expect(
      svgText(
        '<svg><title>題名</title><text x="1">A&amp;B <tspan font-weight="700">&#x8CA9;&#22770;</tspan></text><text>中<animate/></text></svg>',
      ),
    ).toBe('A&B 販売中');
  });

  it('finds every seed picture’s text in the font', () => {
    const pictures = artJobs()
      .filter((j) => j.url.endsWith('.webp'))
      .map((j) => ({ url: j.url, svg: j.render() }));
    expect(pictures.length).toBeGreaterThan(100);
    expect(
      missingGlyphs(
        pictures,
        ART_FONTS.map((f) => f.file),
      ),
    ).toEqual([]);
  });

  it('fails the build, naming the characters and pictures, when a glyph is missing; nothing is written', async () => {
    const jobs = [
      { url: '/media/items/panda-day.webp', render: () => banner('パンダの日 🐼') },
      { url: '/media/items/korea.webp', render: () => banner('한국어 🐼') },
      { url: '/media/items/fine.webp', render: () => banner('販売中のチケット') },
    ];
    const build = generateArt(out, jobs);
    await expect(build).rejects.toThrow(/cannot draw/);
    const message = await build.catch((e: Error) => e.message);
    expect(message).toContain('"🐼" (U+1F43C) in /media/items/panda-day.webp, /media/items/korea.webp');
    expect(message).toContain('"한" (U+D55C) in /media/items/korea.webp');
    expect(message).toContain('Noto Sans JP');
    expect(message).not.toContain('fine.webp');
    expect(existsSync(join(out, 'items'))).toBe(false);
  });
});
