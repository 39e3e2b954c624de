// A separate, tiny entry that runs before the main bundle has been evaluated: when the app opens on a wallet page
// (often offline, at a gate), the wallet pages start loading at once instead of after the whole app has started.
// The router imports the same chunk, so nothing is loaded twice.
if (/^\/(my-tickets|product\/trigger)(\/|$)/.test(window.location.pathname)) void import('./features/wallet/pages');
