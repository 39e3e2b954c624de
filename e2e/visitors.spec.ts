// A new visitor's walk through the app with the service worker in control: payments through the providers' pages,
// catalogue pages offline, the language switch, the bottom tab bar, accessibility, and screenshots at phone widths
// (into /tmp/shots13).
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiUser, signInPage } from './support/accounts';
import { acceptTerms, addLine, availableDay, fillCard, itemIdByName, toPayment } from './support/cart';

const SHOTS = '/tmp/shots13';
mkdirSync(SHOTS, { recursive: true });

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it claims open pages once installed). */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('with the service worker in control, a card pays through the 3-D Secure challenge and PayPay through its approval page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  await workerInControl(page);

  // Server pages are the server's, not the app's "page not found".
  await page.goto('/dev/mail');
  await expect(page.getByText('ページが見つかりません')).toHaveCount(0);
  await expect(page.locator('body')).not.toBeEmpty();

  const id = await itemIdByName(request, '仙台うみの杜水族館 入館券');
  const card = await availableDay(request, id, 1, 5);
  await addLine(page, { item_id: id, date: card.date, quantities: [{ age_group_id: 5, quantity: 1 }] });
  await toPayment(page);
  await page.getByTestId('method-choices').getByText('クレジットカード').click();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/cart\/\d+\/payment\/credit-card$/);
  await fillCard(page, '4000000000003220');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/gmo\/challenge\//);
  await expect(page.getByText('ページが見つかりません')).toHaveCount(0);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('completed-method')).toHaveText('クレジットカード');

  const paypay = await availableDay(request, id, 1, 6);
  await addLine(page, { item_id: id, date: paypay.date, quantities: [{ age_group_id: 5, quantity: 1 }] });
  await toPayment(page);
  await page.getByTestId('method-choices').getByText('PayPay').click();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/paypay\//);
  await expect(page.getByText('ページが見つかりません')).toHaveCount(0);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('completed-method')).toHaveText('PayPay');
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
});

test('offline, a park page never seen says the visitor is offline and offers what is stored; a page seen before opens', async ({
  page,
  context,
}) => {
  await page.goto('/profile/park/1');
  await workerInControl(page);
  await expect(page.getByTestId('park-profile')).toBeVisible();
  const seenName = (await page.locator('h1').textContent())?.trim() ?? '';
  await page.goto('/profile/park/2');
  await expect(page.getByTestId('park-profile')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('home-item').first()).toBeVisible();

  await context.setOffline(true);
  await page.goto('/profile/park/3');
  const offline = page.getByTestId('offline-page');
  await expect(offline).toBeVisible();
  await expect(offline).toContainText('オフライン');
  await expect(page.getByText('500')).toHaveCount(0);
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await expect(offline.getByRole('link', { name: /マイチケット/ })).toHaveAttribute('href', '/my-tickets');
  await expect(offline.getByTestId('offline-visited').getByRole('link', { name: seenName })).toHaveAttribute(
    'href',
    '/profile/park/1',
  );
  await page.screenshot({ path: `${SHOTS}/offline-never-seen-390.png`, fullPage: true });

  // A page seen before opens from the cache, with its content.
  await offline.getByTestId('offline-visited').getByRole('link', { name: seenName }).click();
  await expect(page.getByTestId('park-profile')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(seenName);
  await page.reload();
  await expect(page.getByTestId('park-profile')).toBeVisible();

  // The home page seen before still opens; an item never seen says offline too, never "server error".
  await page.goto('/');
  await expect(page.getByTestId('home-item').first()).toBeVisible();
  await page.goto('/items/5');
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await context.setOffline(false);
});

test("the home's, a park's and an item's first screen are on screen before the app's code has run, where the page then draws them", async ({
  page,
  request,
}) => {
  const itemId = await itemIdByName(request, '旭川市旭山動物園 入園券');
  for (const [path, early, drawn] of [
    ['/', '.park-tiles img', page.getByTestId('home-item').first().locator('img')],
    ['/profile/park/1', '.park-hero img', page.getByTestId('park-profile').locator('.park-hero img')],
    [`/items/${itemId}`, '.park-hero img', page.getByTestId('item-page').locator('.park-hero img')],
  ] as const) {
    // The app's code (every script) is held back until the first screen has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const picture = page.locator(`#root [data-first-paint] ${early}`).first();
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(drawn).toHaveCount(0);
    const before = await picture.boundingBox();
    const src = await picture.getAttribute('src');
    release();
    await expect(drawn).toBeVisible();
    expect(await drawn.boundingBox(), path).toEqual(before);
    expect(await drawn.getAttribute('src'), path).toBe(src);
    await page.unrouteAll();
  }
});

test('the header language switch round-trips through the profile when signed in', async ({ page, request }) => {
  const user = await apiUser(request);
  const language = async () =>
    (
      (await (await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${user.token}` } })).json()) as {
        data: { language: number };
      }
    ).data.language;
  await signInPage(page, user);
  await page.goto('/find/parks');
  await expect(page.getByTestId('header-me')).toBeVisible();
  expect(await language()).toBe(0);

  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(language).toBe(1);
  await expect(page.getByTestId('tab-bar')).toContainText('My Tickets');

  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect.poll(language).toBe(0);
  await expect(page.getByTestId('tab-bar')).toContainText('マイチケット');
});

/** Visible elements matching `selector` smaller than 44×44 px (their text and size). */
async function smallTargets(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(
        ({ el, r }) =>
          `${el.textContent?.trim() || el.getAttribute('aria-label')} ${Math.round(r.width)}×${Math.round(r.height)}`,
      ),
  );
}

test('touch targets are at least 44 px: header, tab bar, steppers, calendar days and seats', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  expect(await smallTargets(page, '.site-header a, .site-header button, .tab-bar a, .site-nav a')).toEqual([]);

  const user = await apiUser(request, { profile: 'phone' });
  await signInPage(page, user);
  const id = await itemIdByName(request, 'イルカ・アシカパフォーマンス 指定席');
  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  await panel.getByTestId('next-month').click();
  expect(
    await smallTargets(page, '.avail-day:enabled, [data-testid="next-month"], [data-testid="prev-month"]'),
  ).toEqual([]);
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').nth(2).click();
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').last().click();
  const adults = panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' });
  await adults.click();
  expect(await smallTargets(page, '.stepper button')).toEqual([]);
  await panel.getByTestId('add-to-cart').click();
  await expect(page).toHaveURL(/\/custom\/seat_reservation\?mode=cart$/);
  await expect(page.getByTestId('seat-map')).toBeVisible();
  expect(await smallTargets(page, 'button.seat')).toEqual([]);
});

test('at 360, 390 and 414 px: no sideways scrolling, My Tickets one tap away on every layout; screenshots', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  const id = await itemIdByName(request, '仙台うみの杜水族館 入館券');
  // A ticket in My Tickets (paid through the PayPay sandbox) and another line left in the cart.
  const bought = await availableDay(request, id, 1, 7);
  const parkId = await addLine(page, {
    item_id: id,
    date: bought.date,
    quantities: [{ age_group_id: 5, quantity: 2 }],
  });
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto(((await order.json()) as { data: { payment: { url: string } } }).data.payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  const later = await availableDay(request, id, 1, 9);
  await addLine(page, { item_id: id, date: later.date, quantities: [{ age_group_id: 5, quantity: 1 }] });

  const pages = [
    { name: 'home', path: '/', ready: 'home-item' },
    { name: 'item', path: `/items/${id}`, ready: 'purchase-panel' },
    { name: 'cart', path: '/cart', ready: 'cart-line' },
    { name: 'my-tickets', path: '/my-tickets', ready: 'tab-bar' },
    { name: 'map-route', path: `/maps/${parkId}/route`, ready: 'tab-bar' },
  ];
  for (const width of [360, 390, 414]) {
    await page.setViewportSize({ width, height: 800 });
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByTestId(p.ready).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${p.name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      const tab = page.getByTestId('tab-tickets');
      await expect(tab).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/${p.name}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('tab-tickets').click();
  await expect(page).toHaveURL(/\/my-tickets$/);
});
