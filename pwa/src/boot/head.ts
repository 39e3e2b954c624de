// The head's boot script, inlined into index.html by the build (pwa/src/boot/build.ts): it runs before the app's code
// has even been asked for. In <head>, before the stylesheet (a script after it would wait for it).
// - The catalogue reads of a first visit of the home, a park or an item page (lib/earlyData.ts firstReads), started
//   now; the app's base query takes the answers (takeEarlyRead). On an item page also the calendar's first month,
//   once the item has come. On a map page its park's map (db/parkMaps.ts takes it), then the map's picture.
// - The page's chunks and its largest picture, asked for as soon as known.
// - The page's first screen (app/firstScreen.ts), drawn into the body's first paint once the first answer has come.
// Only plain modules are imported here (no React, Dexie or i18next): this is part of every first load.
import { tokyoDate } from '../../../common/time';
import {
  FIRST_PICTURE,
  type FirstScreen,
  type FirstScreenWords,
  firstScreenMarkup,
  type Markup,
} from '../app/firstScreen';
import { FIRST_PAINT_PREFIX } from '../db/storeNames';
import { apiPath, availabilityQuery, type EarlyAnswer, firstReads, itemCalendarRange } from '../lib/earlyData';
import { isWalletPath, ticketIdOfPath } from '../lib/walletPaths';

/** The start's chunks and each page's (vite.config.ts pageChunks), or null where there are none (the dev server). */
export type PageChunks = Record<'start' | FirstScreen['page'] | 'wallet' | 'ticket' | 'walletAll', string[]>;
// Given by the build (esbuild's define).
declare const __PAGE_CHUNKS__: PageChunks | null;
declare const __FIRST_SCREEN_WORDS__: Record<'ja' | 'en', FirstScreenWords>;
// Where boot/wallet.ts is served (null on the dev server).
declare const __WALLET_BOOT__: string | null;

declare global {
  interface Window {
    /** Set by the body's boot script when it draws a stored QR code: asks for the app's code once it has. */
    zoopassQrDrawn?: () => void;
    /** Called by boot/wallet.ts once My Tickets' first cards are drawn (or there are none to draw). */
    zoopassMyTicketsDrawn?: () => void;
  }
}

const chunks = __PAGE_CHUNKS__;
const words = __FIRST_SCREEN_WORDS__;
const { pathname, search } = location;
const reads = firstReads(pathname, search);
// Map mode reads its park's map; no first screen is drawn for it, its picture is asked for once the map has come.
const mapPage = pathname.startsWith('/maps/');
// The page whose first reads these are (firstReads decides which pages read early).
const page: FirstScreen['page'] | null =
  reads.length === 0 || mapPage ? null : pathname === '/' ? 'home' : pathname.startsWith('/items/') ? 'item' : 'park';
// A wallet page reads nothing here (its tickets come from IndexedDB, boot/body.ts): only its code is asked for. My
// Tickets' and a ticket's own (vite.config.ts PAGE_MODULES), the other wallet pages' all of the wallet's.
const pageCode =
  pathname === '/my-tickets'
    ? 'wallet'
    : ticketIdOfPath(pathname)
      ? 'ticket'
      : isWalletPath(pathname)
        ? 'walletAll'
        : page;
const language = document.cookie.match(/(?:^|;\s*)locale=(en|ja)(?:;|$)/)?.[1] === 'en' ? 'en' : 'ja';
const signedIn = document.cookie.includes('access_token_expires_at=');

// My Tickets' first cards (boot/wallet.ts): asked for before anything else, so the service worker answers it first;
// it draws once the body's script has read the stored wallet.
const myTicketsDrawn = signedIn && pathname === '/my-tickets' && !!__WALLET_BOOT__;
if (myTicketsDrawn && __WALLET_BOOT__) {
  const script = document.createElement('script');
  script.src = __WALLET_BOOT__;
  script.fetchPriority = 'high';
  document.head.append(script);
}

const preload = (rel: string, href: string, as?: string) => {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  // The image is the page's largest paint; code and its styles stay behind the first paint like the rest of the app's.
  link.fetchPriority = as === 'image' ? 'high' : 'low';
  if (as) link.setAttribute('as', as);
  // Module scripts and the app's stylesheets are asked for in CORS mode (Vite's helper links them so).
  if (as !== 'image') link.crossOrigin = '';
  document.head.append(link);
};

let codeAsked = false;
const askForCode = () => {
  if (codeAsked || !chunks) return;
  codeAsked = true;
  for (const href of [...chunks.start, ...((pageCode && chunks[pageCode]) || [])]) {
    // A page's stylesheet is applied by the app's code (Vite's helper), which then finds it here.
    if (href.endsWith('.css')) preload('preload', href, 'style');
    else preload('modulepreload', href);
  }
};

const early: NonNullable<Window['zoopassEarlyReads']> = {};
// Each answer is read to its end at once, whether or not the page ever takes it: a fetch whose body nobody reads
// never finishes in Chromium, and keeps one of the six connections to this origin until the page goes (enough of
// them and the app's own code waits behind them).
const read = (url: string) => {
  const response: Promise<EarlyAnswer | null> = fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': language },
  })
    .then((r) => r.text().then((text) => ({ status: r.status, text })))
    .catch(() => null);
  early[url] = { at: Date.now(), response };
  return response;
};

interface Row {
  id?: unknown;
  imageUrl?: unknown;
  availableFrom?: unknown;
}

// The item page's calendar opens on the later of this month (Asia/Tokyo) and the item's first day of use.
const readCalendar = (item: Row | undefined) => {
  if (typeof item?.id !== 'number' || typeof item.availableFrom !== 'string') return;
  const range = itemCalendarRange(item.availableFrom, tokyoDate());
  if (range) read(apiPath(availabilityQuery(item.id, range)));
};

// Not for a signed-in visitor's home, which may start with the parks near them.
const drawsFirstScreen = page === 'park' || page === 'item' || (page === 'home' && !signedIn);
// The first screen's pictures come first: the app's code (about 170 KB) would share the network with them on a slow
// connection, so it is asked for once the first picture is on screen, at the latest after 500 ms (main.tsx waits for
// the same promise before it evaluates the code). A ticket whose QR code is stored is drawn by the body's script as
// soon as the stylesheet is there: the code is asked for once the QR code is drawn, not to share the service worker
// and the CPU with the stylesheet at a gate.
const ticket = ticketIdOfPath(pathname);
let qrStored = false;
try {
  qrStored = !!ticket && signedIn && localStorage.getItem(FIRST_PAINT_PREFIX + ticket) !== null;
} catch {}
let pictureShown = askForCode;
if (qrStored) window.zoopassQrDrawn = askForCode;
else if (myTicketsDrawn) {
  // Like a stored QR code: the app's code, evaluated while the stored wallet is read, held the read's answer back
  // by hundreds of milliseconds on a busy phone. main.tsx waits for the same promise (at most 500 ms).
  window.zoopassFirstPictureShown = new Promise<void>((resolve) => {
    window.zoopassMyTicketsDrawn = resolve;
    setTimeout(resolve, 500);
  }).then(askForCode);
} else if (drawsFirstScreen) {
  window.zoopassFirstPictureShown = new Promise<void>((resolve) => {
    pictureShown = resolve;
    setTimeout(resolve, 500);
  }).then(askForCode);
} else askForCode();

const toDom = (markup: Markup | string): Node | string => {
  if (typeof markup === 'string') return markup;
  const [tag, attributes, ...children] = markup;
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  el.append(...children.map(toDom));
  return el;
};

const paintFirstScreen = (screen: FirstScreen) => {
  window.zoopassFirstScreen = screen;
  const draw = () => {
    const shell = document.querySelector('#root > [data-first-paint]');
    const markup = firstScreenMarkup(screen);
    if (!shell || !markup || shell.querySelector('main')) return pictureShown();
    const main = toDom(markup) as Element;
    const first = main.querySelector<HTMLImageElement>(FIRST_PICTURE);
    // Shown once the browser reports it as the page's largest paint (once the frame showing it has been presented);
    // where it cannot say (no such report, or something else painted larger) shortly after its load.
    if (first)
      first.onload = first.onerror = () => {
        setTimeout(pictureShown, 250);
        if (!window.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) return;
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === first)) return;
          observer.disconnect();
          pictureShown();
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      };
    shell.append(main);
  };
  // Once the body is parsed ('interactive' comes before the app's module script runs, DOMContentLoaded after).
  if (document.readyState === 'loading') document.addEventListener('readystatechange', draw, { once: true });
  else draw();
};

// The first answer holds the largest image: the first item on sale, the park's or the item's picture.
const firstAnswer = (response: Promise<EarlyAnswer | null>, page: FirstScreen['page']) =>
  response
    .then((r) => (r && r.status < 300 ? (JSON.parse(r.text) as { data?: Row | Row[] }) : null))
    .then((json) => {
      const list = Array.isArray(json?.data) ? json.data : [json?.data];
      const tiles = list
        .slice(0, 3)
        .filter((d) => typeof d?.imageUrl === 'string' && d.imageUrl.startsWith('/') && Number.isInteger(d.id))
        .map((d) => ({ id: d?.id as number, image: d?.imageUrl as string }));
      if (page === 'item') readCalendar(json?.data as Row | undefined);
      const [tile] = tiles;
      if (!tile) return pictureShown();
      preload('preload', tile.image, 'image');
      if (drawsFirstScreen)
        paintFirstScreen({ path: pathname, page, tiles, words: page === 'home' ? words[language] : undefined });
    })
    .catch(pictureShown);

// The map's picture (the page's largest paint) as soon as the map has named it, not once the app's code has run.
const mapPicture = (response: Promise<EarlyAnswer | null>) =>
  response
    .then((r) => (r && r.status < 300 ? (JSON.parse(r.text) as { data?: { image?: { url?: unknown } } }) : null))
    .then((json) => {
      const url = json?.data?.image?.url;
      if (typeof url === 'string' && url.startsWith('/')) preload('preload', url, 'image');
    })
    .catch(() => undefined);

reads.forEach((query, i) => {
  const response = read(apiPath(query));
  if (i === 0 && page) firstAnswer(response, page);
  if (i === 0 && mapPage) mapPicture(response);
});
window.zoopassEarlyReads = early;
