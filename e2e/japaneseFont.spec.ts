// Issue 26: a machine without a Japanese font draws the app's Japanese (its own faces, pwa/src/fonts), not boxes.
// The browser here is launched with fontconfig knowing only the Latin fonts (DejaVu, Liberation), so it is such a
// machine whatever this one has installed. Screenshots into /tmp/shots26.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Locator, test } from '@playwright/test';
import { fontsConf } from '../seeds/art/fonts';
import { CHROMIUM } from './support/chromium';

const SHOTS = '/tmp/shots26';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latin-only-fonts-'));
  const conf = join(dir, 'fonts.conf');
  writeFileSync(conf, fontsConf(['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation'], dir));
  browser = await chromium.launch({ ...CHROMIUM, env: { ...process.env, FONTCONFIG_FILE: conf } });
});
test.afterAll(async () => {
  await browser?.close();
});

/** The element's pixels (a PNG), and its pixels once it is made to lay its text out again, with the fonts as they
 *  are now (a change of word spacing too small to see). */
async function drawnAndAgain(element: Locator) {
  const drawn = await element.screenshot();
  await element.evaluate((el) => {
    (el as HTMLElement).style.wordSpacing = '0.002px';
  });
  return { drawn, again: await element.screenshot() };
}

test('a machine without a Japanese font draws the home page in Japanese, headings and buttons included', async ({
  baseURL,
}) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', baseURL });
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/fonts/')) fonts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '販売中のチケット' })).toBeVisible();
  // The browser asked for the app's face (only a machine without a Japanese font does) and it loaded.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes('ZooPass Japanese') && f.status === 'loaded'),
      ),
    )
    .toBe(true);
  expect(fonts.some((f) => /^\/fonts\/ja-app-[0-9a-f]+\.woff2$/.test(f))).toBe(true);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${SHOTS}/japanese-font-home.png` });

  const drawnBefore = {
    heading: page.getByRole('heading', { level: 1 }),
    sectionTitle: page.getByRole('heading', { name: '販売中のチケット' }),
    button: page.getByRole('link', { name: '施設をさがす' }).last(),
    category: page.locator('.site-nav').getByText('いきもの'),
    tab: page.getByTestId('tab-bar').getByText('マイチケット'),
  };
  for (const [name, element] of Object.entries(drawnBefore)) {
    const { drawn, again } = await drawnAndAgain(element);
    // What the page drew before the face came was drawn again with it: laying it out once more changes nothing
    // (before the fix, the headings, buttons and tab names stayed boxes until then).
    expect(drawn.equals(again), name).toBe(true);
  }
  // And the face draws Japanese, not boxes: the same text in a family without it differs.
  const { withFace, withoutFace } = await page.evaluate(() => {
    const draw = (family: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 40;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.font = `24px ${family}`;
      ctx.fillText('販売中のチケット', 0, 30);
      return canvas.toDataURL();
    };
    return { withFace: draw('"ZooPass Japanese", monospace'), withoutFace: draw('monospace') };
  });
  expect(withFace).not.toBe(withoutFace);
  await page.close();
});
