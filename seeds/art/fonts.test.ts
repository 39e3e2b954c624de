// A machine with no font at all (FONTCONFIG_FILE naming only an empty folder, so fc-list prints nothing) still
// builds pictures with their Japanese drawn: the build's picture equals the SVG drawn with Noto Sans JP and differs
// from it drawn with no font (boxes). Each drawing runs in a process of its own: fontconfig reads its
// configuration once per process.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRelativePath } from '../content/media';
import { svgText } from './glyphs';
import { artJobs } from './index';

const tmp = mkdtempSync(join(tmpdir(), 'zoo-art-nofont-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const conf = (dirs: string[]) =>
  `<?xml version="1.0"?>\n<fontconfig>${dirs.map((d) => `<dir>${d}</dir>`).join('')}<cachedir>${join(tmp, 'cache')}</cachedir></fontconfig>\n`;

// No font at all: one empty folder.
const emptyDir = join(tmp, 'no-fonts');
mkdirSync(emptyDir);
const NO_FONTS = join(tmp, 'no-fonts.conf');
writeFileSync(NO_FONTS, conf([emptyDir]));
// The reference: the npm package's Noto Sans JP, regular and bold, named here on their own.
const pkg = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/package.json'));
const WITH_FONT = join(tmp, 'with-font.conf');
writeFileSync(WITH_FONT, conf([join(pkg, '400Regular'), join(pkg, '700Bold')]));

const run = (args: string[], fontconfig: string) => {
  const res = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, FONTCONFIG_FILE: fontconfig },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`${args.join(' ')}: ${res.stderr}`);
  return res.stdout;
};

const pixels = async (file: string) => (await sharp(file).raw().toBuffer({ resolveWithObject: true })).data;

/** Pixels whose colour differs by more than 48 in a channel. */
const differing = (a: Buffer, b: Buffer) => {
  expect(a.length).toBe(b.length);
  let n = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (
      Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 48 ||
      Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)) > 48 ||
      Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0)) > 48
    )
      n++;
  }
  return n;
};

// A ticket's picture (the home's tiles on sale, the item's hero, the cart's thumbnails) with Japanese text.
const job = artJobs().find((j) => j.url.startsWith('/media/items/') && /[\u3040-\u9fff]/.test(svgText(j.render())));
if (!job) throw new Error('no item picture with Japanese text');
let built: Buffer;
let withFont: Buffer;
let boxes: Buffer;

beforeAll(() => {
  const svg = join(tmp, 'item.svg');
  writeFileSync(svg, job.render());
  // The build, as `npm run build` runs it, for this one picture, on the machine with no font.
  run(['seeds/art/generate.ts', join(tmp, 'built'), job.url], NO_FONTS);
  run(['seeds/art/test/drawSvg.ts', svg, join(tmp, 'with-font.webp')], WITH_FONT);
  run(['seeds/art/test/drawSvg.ts', svg, join(tmp, 'boxes.webp')], NO_FONTS);
}, 60_000);

describe('the seed art on a machine without a Japanese font', () => {
  it('the machine has no font at all', () => {
    let list = '';
    try {
      list = execFileSync('fc-list', { env: { ...process.env, FONTCONFIG_FILE: NO_FONTS }, encoding: 'utf8' });
    } catch (err) {
      // No fontconfig tools on this machine: nothing to list either.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    expect(list.trim()).toBe('');
  });

  it('draws the picture’s Japanese text with the font from npm, not as boxes', async () => {
    built = await pixels(join(tmp, 'built', mediaRelativePath(job.url)));
    withFont = await pixels(join(tmp, 'with-font.webp'));
    boxes = await pixels(join(tmp, 'boxes.webp'));
    // The reference pair differs where the text is: the comparison can see boxes.
    expect(differing(withFont, boxes)).toBeGreaterThan(2000);
    expect(differing(built, withFont)).toBe(0);
    expect(differing(built, boxes)).toBeGreaterThan(2000);
  });
});
