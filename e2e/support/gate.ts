// A gate phone in the browser tests: the gate account's token, a phone-sized context signed in and synced at
// /staff, a member card's or ticket's QR filmed by Chromium's fake camera, and an offline scan until a verdict shows.
import { mkdirSync, writeFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { apiStaff } from './accounts';

export const GATE = 'gate.asahiyama-zoo@staff.zoopass.jp';

/** The gate account's token (signed in through the API, as the sign-in page does). */
export async function staffToken(request: APIRequestContext): Promise<string> {
  return (await apiStaff(request, GATE)).token;
}

/**
 * A camera picture of the QR code as a phone screen shows it: the token drawn by the `qrcode` package (as the
 * wallet does), centred on a 640 × 480 JPEG made by the browser's canvas, 30 frames one after another (MJPEG),
 * written to `${dir}/${name}.mjpeg`.
 */
export async function qrVideo(browser: Browser, token: string, dir: string, name: string): Promise<string> {
  const png = await QRCode.toDataURL(token, { errorCorrectionLevel: 'M', margin: 4, width: 360 });
  const page = await browser.newPage();
  const jpeg = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#d8d4c8';
    g.fillRect(0, 0, 640, 480);
    g.drawImage(img, 140, 60, 360, 360);
    return canvas.toDataURL('image/jpeg', 0.92);
  }, png);
  await page.close();
  const frame = Buffer.from(jpeg.split(',')[1] as string, 'base64');
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.mjpeg`;
  writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
  return file;
}

/**
 * A gate phone at 390 px: a context of `browser` (whose fake camera, if any, films a QR), signed in with the gate
 * account's `token`, synced online at /staff, with its gate name set when given. Answers the context, the page and
 * the park's id.
 */
export async function gatePhone(browser: Browser, baseURL: string, token: string, gateName?: string, language = 'ja') {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: language === 'en' ? 'en-US' : 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    serviceWorkers: 'allow',
    permissions: ['camera'],
  });
  await context.addCookies([{ name: 'locale', value: language, url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/');
  const set = await page.request.post('/api/access-token', {
    data: { access_token: token, expires_in: 14 * 86_400 },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(set.status()).toBe(204);
  // The service worker must hold the app (and the decoder's wasm) before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/staff');
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('staff-park')).toHaveCount(1);
  await expect(page.getByTestId('gate-last-sync')).toContainText(language === 'en' ? 'Last sync' : '最終同期');
  const parkId = Number(await page.getByTestId('staff-park').getAttribute('data-park-id'));
  if (gateName !== undefined) {
    await page.getByTestId('gate-name').fill(gateName);
    await expect(page.getByTestId('gate-sync')).toBeEnabled();
  }
  return { context, page, parkId };
}

/** Offline, the scanner opens from the service worker and reads the camera until a verdict shows (screenshot). */
export async function scanOffline(page: Page, shotPath: string) {
  await page.context().setOffline(true);
  await page.getByTestId('staff-scan-link').click();
  await expect(page.getByTestId('gate-online')).toHaveText(/^(オフライン|Offline)$/);
  const verdict = page.getByTestId('gate-verdict');
  await expect(verdict).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: shotPath });
  return verdict;
}
