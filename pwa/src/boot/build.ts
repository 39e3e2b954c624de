// Builds the boot scripts (head.ts, body.ts here) into the inline scripts of index.html: each bundled with esbuild to
// one minified IIFE, with the build's values as `define`s, in place of its `<script data-boot="name"></script>`.
// Used by vite.config.ts (build and dev server) and by the tests that run the scripts as the browser gets them.
// The server hashes the inline scripts of the built index.html for its Content-Security-Policy (plugins/static.ts).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { FirstScreenWords } from '../app/firstScreen';
import type { MyTicketsWords } from '../features/wallet/firstScreen';
import type { PageChunks } from './head';

/** The scripts index.html inlines. */
export const BOOT_ENTRIES = ['head', 'body'] as const;
/** Every boot script: `wallet` (My Tickets' first cards) is a file of its own, asked for by `body` on that page. */
export type BootEntry = (typeof BOOT_ENTRIES)[number] | 'wallet';

/** What the build gives the scripts: the chunks to preload per page, the home's and My Tickets' first words. */
export interface BootValues {
  chunks: PageChunks | null;
  words: Record<'ja' | 'en', FirstScreenWords>;
  walletWords: Record<'ja' | 'en', MyTicketsWords>;
  /** Where the wallet's boot script is served (walletBootFile), or null (the dev server draws no early cards). */
  walletBoot: string | null;
}

const bundle = (entry: BootEntry, values: BootValues) =>
  build({
    entryPoints: [resolve(import.meta.dirname, `${entry}.ts`)],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    metafile: true,
    // As written: optional chaining and ??= run in every browser the app supports.
    target: 'es2022',
    legalComments: 'none',
    // The page is UTF-8: the home's Japanese words as they are, not as \u escapes (twice the bytes).
    charset: 'utf8',
    define: {
      __PAGE_CHUNKS__: JSON.stringify(values.chunks),
      __FIRST_SCREEN_WORDS__: JSON.stringify(values.words),
      __WALLET_WORDS__: JSON.stringify(values.walletWords),
      __WALLET_BOOT__: JSON.stringify(values.walletBoot),
    },
    logLevel: 'silent',
  });

/** One boot script, bundled and minified, as it goes between the tags. */
export async function buildBootScript(entry: BootEntry, values: BootValues): Promise<string> {
  const code = (await bundle(entry, values)).outputFiles[0]?.text.trim() ?? '';
  // Anything that would end the script element early (esbuild escapes it in strings; checked all the same).
  if (/<\/script/i.test(code) || /<!--/.test(code)) throw new Error(`boot script ${entry}: ends its <script> early`);
  return code;
}

/** The source files a boot script bundles (relative to the repository), with the bytes each gives the output. */
export async function bootScriptModules(entry: BootEntry, values: BootValues): Promise<Record<string, number>> {
  const { metafile } = await bundle(entry, values);
  const output = Object.values(metafile.outputs)[0];
  return Object.fromEntries(
    Object.entries(output?.inputs ?? {}).map(([file, { bytesInOutput }]) => [file, bytesInOutput]),
  );
}

/** The wallet's boot script as a file: its name (hashed, under assets/) and its code. */
export async function walletBootFile(values: BootValues): Promise<{ fileName: string; code: string }> {
  const code = await buildBootScript('wallet', values);
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  return { fileName: `assets/boot-wallet-${hash}.js`, code };
}

/** index.html with every boot placeholder replaced by its script. */
export async function inlineBootScripts(html: string, values: BootValues): Promise<string> {
  let out = html;
  for (const entry of BOOT_ENTRIES) {
    const placeholder = `<script data-boot="${entry}"></script>`;
    if (!out.includes(placeholder)) throw new Error(`boot scripts: ${placeholder} missing in index.html`);
    const code = await buildBootScript(entry, values);
    // A function, so that `$` in the code is not read as a replacement pattern.
    out = out.replace(placeholder, () => `<script>${code}</script>`);
  }
  return out;
}
