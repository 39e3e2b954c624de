// The back office end to end, as park staff of Sapporo Maruyama Zoo use it (the seeded demo accounts owner., editor. and
// finance.maruyama-zoo@staff.zoopass.jp):
//   - an editor writes a story (no photo), previews it, publishes it; it is on the park page and in the inbox of a
//     follower who turned new-story notices on (the jobs run as they would);
//   - an owner sets a slot of a date to the places two buyers then take (sold out: a third visitor is refused),
//     raises it on the stock page, and the visitor can buy;
//   - finance finds an order by its number, reads the fee quote, cancels and refunds it for the visitor, and the
//     daily report (table and CSV) counts it.
// Then every back-office page is photographed at 390 px and 1280 px into screenshots-office/ (not committed).
import { mkdirSync, readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';
import { runJobsAt } from './support/jobs';

const SHOTS = 'screenshots-office';
mkdirSync(SHOTS, { recursive: true });
const SLUG = 'maruyama-zoo';
const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });

/** A seeded staff account signed in through the API (as the sign-in page does). */
const staffUser = (request: APIRequestContext, role: 'owner' | 'editor' | 'finance') =>
  apiStaff(request, `${role}.${SLUG}@staff.zoopass.jp`);

async function parkId(request: APIRequestContext): Promise<number> {
  const parks = (
    (await (await request.get('/api/v1/parks?per_page=100')).json()) as {
      data: { id: number; slug: string }[];
    }
  ).data;
  const park = parks.find((p) => p.slug === SLUG);
  expect(park, 'the seeded Maruyama Zoo').toBeTruthy();
  return park?.id as number;
}

async function itemId(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get(`/api/v1/items?tab=all&per_page=100&keyword=${encodeURIComponent(name)}`);
  const item = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((i) => i.name === name);
  expect(item, name).toBeTruthy();
  return item?.id as number;
}

interface Slot {
  timeSlotId: number;
  startTime: string;
  remaining: number;
}
async function openDay(request: APIRequestContext, id: number, from: string) {
  const res = await request.get(`/api/v1/items/${id}/availability?from=${from}&to=${addDays(from, 20)}`);
  const days = ((await res.json()) as { data: { date: string; status: string; slots: Slot[] }[] }).data;
  const day = days.find((d) => d.status === 'available' && d.slots.length > 0);
  expect(day, 'an open date with slots').toBeTruthy();
  return day as { date: string; slots: Slot[] };
}

async function cardToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/sandbox/gmo/token', {
    data: { cardno: '4111111111111111', expire: '12/30', securitycode: '123', holdername: 'HANAKO DOBUTSU' },
  });
  return ((await res.json()) as { tokenObject: { token: string[] } }).tokenObject.token[0] as string;
}

/** Adds places of the slot to the visitor's cart: the answer (201, or 409 when sold out). */
const addToCart = (request: APIRequestContext, u: ApiUser, item: number, date: string, slot: number, n: number) =>
  request.post('/api/v1/carts', {
    headers: auth(u),
    data: { item_id: item, date, time_slot_id: slot, quantities: [{ age_group_id: 5, quantity: n }] },
  });

/** Buys what is in the visitor's cart at the park by card (each place named): the order's id and number. */
async function checkout(request: APIRequestContext, u: ApiUser, park: number) {
  const cart = (
    (await (await request.get(`/api/v1/carts/${park}`, { headers: auth(u) })).json()) as {
      data: { lines: { id: number; people: number }[] };
    }
  ).data;
  for (const line of cart.lines) {
    const names = Array.from({ length: line.people }, (_, i) => ({ name: `動物 ${i + 1}郎`, gate_photo: null }));
    const put = await request.put('/api/v1/carts', {
      headers: auth(u),
      data: { data: { lines: [{ id: line.id, advance_info: { tickets: names } }] } },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const order = await request.post('/api/v1/orders', {
    headers: auth(u),
    data: { park_id: park, payment_method: 1, agreement: true, card_token: await cardToken(request) },
  });
  expect(order.status(), await order.text()).toBe(201);
  const data = ((await order.json()) as { data: { orderId: number; applicationNumber: string } }).data;
  return data;
}

async function photograph(browser: Browser, user: ApiUser, name: string, path: string, ready: string, lang = 'ja') {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      locale: lang === 'en' ? 'en-GB' : 'ja-JP',
      timezoneId: 'Asia/Tokyo',
    });
    if (lang === 'en') {
      const base = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
      await context.addCookies([{ name: 'locale', value: 'en', url: base }]);
    }
    const page = await context.newPage();
    await signInPage(page, user);
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${name}${lang === 'en' ? '-en' : ''}-${width}.png`, fullPage: true });
    await context.close();
  }
}

test.describe.configure({ mode: 'serial' });

let storyTitle = '';
let refundedOrder = { id: 0, number: '' };

test('an editor writes, previews and publishes a story; the park page and a follower’s inbox show it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const park = await parkId(request);
  const follower = await apiUser(request, { name: '森 ふくろう' });
  expect(
    (
      await request.post('/api/v1/me/follows', {
        headers: auth(follower),
        data: { target_type: 'park', target_id: park },
      })
    ).status(),
  ).toBeLessThan(300);
  const settings = await request.put('/api/v1/me/notification-settings', {
    headers: auth(follower),
    data: { kinds: { newStory: true } },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  await signInPage(page, await staffUser(request, 'editor'));
  await page.goto('/staff/office');
  const card = page.getByTestId('office-park').filter({ hasText: '円山' });
  await expect(card).toContainText('編集者');
  await card.getByTestId('office-stories-link').click();
  await expect(page.getByTestId('office-stories')).toBeVisible();
  await page.getByTestId('story-new').click();
  storyTitle = `雪の日のレッサーパンダ ${Date.now().toString(36)}`;
  await page.getByTestId('story-title_ja').fill(storyTitle);
  await page.getByTestId('story-body_ja').fill('雪が積もった朝、レッサーパンダたちが元気に走り回っていました。');
  await page.getByTestId('story-title_en').fill('Red pandas on a snowy day');
  await page.getByTestId('story-save').click();
  await expect(page.getByTestId('story-status')).toHaveText('下書き');
  await expect(page.getByTestId('story-row').filter({ hasText: storyTitle })).toBeVisible();

  // The preview (the editor's own tab; a draft is not public).
  const preview = (await page.getByTestId('story-preview').getAttribute('href')) as string;
  expect(preview).toMatch(/^\/private\/story\//);
  const tab = await page.context().newPage();
  await tab.goto(preview);
  await expect(tab.getByTestId('story')).toContainText(storyTitle);
  await tab.close();

  await page.getByTestId('story-publish').click();
  await expect(page.getByTestId('story-status')).toHaveText('公開中');
  const storyId = Number(
    (
      (await (
        await request.get(`/api/v1/staff/parks/${park}/stories`, { headers: auth(await staffUser(request, 'editor')) })
      ).json()) as {
        data: { id: number; titleJa: string }[];
      }
    ).data.find((s) => s.titleJa === storyTitle)?.id,
  );
  expect(storyId).toBeGreaterThan(0);

  // The park page lists it (the public catalogue may answer from its 10 s cache first).
  await expect
    .poll(
      async () => {
        await page.goto(`/profile/park/${park}`);
        // Count once the page has drawn its stories (not the bare shell of a page still loading).
        await expect(page.getByTestId('park-profile')).toBeVisible();
        await page.waitForLoadState('networkidle');
        return page.getByText(storyTitle).count();
      },
      { timeout: 30_000, intervals: [1_000, 3_000, 5_000] },
    )
    .toBeGreaterThan(0);

  // The follower's inbox, once the new-story sweep has run.
  await runJobsAt(request, new Date(Date.now() + 60_000));
  const context = await browser.newContext({
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 390, height: 844 },
  });
  const theirs = await context.newPage();
  await signInPage(theirs, follower);
  await theirs.goto('/me/notification');
  await expect(theirs.getByText(storyTitle).first()).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('an owner raises the capacity of a sold-out slot; a visitor can then buy', async ({ page, request }) => {
  test.setTimeout(120_000);
  const park = await parkId(request);
  const deer = await itemId(request, 'エゾシカの餌やり体験');
  const day = await openDay(request, deer, addDays(tokyoDate(), 12));
  const slot = day.slots[0] as Slot;
  const owner = await staffUser(request, 'owner');
  await signInPage(page, owner);
  await page.goto('/staff/office');
  await page.getByTestId('office-park').filter({ hasText: '円山' }).getByTestId('office-stock-link').click();
  await expect(page.getByTestId('office-stock')).toBeVisible();
  await page.getByTestId('stock-item').selectOption(String(deer));
  await page.getByTestId('stock-date').fill(day.date);
  const row = page.getByTestId('stock-row').filter({ hasText: slot.startTime });
  await expect(row).toBeVisible();
  // Two places in the slot, which two buyers take: sold out.
  await row.getByTestId('stock-capacity').fill('2');
  await row.getByTestId('stock-save').click();
  await expect(
    page.getByTestId('stock-row').filter({ hasText: slot.startTime }).getByTestId('stock-counts'),
  ).toContainText('残り 2');
  for (let i = 0; i < 2; i++) {
    const buyer = await apiUser(request);
    expect((await addToCart(request, buyer, deer, day.date, slot.timeSlotId, 1)).status()).toBe(201);
    await checkout(request, buyer, park);
  }
  const visitor = await apiUser(request, { name: '山田 花子' });
  const refused = await addToCart(request, visitor, deer, day.date, slot.timeSlotId, 1);
  expect(refused.status(), await refused.text()).toBe(409);
  await page.reload();
  const full = page.getByTestId('stock-row').filter({ hasText: slot.startTime });
  await expect(full.getByTestId('stock-counts')).toContainText('販売済み 2');
  await expect(full.getByTestId('stock-counts')).toContainText('残り 0');
  // Below what is sold is refused, with the number taken.
  await full.getByTestId('stock-capacity').fill('1');
  await full.getByTestId('stock-save').click();
  await expect(full.getByRole('alert')).toContainText('2');
  await full.getByTestId('stock-capacity').fill('4');
  await full.getByTestId('stock-save').click();
  await expect(
    page.getByTestId('stock-row').filter({ hasText: slot.startTime }).getByTestId('stock-counts'),
  ).toContainText('残り 2');
  // The visitor can buy now.
  expect((await addToCart(request, visitor, deer, day.date, slot.timeSlotId, 1)).status()).toBe(201);
  const order = await checkout(request, visitor, park);
  refundedOrder = { id: order.orderId, number: order.applicationNumber };
  await page.screenshot({ path: `${SHOTS}/flow-stock-raised.png`, fullPage: true });
  // The slot's own capacity back, so that specs after this one find the slot as seeded.
  const restore = await request.put(`/api/v1/staff/parks/${park}/items/${deer}/stock/${day.date}`, {
    headers: auth(owner),
    data: { capacity: slot.remaining, time_slot_id: slot.timeSlotId },
  });
  expect(restore.status(), await restore.text()).toBe(200);
});

test('finance finds the order by its number, cancels and refunds it for the visitor, and the day’s report counts it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  expect(refundedOrder.id, 'the order bought in the previous test').toBeGreaterThan(0);
  const park = await parkId(request);
  await signInPage(page, await staffUser(request, 'finance'));
  await page.goto('/staff/office');
  const card = page.getByTestId('office-park').filter({ hasText: '円山' });
  await expect(card.getByTestId('office-stories-link')).toHaveCount(0);
  await card.getByTestId('office-orders-link').click();
  await page.getByTestId('order-q').fill(refundedOrder.number.toLowerCase());
  await page.getByTestId('order-search').click();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toContainText('山田 花子');
  await page.getByTestId('order-row').click();
  await expect(page.getByTestId('order-state')).toHaveText('支払い済み');
  await expect(page.getByTestId('payment-state')).toHaveText('売上確定');
  await page.getByTestId('office-ticket').first().getByRole('checkbox').check();
  await expect(page.getByTestId('office-quote')).toContainText('0%');
  await expect(page.getByTestId('quote-refund')).toHaveText('300円');
  await page.screenshot({ path: `${SHOTS}/flow-refund-quote.png`, fullPage: true });
  await page.getByTestId('office-cancel').click();
  await page.getByTestId('office-cancel-confirm').click();
  await expect(page.getByTestId('office-cancel-done')).toContainText('300円を返金しました');
  await expect(page.getByTestId('order-state')).toHaveText('キャンセル済み');
  await expect(page.getByTestId('payment-state')).toHaveText('全額返金済み');
  await expect(page.getByTestId('office-ticket-state').first()).toHaveText('キャンセル済み');
  await expect(page.getByTestId('office-cancellation')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/flow-refunded.png`, fullPage: true });

  // The day's report: the refund and the sales of the day, in the table and in the CSV.
  await page.goto(`/staff/office/${park}/reports`);
  const deerRow = page.getByTestId('report-row').filter({ hasText: 'エゾシカの餌やり体験' });
  await expect(deerRow).toBeVisible();
  await expect(deerRow.locator('td').nth(2)).toHaveText('1');
  await expect(deerRow.locator('td').nth(3)).toHaveText('300円');
  await page.screenshot({ path: `${SHOTS}/flow-report.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
  expect(download.suggestedFilename()).toBe(`zoopass-${park}-${tokyoDate()}.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('商品ID,商品名,時間帯,販売数,販売額（円・税込）,キャンセル数,返金額（円）,入場数');
  // Other specs may buy the same item today: at least this spec's three places sold, its one refund (a timed item
  // has a line per time slot: summed).
  const lines = csv.split('\r\n').filter((l) => l.includes(',エゾシカの餌やり体験,'));
  const sum = (col: number) => lines.reduce((n, l) => n + Number(l.split(',')[col]), 0);
  expect(sum(3)).toBeGreaterThanOrEqual(3);
  expect(sum(4)).toBe(sum(3) * 300);
  expect([sum(5), sum(6)]).toEqual([1, 300]);
  // The orders of the period, as the accountant takes them.
  const [orders] = await Promise.all([page.waitForEvent('download'), page.getByTestId('finance-ordersCsv').click()]);
  expect(orders.suggestedFilename()).toBe(`zoopass-${park}-orders-${tokyoDate()}.csv`);
  expect(readFileSync(await orders.path()).toString('utf8')).toContain(refundedOrder.number);
});

test('every back-office page at 390 px and 1280 px', async ({ request, browser }) => {
  test.setTimeout(180_000);
  const park = await parkId(request);
  const owner = await staffUser(request, 'owner');
  const deer = await itemId(request, 'エゾシカの餌やり体験');
  const shots: [string, string, string][] = [
    ['home', '/staff/office', 'office-home'],
    ['stories', `/staff/office/${park}/stories`, 'office-stories'],
    ['members', `/staff/office/${park}/members`, 'office-members'],
    ['stock', `/staff/office/${park}/stock?item=${deer}&date=${addDays(tokyoDate(), 14)}`, 'stock-row'],
    ['orders', `/staff/office/${park}/orders?by=number&q=${refundedOrder.number}`, 'order-row'],
    ['order', `/staff/office/${park}/orders/${refundedOrder.id}`, 'order-state'],
    ['reports', `/staff/office/${park}/reports`, 'report-table'],
  ];
  for (const [name, path, ready] of shots) await photograph(browser, owner, name, path, ready);
  // The finance pages in English too.
  for (const [name, path, ready] of shots.filter(([n]) => ['orders', 'order', 'reports'].includes(n)))
    await photograph(browser, owner, name, path, ready, 'en');
});
