import { addJapaneseFallbackFont, type JapaneseFontFiles } from './fonts/japaneseFont';
import { startAppUpdates } from './lib/appUpdate';
import { firstPageShown, markFirstPageShown } from './lib/firstPage';
import { isWalletPath } from './lib/walletPaths';
import { yieldToBrowser } from './lib/yieldToBrowser';
import './styles.css';

// On a wallet page (often offline, at a gate) the wait for its first read starts before anything else; its own chunk
// is already being downloaded (the head's boot script preloads it) and the router's navigation imports it.
if (isWalletPath(window.location.pathname)) void import('./features/wallet/prime');

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');

// The first page counts as shown once app/Root.tsx has mounted with it (lib/firstPage.ts); at the latest 5 s after
// the document's load (a failed mount still gets its service worker).
const markLate = () => setTimeout(markFirstPageShown, 5000);
if (document.readyState === 'complete') markLate();
else window.addEventListener('load', markLate, { once: true });
void firstPageShown.then(startAppUpdates);

declare const __JAPANESE_FONT__: JapaneseFontFiles;
// For a device without a Japanese font of its own: asked for by the browser only there (fonts/japaneseFont.ts).
void firstPageShown.then(() => addJapaneseFallbackFont(__JAPANESE_FONT__));

// The app's code comes in stages, all downloaded at once (index.html preloads them: vite.config.ts, START_STAGES),
// each evaluated in a task of its own: evaluated together they were one task of about 50 ms on a fast machine (200
// on a phone), holding the main thread right after the first paint. The last stage starts the app.
const STAGES = [
  () => import('react-dom/client'),
  () => import('./lib/i18n'),
  () => import('./app/store'),
  () => import('./app/router'),
] as const;

declare global {
  interface Window {
    /** Where index.html draws the first screen (home, park, item): settles once its first picture is on screen, at
     *  the latest 500 ms after the document's head was read. */
    zoopassFirstPictureShown?: Promise<void>;
  }
}

async function mount() {
  // The first screen's picture (the page's largest paint) is on screen before the app's code runs: evaluating the
  // code first (hundreds of milliseconds on a phone) would hold back its decode and paint. Wherever the code arrives
  // after the picture (a slow network) this waits for nothing.
  await window.zoopassFirstPictureShown;
  for (const stage of STAGES) {
    await stage();
    await yieldToBrowser();
  }
  const { start } = await import('./app/start');
  await start(container as HTMLElement);
}

mount().catch((error) => {
  // Mount failure: logged and kept as the payload error for support.
  console.error('app mount failed', error);
  sessionStorage.setItem('payload_error', String(error));
});
