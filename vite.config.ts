import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { FirstScreenWords } from './pwa/src/app/firstScreen';
import { type BootValues, inlineBootScripts, walletBootFile } from './pwa/src/boot/build';
import type { PageChunks } from './pwa/src/boot/head';
import { myTicketsWords } from './pwa/src/features/wallet/firstScreen';
import { cutFace, fontUrls, japaneseFontFaces } from './pwa/src/fonts/build';
import en from './pwa/src/locales/en/app';
import { walletEn } from './pwa/src/locales/en/wallet';
import ja from './pwa/src/locales/ja';
import { walletJa } from './pwa/src/locales/wallet';

// One id per build: written to dist/build.json and compiled into the app, which compares them
// at load and hourly to notice a new deployment.
const buildId = (() => {
  try {
    return `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()}-${Date.now().toString(36)}`;
  } catch {
    return randomUUID();
  }
})();

const buildMetadata = (): Plugin => ({
  name: 'build-metadata',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir ?? resolve(import.meta.dirname, 'dist');
    writeFileSync(resolve(dir, 'build.json'), JSON.stringify({ buildId, builtAt: new Date().toISOString() }));
  },
});

// Brotli and gzip copies of every text file of the build, made once here at the highest levels, so the server sends
// them as they are (server/plugins/static.ts) instead of compressing on each request. Runs after the service worker
// has been generated, so sw.js gets its copies too.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  closeBundle: {
    sequential: true,
    order: 'post',
    handler() {
      const dir = resolve(import.meta.dirname, 'dist');
      const walk = (d: string): string[] =>
        readdirSync(d).flatMap((name) => {
          const full = join(d, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
      }
    },
  },
});

// The chunks of the pages a first visit most often opens (and what they import beyond the entry's own), given to
// the head's boot script (pwa/src/boot/head.ts), which preloads them for the page being opened instead of waiting for the
// app's router to ask.
// Each with the strings it waits for (lib/i18n.ts ensureFeatureStrings): none for home, the catalogue's for a park,
// the ticket pages' for an item, the wallet pages' for a wallet page (My Tickets, a ticket: opened at a gate, often
// offline, where each import found only once its importer has run is one more round trip through the service worker).
// With their stylesheets: Vite's helper loads a lazy chunk's CSS first and only then imports the chunk.
const PAGE_MODULES = {
  home: ['pwa/src/features/home/HomePage.tsx'],
  park: ['pwa/src/features/parks/ParkProfilePage.tsx', 'pwa/src/locales/catalogue.ts'],
  item: ['pwa/src/features/tickets/ItemPage.tsx', 'pwa/src/locales/ticketPages.ts'],
  // My Tickets and a ticket's page (the gate's two pages) their own code only; the other wallet pages all of the
  // wallet's, as when the wallet was one chunk (each page is a chunk of its own since issue 26).
  wallet: [
    'pwa/src/features/wallet/MyTicketsPage.tsx',
    'pwa/src/features/wallet/prime.ts',
    'pwa/src/locales/myTickets.ts',
  ],
  ticket: [
    'pwa/src/features/wallet/TicketPage.tsx',
    'pwa/src/features/wallet/prime.ts',
    'pwa/src/locales/walletPages.ts',
  ],
  walletAll: [
    'pwa/src/features/wallet/MyTicketsPage.tsx',
    'pwa/src/features/wallet/HistoryPage.tsx',
    'pwa/src/features/wallet/LotteryPage.tsx',
    'pwa/src/features/wallet/WaitlistOfferPage.tsx',
    'pwa/src/features/wallet/RefundAccountPage.tsx',
    'pwa/src/features/wallet/TicketPage.tsx',
    'pwa/src/features/wallet/MemberCardPage.tsx',
    'pwa/src/features/wallet/PassVisitsPage.tsx',
    'pwa/src/features/wallet/PassRenewPage.tsx',
    'pwa/src/features/wallet/DetailPage.tsx',
    'pwa/src/features/wallet/SharePage.tsx',
    'pwa/src/features/wallet/ShareReceivePage.tsx',
    'pwa/src/features/wallet/TriggerPage.tsx',
    'pwa/src/features/wallet/prime.ts',
    'pwa/src/locales/walletPages.ts',
  ],
};
// The modules pwa/src/main.tsx imports in stages at start: their chunks are preloaded by the head's boot script.
const START_STAGES = [
  'node_modules/react-dom/client.js',
  'pwa/src/lib/i18n.ts',
  'pwa/src/app/store.ts',
  'pwa/src/app/router.tsx',
  'pwa/src/app/start.ts',
];
function pageChunks(html: string, bundle: OutputBundle): { html: string; chunks: PageChunks } {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  const inEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const map: Record<string, string[]> = {};
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  // A chunk and every chunk it imports statically, at any depth (a page's imports import chunks too, and the
  // browser found those only once their importer had arrived).
  const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const chunkOf = (module: string) => {
    // Module ids are real paths: node_modules may be a symlink (a git worktree sharing one install).
    const id = realpathSync(resolve(import.meta.dirname, module));
    // A module of a chunk group (build.rolldownOptions below) is no chunk's facade: look for it in the chunks.
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`page-chunks: no chunk for ${module}`);
    return [...withImports(chunk.fileName)];
  };
  // With build.modulePreload off, Vite links none of the entry's own imports: they are linked here.
  const entryFiles = (entry?.imports ?? []).filter((f) => !html.includes(`/${f}"`));
  // The start's stages (pwa/src/main.tsx STAGES): imported one after the other, downloaded all at once, asked
  // for by index.html's inline script (after the page's picture where it draws one).
  const startFiles = [...new Set(START_STAGES.flatMap(chunkOf))].filter(
    (f) => f !== entry?.fileName && !inEntry.has(f),
  );
  for (const f of startFiles) inEntry.add(f);
  map.start = startFiles.map((f) => `/${f}`);
  const cssOf = (fileName: string) => [...(byName.get(fileName)?.viteMetadata?.importedCss ?? [])];
  for (const [page, modules] of Object.entries(PAGE_MODULES)) {
    const files = [...new Set(modules.flatMap(chunkOf))].filter((f) => !inEntry.has(f));
    const css = [...new Set(files.flatMap(cssOf))].filter((f) => !html.includes(`/${f}"`));
    map[page] = [...css, ...files].map((f) => `/${f}`);
  }
  const entryTag = html.match(/<script type="module"[^>]*src="[^"]+"><\/script>/)?.[0];
  if (!entryTag) throw new Error('page-chunks: entry script tag missing in index.html');
  const entryLinks = entryFiles
    .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`)
    .join('\n    ');
  return { html: html.replace(entryTag, `${entryTag}\n    ${entryLinks}`), chunks: map as PageChunks };
}

// The home's words the head's boot script draws before the app's code has loaded (its first screen: the welcome and
// the title of the row of tickets on sale), taken from the app's own strings.
const firstScreenWords = (): BootValues['words'] => {
  const pick = ({ heroTitle, heroLead, searchParks, onSaleTitle, seeAll }: FirstScreenWords): FirstScreenWords => ({
    heroTitle,
    heroLead,
    searchParks,
    onSaleTitle,
    seeAll,
  });
  return { ja: pick(ja.home), en: pick(en.home) };
};

// index.html's inline scripts, built from pwa/src/boot (typed modules sharing the app's store names, early reads and
// first-screen markup) and given the build's chunks and words; the dev server inlines them too, without chunks.
const bootValues = (chunks: PageChunks | null, walletBoot: string | null): BootValues => ({
  chunks,
  words: firstScreenWords(),
  walletWords: { ja: myTicketsWords(ja.app.name, walletJa), en: myTicketsWords(en.app.name, walletEn) },
  walletBoot,
});
// My Tickets' early cards (pwa/src/boot/wallet.ts): a file of the build, its name given to the body's script.
const walletBoot = walletBootFile(bootValues(null, null));

const bootScripts = (): Plugin => ({
  name: 'boot-scripts',
  transformIndexHtml: {
    order: 'post',
    async handler(html, ctx) {
      if (!ctx.bundle) return inlineBootScripts(html, bootValues(null, null));
      const built = pageChunks(html, ctx.bundle);
      return inlineBootScripts(built.html, bootValues(built.chunks, `/${(await walletBoot).fileName}`));
    },
  },
  async generateBundle() {
    const { fileName, code } = await walletBoot;
    this.emitFile({ type: 'asset', fileName, source: code });
  },
});

// Noto Sans JP cut to the app's characters and to the other common kanji (pwa/src/fonts): files of the build whose
// names the app is given (__JAPANESE_FONT__), for a device without a Japanese font of its own.
const japaneseFaces = japaneseFontFaces();
const japaneseFont = (): Plugin => ({
  name: 'japanese-font',
  apply: 'build',
  async generateBundle() {
    for (const face of [japaneseFaces.app, japaneseFaces.more]) {
      this.emitFile({ type: 'asset', fileName: face.fileName, source: await cutFace(face) });
    }
  },
});

// The app's code at low fetch priority: the stylesheet and the header bar drawn by index.html come first (the first
// paint needs nothing else), and the code downloads right behind them.
const scriptsAfterFirstPaint = (): Plugin => ({
  name: 'scripts-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
        .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin'),
  },
});

export default defineConfig({
  root: resolve(import.meta.dirname, 'pwa'),
  publicDir: resolve(import.meta.dirname, 'public'),
  define: { __BUILD_ID__: JSON.stringify(buildId), __JAPANESE_FONT__: JSON.stringify(fontUrls(japaneseFaces)) },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // Maps for our own debugging, not referenced by the built files; the server never serves *.map.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1200,
    // No preload helper around each dynamic import (its lists of every page's chunks were 3 KB of the first load):
    // index.html links the start's chunks (pageChunks below), its inline script those of the first page, and a
    // page opened later asks for its chunks' imports as it reads them (the service worker has them all by then).
    // CSS of lazily loaded chunks is still loaded by Vite's helper.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small modules the catalogue pages (home, parks, items, stories, animals) share, in one chunk:
              // split automatically they were a dozen chunks of 60 bytes to 3 KB, each its own request (a round
              // trip and a kilobyte of headers) on the first load of those pages.
              name: 'catalogue-shared',
              test: /[\\/]pwa[\\/]src[\\/](lib[\\/](components[\\/](QueryState|OfflinePage|Paragraphs)|visited|format|parks|prefetch|useLocale)|db[\\/]walletSnapshot)\.tsx?$|[\\/]common[\\/](reference|time|emptyStates)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The server's whole message table (the ticket pages need only common/purchaseMessages.ts).
              name: 'messages',
              test: /[\\/]common[\\/]messages\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // What the ticket pages share with the cart and checkout: the quantity stepper, the cart's rules and
              // their messages, the reading of API errors and the lottery round reads.
              name: 'purchase-shared',
              test: /[\\/]pwa[\\/]src[\\/]lib[\\/](lottery|apiErrors|components[\\/]QuantityStepper)\.tsx?$|[\\/]common[\\/](rules[\\/]cart|purchaseMessages)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // What the ticket pages (item, pack, seats, search results) share among themselves (with the waiting
              // room's reads: two chunks of 500 bytes, each its own request on an item page's first load).
              name: 'tickets-shared',
              test: /[\\/]pwa[\\/]src[\\/]features[\\/]tickets[\\/](FavoriteButton|purchase|useAddToCart|purchaseApi|labels|ticketsApi|waitingRoom|waitingRoomApi)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              // What the checkout pages share (their components, rules, reads and a pass line's holders): split
              // automatically they were four chunks of 0.7 to 3 KB on the cart's first load.
              name: 'checkout-shared',
              test: /[\\/]pwa[\\/]src[\\/]features[\\/]checkout[\\/](components|rules|passApi|passHolders|checkoutApi)\.tsx?$|[\\/]common[\\/]rules[\\/]checkout\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // An item page's strings (locales/ticketPages.ts) with the item's and the waiting room's, which only it,
              // the other ticket pages' and all features' import: split
              // automatically, the aggregating module was a chunk of 250 bytes, a request of its own.
              name: 'ticket-strings',
              test: /[\\/]pwa[\\/]src[\\/]locales[\\/](ticketPages|ticketItem|waitingRoom)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The wallet's device work (the sync, the stored QR codes' first paint and their encoder, the wipe at
              // sign-out): four chunks of 0.6 to 1.8 KB, each a request on My Tickets' first load. Not the stored
              // maps (db/parkMaps): map mode reads them without Dexie, which these load.
              name: 'wallet-device',
              test: /[\\/]pwa[\\/]src[\\/](features[\\/]wallet[\\/]walletSync|db[\\/]firstPaint|lib[\\/](deviceData|qr))\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // What the wallet pages share (their components, rules, the first read's wait, the member cards' and
              // refunds' reads, the tickets' states of common/dto/wallet.ts): split automatically, My Tickets loaded them as five
              // chunks of 0.2 to 2.9 KB.
              name: 'wallet-shared',
              test: /[\\/]pwa[\\/]src[\\/]features[\\/]wallet[\\/](components|rules|firstScreen|prime|pages|memberCards|refundApi)\.tsx?$|[\\/]common[\\/]dto[\\/]wallet\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // Dexie with its React hooks and the wallet's schema (db/wallet.ts): whoever uses the hooks uses Dexie,
              // and the hooks alone were a chunk of 170 bytes, a request of its own.
              name: 'dexie',
              test: /[\\/]node_modules[\\/](dexie|dexie-react-hooks)[\\/]|[\\/]pwa[\\/]src[\\/]db[\\/]wallet\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The offer of notifications with the subscription it makes (two chunks of 0.8 and 1 KB on My Tickets).
              name: 'push',
              test: /[\\/]pwa[\\/]src[\\/]lib[\\/](push|components[\\/]PushOffer)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              // What the wallet and the gate scanner share: the outbox of offline acts, its background sync and the
              // screen wake lock (three chunks of 0.8 to 1.8 KB).
              name: 'device-shared',
              test: /[\\/]pwa[\\/]src[\\/](db[\\/]outbox|lib[\\/](backgroundSync|wakeLock))\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The strings the item, cart and wallet pages share: checkout's purchase panel's and a lottery entry's
              // states (one chunk, not two of 100 bytes to 1 KB). Not a pass item's: an item's page loads them with
              // a pass's form only.
              name: 'purchase-strings',
              test: /[\\/]pwa[\\/]src[\\/]locales[\\/](checkoutPurchase|lotteryStatus)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // My Tickets' strings (locales/myTickets.ts) with the modules it takes them from, which the other
              // wallet pages' strings and all features' import too, and the wallet buttons' (300 bytes the other wallet
              // pages load): one chunk, not five.
              name: 'my-tickets-strings',
              test: /[\\/]pwa[\\/]src[\\/]locales[\\/](myTickets|wallet|walletPasses|konbiniWallet|passCard)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The cart's strings (locales/cartPage.ts) with checkout's, likewise.
              name: 'checkout-strings',
              test: /[\\/]pwa[\\/]src[\\/]locales[\\/](cartPage|checkout)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // wasm: the gate scanner's QR decoder (zxing-wasm), served from our origin and kept for offline gates.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,wasm}'],
        // fonts: the Japanese faces, for devices without a Japanese font only (the service worker keeps them once
        // asked for, sw.ts), not sent to every installing device.
        globIgnores: ['media/**', 'fonts/**'],
        maximumFileSizeToCacheInBytes: 3_000_000,
      },
      manifest: {
        id: '/',
        name: 'どうぶつえん・すいぞくかん チケット',
        short_name: 'ZooPass',
        description: '全国の動物園・水族館のチケット購入と電子チケット、いきものガイド',
        lang: 'ja',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fffdf7',
        theme_color: '#1f7a4d',
        categories: ['travel', 'entertainment', 'education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    scriptsAfterFirstPaint(),
    bootScripts(),
    japaneseFont(),
    buildMetadata(),
    precompress(),
  ],
});
