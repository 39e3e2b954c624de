// Issue 26: on a machine with no Japanese font of its own (this one and CI's: `fc-list :lang=ja` is empty), the app's
// Japanese text is drawn, not boxes: the app loads its own font's slices for the characters on screen, and only there
// (lib/japaneseFont.ts). The service worker does not precache the font. Screenshot into /tmp/shots26.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const SHOTS = '/tmp/shots26';
mkdirSync(SHOTS, { recursive: true });

/** Whether two Japanese characters come out as the same picture in a font list (both as the missing glyph). */
function sameGlyphs(fontList: string): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = 24;
  canvas.height = 24;
  const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  const draw = (text: string) => {
    context.clearRect(0, 0, 24, 24);
    context.font = `20px ${fontList}`;
    context.fillText(text, 0, 20);
    return Array.from(context.getImageData(0, 0, 24, 24).data);
  };
  const a = draw('チ');
  const b = draw('券');
  return a.every((value, i) => value === b[i]);
}

test('the home page draws its Japanese text on a machine without a Japanese font', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.locator('h1, h2').first()).toBeVisible();
  const systemHasJapanese = !(await page.evaluate(sameGlyphs, 'sans-serif'));
  const appFontFaces = () =>
    page.evaluate(
      () =>
        [...document.fonts].filter(
          (f) => f.family.replace(/"/g, '') === 'Noto Sans JP Variable' && f.status === 'loaded',
        ).length,
    );
  if (systemHasJapanese) {
    // A machine with a Japanese font never downloads the app's.
    await page.waitForLoadState('networkidle');
    expect(await appFontFaces()).toBe(0);
    return;
  }
  // Only the slices of the characters on screen are fetched, not all 124.
  await expect.poll(appFontFaces, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.evaluate(() => document.fonts.ready);
  expect(await appFontFaces()).toBeLessThan(60);
  // 「チ」 and 「券」 (both on the home page: チケット, 入園券) are now two different pictures in the page's own font list.
  const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  await expect.poll(() => page.evaluate(sameGlyphs, bodyFont), { timeout: 10_000 }).toBe(false);
  // The bold headline too (weight 900), by the font Chromium drew it with: the app's, not the system's boxes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.hero h1' });
  await expect
    .poll(async () =>
      (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts.map(
        (f) => `${f.postScriptName} ${f.isCustomFont}`,
      ),
    )
    .toEqual(['NotoSansJP-Thin true']); // the variable font's default instance's name, drawn at 900
  await page.screenshot({ path: `${SHOTS}/japanese-font-home.png` });
  // Not precached for every visitor: the service worker's manifest names no slice of it.
  const sw = await (await request.get('/sw.js')).text();
  expect(sw).toContain('"assets/index-');
  expect(sw).not.toMatch(/"assets\/(noto-sans-jp|japaneseFont)-/);
});
