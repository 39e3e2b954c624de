// The seed art's font comes with the npm dependencies, not from the building machine: Noto Sans JP
// (@expo-google-fonts/noto-sans-jp, plain .ttf per weight), only the two weights the art uses. librsvg (inside
// sharp) finds fonts through fontconfig, which reads FONTCONFIG_FILE once, when the first text is laid out: a
// fonts.conf naming only these folders makes every machine draw the same pictures, with or without a system font.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const PACKAGE = '@expo-google-fonts/noto-sans-jp';
const packageDir = dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));

/** The weights the art's text uses (font-weight 400 and 700): the package's other seven are left out. */
export const ART_FONTS = [
  { weight: 400, file: join(packageDir, '400Regular', 'NotoSansJP_400Regular.ttf') },
  { weight: 700, file: join(packageDir, '700Bold', 'NotoSansJP_700Bold.ttf') },
] as const;

export const ART_FONT_NAME = `Noto Sans JP (${PACKAGE})`;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A fontconfig file that knows only the fonts in `dirs` (and keeps its cache in `cacheDir`). */
export function fontsConf(dirs: readonly string[], cacheDir: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${dirs.map((d) => `  <dir>${xml(d)}</dir>`).join('\n')}
  <cachedir>${xml(cacheDir)}</cachedir>
</fontconfig>
`;
}

/**
 * Points fontconfig at the art's fonts only (whatever FONTCONFIG_FILE said before); call before the first text is
 * drawn in this process. Answers the fonts.conf path.
 */
export function selectArtFonts(): string {
  const dirs = ART_FONTS.map((f) => dirname(f.file));
  const dir = join(
    tmpdir(),
    `zoopass-art-fonts-${createHash('sha256').update(dirs.join('\n')).digest('hex').slice(0, 12)}`,
  );
  mkdirSync(join(dir, 'cache'), { recursive: true });
  const file = join(dir, 'fonts.conf');
  // Written whole, then renamed: another build reading it at the same time never sees half a file.
  const part = `${file}.${process.pid}`;
  writeFileSync(part, fontsConf(dirs, join(dir, 'cache')));
  renameSync(part, file);
  process.env.FONTCONFIG_FILE = file;
  return file;
}
