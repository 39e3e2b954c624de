// Map mode end to end with the service worker on: a visitor with a ticket opens My Tickets online (the sync stores
// the park's map data and picture), then with the network off reloads /maps/:parkId and /maps/:parkId/route: the
// map, its markers, the tabs, switch park and a step-free route from the entrance to an animal all show; axe finds
// no serious violation; 390px screenshots go to test-results/maps.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tokyoDate } from '../common/time';
import { apiUser, signInPage } from './support/accounts';
import { addLine, itemIdByName } from './support/cart';
import { offlineAgain, reloadOffline } from './support/offline';

const SHOTS = 'test-results/maps';
mkdirSync(SHOTS, { recursive: true });

test.use({ serviceWorkers: 'allow' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A meal voucher for today at Asahiyama, paid through the PayPay sandbox: the visitor's ticket for that park. */
async function buyTicketToday(page: Page, request: APIRequestContext): Promise<number> {
  const id = await itemIdByName(request, '旭川ラーメン お食事券');
  const parkId = await addLine(page, {
    item_id: id,
    date: tokyoDate(),
    quantities: [{ age_group_id: 5, quantity: 1 }],
  });
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(order.status(), await order.text()).toBe(201);
  const payment = ((await order.json()) as { data: { payment: { url?: string } } }).data.payment;
  await page.goto(payment.url as string);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  return parkId;
}

/** The parks whose map data the device keeps (IndexedDB, the wallet's parkMaps table). */
const storedMapParks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('zoopass-wallet');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('parkMaps')) return resolve([]);
          const keys = db.transaction('parkMaps').objectStore('parkMaps').getAllKeys();
          keys.onsuccess = () => resolve(keys.result as number[]);
          keys.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
  );

/** Controls of map mode smaller than 44 px (width or height) on screen. */
const smallTargets = (page: Page) =>
  page
    .locator(
      '.maps a, .maps button, .maps select, .maps input:not([type=radio]), .maps summary, .maps .chip span, button.map-marker',
    )
    .evaluateAll((elements) =>
      elements
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0)
        .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
        .map(({ el, r }) => `${el.textContent?.trim() || el.className} ${Math.round(r.width)}×${Math.round(r.height)}`),
    );

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('map mode opens and routes offline for a park with a ticket', async ({ page, request, context }) => {
  test.setTimeout(150_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  const parkId = await buyTicketToday(page, request);

  // My Tickets online: the sync stores the park's map for offline use
  await page.goto('/my-tickets');
  await expect(page.getByTestId('wallet-ticket').first()).toBeVisible();
  await expect.poll(() => storedMapParks(page), { timeout: 20_000 }).toContain(parkId);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  // Online first: into map mode from My Tickets, the map with its markers
  await page.getByTestId('open-map-mode').first().click();
  await expect(page).toHaveURL(new RegExp(`/maps/${parkId}$`));
  await expect(page.getByTestId('park-map-view')).toBeVisible();
  await expect(page.locator('button.map-marker').first()).toBeVisible();

  // Offline: reload the map
  await reloadOffline(page);
  await expect(page.getByTestId('map-offline-note')).toBeVisible();
  await expect(page.locator('.maps-canvas__image')).toBeVisible();
  const markers = page.locator('button.map-marker');
  expect(await markers.count()).toBeGreaterThan(20);
  const list = page.getByTestId('map-marker-list').locator('li');
  // The list comes in a task of its own after the map (MapPage.tsx).
  await expect(list).toHaveCount(await markers.count());
  await expect(page.getByTestId('map-tab-all')).toHaveAttribute('aria-current', 'page');
  await shot(page, 'map-offline-390');
  await expectNoSeriousViolations(page);
  expect(await smallTargets(page)).toEqual([]);

  // Tabs: animals, places, barrier-free, events
  await page.getByTestId('map-tab-animals').click();
  await expect(page.getByTestId('map-page')).toHaveAttribute('data-tab', 'animals');
  await expect(list.first()).toContainText('動物');
  await expect(page.getByTestId('map-marker-list')).toContainText('ホッキョクグマ');
  await shot(page, 'map-animals-390');
  await page.getByTestId('map-tab-places').click();
  await expect(page.getByTestId('map-marker-list')).toContainText('トイレ');
  await page.getByTestId('map-tab-barrierFree').click();
  await expect(page.getByTestId('map-marker-list')).toContainText('階段');
  await expect(page.getByTestId('map-marker-list')).toContainText('多目的トイレ');
  await expect(page.locator('.map-slope-arrow, .maps-canvas__overlay path').first()).toBeAttached();
  await shot(page, 'map-barrier-free-390');
  await expectNoSeriousViolations(page);
  await page.getByTestId('map-tab-events').click();
  await expect(page.getByTestId('map-events')).toBeAttached();

  // Search within the map centres the result
  await page.getByTestId('map-tab-all').click();
  await page.getByTestId('map-search').fill('ホッキョクグマ');
  await page.getByTestId('map-search').press('Enter');
  await expect(page.getByTestId('map-search-results')).toContainText('ホッキョクグマ');
  await expect(page.locator('.map-marker.is-selected')).toContainText('ホッキョクグマ');
  await expect(page.getByTestId('map-selected')).toContainText('ホッキョクグマ');
  await expect(page.getByTestId('map-selected').getByRole('link', { name: '動物のページ' })).toHaveAttribute(
    'href',
    /^\/profile\/park-living-thing\/\d+$/,
  );
  // A marker tapped on the map is selected too
  await page.locator('button.map-marker', { hasText: '入' }).first().click();
  await expect(page.getByTestId('map-selected')).toContainText('入口');

  // I am at the entrance: the list is sorted by distance from it
  await page.getByTestId('map-i-am-at').selectOption('entrance');
  await expect(page.getByTestId('map-position')).toContainText('入口');
  await expect(list.first()).toContainText('入口');

  // Switch park: the visitor's park first
  await page.getByTestId('map-tab-parks').click();
  const parks = page.getByTestId('map-switch-park');
  await expect(parks.first()).toHaveAttribute('href', `/maps/${parkId}`);
  await expect(page.getByTestId('map-park-switcher')).toContainText('チケットのある施設');
  await shot(page, 'map-switch-park-390');

  // Route, offline: from the entrance to the polar bears by wheelchair, step free
  await page.goto(`/maps/${parkId}/route`);
  await expect(page.getByTestId('map-route-page')).toBeVisible();
  await page.getByTestId('route-from').selectOption('entrance');
  await page.getByTestId('route-to').selectOption('animal-polar-bear');
  await page.getByTestId('route-profile-wheelchair').check();
  const result = page.getByTestId('route-result');
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute('data-steps', '0');
  await expect(page.getByTestId('route-summary')).toContainText('段差なし');
  await expect(page.getByTestId('route-summary')).toContainText(/\d+ m・約\d+分/);
  const directions = page.getByTestId('route-directions').locator('li');
  expect(await directions.count()).toBeGreaterThanOrEqual(3);
  await expect(directions.last()).toContainText('ホッキョクグマに到着');
  await expect(page.locator('.maps-canvas__overlay path').first()).toBeAttached();
  await shot(page, 'route-wheelchair-offline-390');
  await expectNoSeriousViolations(page);
  expect(await smallTargets(page)).toEqual([]);

  // The last route is kept and opens again after a reload, still offline
  await page.reload();
  await expect(page.getByTestId('route-to')).toHaveValue('animal-polar-bear');
  await expect(page.getByTestId('route-profile-wheelchair')).toBeChecked();
  await expect(page.getByTestId('route-result')).toHaveAttribute('data-steps', '0');
  await context.setOffline(false);
});

test('a park not stored says so offline; a QR plate and GPS set the position; English works', async ({
  page,
  context,
}) => {
  // From the park's page into its map mode
  await page.goto('/profile/park/2');
  await page.getByTestId('open-map-mode').click();
  await expect(page).toHaveURL(/\/maps\/2$/);
  await expect(page.getByTestId('park-map-view')).toBeVisible();
  // Once the service worker controls the page, pages open offline from it
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect(page.getByTestId('park-map-view')).toBeVisible();
  await context.setOffline(true);
  // offlineAgain goes online for a moment: the map's read (quick without Dexie) must not get through then.
  await page.route('**/api/v1/parks/3/map', (route) => route.abort('internetdisconnected'));
  await page.goto('/maps/3').catch(() => undefined);
  await offlineAgain(context);
  await expect(page.getByTestId('map-missing')).toContainText('マイチケット');
  await page.unroute('**/api/v1/parks/3/map');
  await context.setOffline(false);
  // A place's QR plate makes it the visitor's position
  await page.goto('/maps/2?at=entrance');
  await expect(page.getByTestId('map-position')).toContainText('入口');
  await expect(page).toHaveURL(/\/maps\/2$/);
  // Where am I: GPS at the map's north-west control point (the corner toilets), then far from the park
  const map = (await (await page.request.get('/api/v1/parks/2/map')).json()) as {
    data: { controlPoints: { latitude: number; longitude: number }[] };
  };
  const corner = map.data.controlPoints[0] as { latitude: number; longitude: number };
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...corner, accuracy: 12 });
  await page.getByTestId('map-locate').click();
  await expect(page.getByTestId('map-position')).toContainText('誤差 約12 m');
  await expect(page.getByTestId('map-marker-list').locator('li').first()).toContainText('トイレ');
  await context.setGeolocation({ latitude: 35.6812, longitude: 139.7671, accuracy: 30 });
  await page.getByTestId('map-locate').click();
  await expect(page.getByTestId('map-position')).toContainText('園内ではない');

  await context.addCookies([{ name: 'locale', value: 'en', url: page.url() }]);
  await page.goto('/maps/2/route?to=entrance&from=toilet-1&profile=stroller');
  await expect(page.getByTestId('route-summary')).toContainText(/about \d+ min/);
  await expect(page.getByTestId('route-directions')).toContainText('Arrive at Entrance');
  await shot(page, 'route-en-390');
});
