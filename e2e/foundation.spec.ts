import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM } from './support/chromium';
import { reloadOffline } from './support/offline';

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('home -> parks search -> park profile in Japanese, then English without changing the URL', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('いきものに会いに行こう');
  await expect(page.getByTestId('home-park').first()).toBeVisible();
  expect(await page.getByTestId('home-park').count()).toBeGreaterThanOrEqual(12);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: '施設をさがす' }).first().click();
  await expect(page).toHaveURL(/\/find\/parks$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('動物園・水族館をさがす');
  await page.getByLabel('地域', { exact: true }).selectOption({ label: '関東' });
  await page.getByLabel('都道府県', { exact: true }).selectOption({ label: '東京都' });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'この条件でさがす' }).click();
  await expect(page).toHaveURL(/\/find\/parks\/result\?region_id=3&prefecture_id=13/);
  await expect(page.getByTestId('result-count')).toContainText('件の施設');
  const cards = page.getByTestId('park-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain('東京都');

  await cards.filter({ hasText: '上野動物園' }).first().click();
  await expect(page).toHaveURL(/\/profile\/park\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('上野動物園');
  await expect(page.getByTestId('business-hours')).toContainText('9:30');
  await expect(page.getByTestId('closed-days')).toContainText('月曜日');
  await expect(page.getByRole('heading', { name: '特定商取引法に基づく表記' })).toBeVisible();
  await expect(page.getByRole('link', { name: /お問い合わせフォーム/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const url = page.url();
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ueno Zoo');
  await expect(page.getByTestId('closed-days')).toContainText('Monday');
  await expect(page.getByRole('link', { name: 'Find parks' })).toBeVisible();
  expect(page.url()).toBe(url);
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('en');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);

  // Remembered on the next visit.
  await page.goto('/find/parks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find zoos and aquariums');
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('動物園・水族館をさがす');
});

test('keyword search finds parks by name', async ({ page }) => {
  await page.goto('/find/parks/result?keyword=%E6%B0%B4%E6%97%8F%E9%A4%A8');
  await expect(page.getByTestId('park-card').first()).toBeVisible();
  for (const text of await page.getByTestId('park-card').allTextContents()) expect(text).toContain('水族');
});

test('a trailing slash answers 301 to the path without it, query kept', async ({ request }) => {
  const res = await request.get('/find/parks/?region_id=3', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/find/parks?region_id=3');
});

test('an unknown path answers 404 with "Page not found" and the full path', async ({ page }) => {
  const res = await page.goto('/no/such/page?x=1');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('Page not found: /no/such/page?x=1');
  await expect(page.getByRole('link', { name: 'トップに戻る' })).toHaveAttribute('href', '/');
});

test('a missing park shows the error page with its status', async ({ page }) => {
  await page.goto('/profile/park/999999');
  await expect(page.getByTestId('error-page')).toContainText('404');
  await expect(page.getByTestId('error-page')).toContainText('何らかの理由でページを開くことができませんでした。');
  await page.getByRole('link', { name: 'トップに戻る' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the service worker registers, the shell reloads offline, and the app is installable', async ({ baseURL }) => {
  // Installability is not reported for incognito contexts: use a persistent profile like an installed browser.
  const profile = mkdtempSync(join(tmpdir(), 'zoo-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    baseURL,
    locale: 'ja-JP',
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await page.goto('/find/parks');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
    expect(manifest.errors).toEqual([]);

    await reloadOffline(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('動物園・水族館をさがす');
    await page.goto('/about-us');
    await expect(page.locator('#main')).toBeVisible();
    await context.setOffline(false);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a service worker whose install failed (a precache request lost) is installed again without a page load', async ({
  page,
  context,
}) => {
  // The install fails when one precached file does not arrive; the browser would only try again at the next full
  // page load, which a single-page app may not have before the visitor is at the gate with no signal.
  let failed = 0;
  await context.route(/\/assets\/.*\.wasm$/, async (route) => {
    if (failed++ === 0) return route.abort('connectionreset');
    return route.continue();
  });
  await page.goto('/find/parks');
  await expect.poll(() => failed, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 60_000 }).toBe(true);
  expect(failed).toBeGreaterThan(1);
  await reloadOffline(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('動物園・水族館をさがす');
  await context.setOffline(false);
});

test('hashed assets are immutable; the shell, service worker and build metadata are revalidated', async ({
  request,
}) => {
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toBe('no-cache');
  const asset = (await html.text()).match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  expect((await request.get(asset as string)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const path of ['/sw.js', '/build.json', '/manifest.webmanifest']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toBe('no-cache');
  }
  const build = (await (await request.get('/build.json')).json()) as { buildId: string };
  expect(build.buildId).toMatch(/.{8,}/);
});
