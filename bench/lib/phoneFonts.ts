// The fonts a bench's Chromium is given. A visitor's phone has a Japanese system font (Android: Noto Sans CJK;
// iPhone: Hiragino), so by default this machine's fonts plus Noto Sans JP from npm (the seed art's) as if installed:
// the app's own Japanese faces (pwa/src/fonts) are then never asked for, as on a phone. BENCH_BARE_FONTS=1: this
// machine's fonts alone (a bare machine has no Japanese font: every character goes through fontconfig's fallback, and
// the page downloads and lays out the app's faces).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ART_FONTS, fontsConf } from '../../seeds/art/fonts';

export const BARE_FONTS = process.env.BENCH_BARE_FONTS === '1';

export const FONTS_NOTE = BARE_FONTS ? 'this machine only (no Japanese font)' : 'a Japanese system font, as on a phone';

/** The environment to start Chromium with. */
export function phoneFontsEnv(): NodeJS.ProcessEnv {
  if (BARE_FONTS) return process.env;
  const dir = mkdtempSync(join(tmpdir(), 'bench-fonts-'));
  const conf = join(dir, 'fonts.conf');
  writeFileSync(conf, fontsConf(['/usr/share/fonts', ...ART_FONTS.map((f) => dirname(f.file))], dir));
  return { ...process.env, FONTCONFIG_FILE: conf };
}
