// Debian's Chromium (Playwright's own browser download does not work on our machines), headless, with the
// background services that would make timings noisy turned off. The browser tests and bench:wallet launch it so.
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
