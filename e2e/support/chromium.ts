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

/**
 * Launch options with a fake camera that films `video` (an MJPEG file: JPEG frames one after another), granted
 * without asking; null: a browser without one (to render pictures). Checked with Debian's Chromium.
 */
export function fakeCamera(video: string | null) {
  return {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      ...(video
        ? [
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-video-capture=${video}`,
          ]
        : []),
    ],
  };
}
