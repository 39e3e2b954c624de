// A separate, tiny entry that runs before the main bundle has been evaluated. On a wallet page (often offline, at a
// gate) the wallet pages start loading at once instead of after the whole app has started; the router imports the
// same chunk, so nothing is loaded twice. On the home, a park or an item page, the catalogue reads the page needs
// start now (lib/earlyData.ts), while the app's code is still downloading.
import { startEarlyReads } from './lib/earlyData';

if (/^\/(my-tickets|product\/trigger)(\/|$)/.test(window.location.pathname)) void import('./features/wallet/pages');
startEarlyReads(window.location.pathname, window.location.search);
