// Places set aside for annual-pass holders on timed items (issue 29, passes/README.md 2.11) in the browser: the
// park's owner sets them per slot on the stock page; two visitors buy a one-year pass by card, and with one place
// set aside the first books it from the item page while the second, who saw it too, is told it is gone and books a
// general place instead. Nothing is a fixture: the real server decides who is a holder and what is left.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';
import { payByCard } from './support/cart';
import { createPassProduct } from './support/office';

const SLUG = 'maruyama-zoo';
const DEER = 'エゾシカの餌やり体験';

const staffOwner = (request: APIRequestContext) => apiStaff(request, `owner.${SLUG}@staff.zoopass.jp`);

async function deer(request: APIRequestContext) {
  const res = await request.get(`/api/v1/items?tab=all&per_page=100&keyword=${encodeURIComponent(DEER)}`);
  const item = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((i) => i.name === DEER);
  expect(item, DEER).toBeTruthy();
  const detail = await request.get(`/api/v1/items/${item?.id}`);
  const data = ((await detail.json()) as { data: { id: number; park: { id: number }; timeSlots: { id: number }[] } })
    .data;
  return { id: data.id, parkId: data.park.id, slotIds: data.timeSlots.map((s) => s.id) };
}

test('the owner sets pass-holder places of a slot on the stock page; the public sees the general places', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await deer(request);
  const owner = await staffOwner(request);
  const date = addDays(tokyoDate(), 45);
  const general = async () => {
    const res = await request.get(`/api/v1/items/${item.id}/availability?from=${date}&to=${date}`);
    return ((await res.json()) as { data: { slots: { timeSlotId: number; capacity: number }[] }[] }).data[0]?.slots[0]
      ?.capacity as number;
  };
  const before = await general();
  await signInPage(page, owner);
  await page.goto(`/staff/office/${item.parkId}/stock?item=${item.id}&date=${date}`);
  const row = page.getByTestId('stock-row').first();
  await expect(row.getByTestId('stock-pass-counts')).toContainText('0枠');
  await row.getByTestId('stock-pass-capacity').fill('2');
  await row.getByTestId('stock-pass-save').click();
  await expect(page.getByTestId('stock-row').first().getByTestId('stock-pass-counts')).toContainText('2枠');
  expect(await general()).toBe(before - 2);
  // Back as it was, for the other specs on this slot.
  const again = page.getByTestId('stock-row').first();
  await again.getByTestId('stock-pass-capacity').fill('0');
  await again.getByTestId('stock-pass-save').click();
  await expect(page.getByTestId('stock-row').first().getByTestId('stock-pass-counts')).toContainText('0枠');
  expect(await general()).toBe(before);
});

/** A visitor's phone (390 px, ja) signed in, who bought the pass by card through the cart. */
async function holderPhone(browser: Browser, request: APIRequestContext, passItemId: number, name: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  const page = await context.newPage();
  const visitor = await apiUser(request, { name });
  await signInPage(page, visitor);
  const added = await page.request.post('/api/v1/carts', {
    data: { item_id: passItemId, quantities: [{ age_group_id: 5, quantity: 1 }] },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();
  await page.waitForURL(/\/cart\/\d+\/(add-info|payment)$/);
  if (page.url().endsWith('/add-info')) {
    // The holder is the visitor's own account (what makes the member's places and prices theirs in the cart).
    await page.getByTestId('pass-holder').first().getByTestId('pass-holder-account').selectOption({ index: 1 });
    await page.getByTestId('add-info-next').click();
  }
  await payByCard(page);
  return { context, page, visitor };
}

/** On the item page: next month's first open day, its first open slot, one adult. */
async function chooseSlot(page: Page, itemId: number) {
  await page.goto(`/items/${itemId}`);
  const panel = page.getByTestId('purchase-panel');
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').first().click();
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').first().click();
  await panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' }).click();
  return panel;
}

test('two holders, one pass-holder place: the first books it; the second is told it is gone and books a general place', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const item = await deer(request);
  const owner = await staffOwner(request);
  const stamp = Date.now().toString(36);
  const passItemId = await createPassProduct(request, owner, item.parkId, {
    name_ja: `会員枠パス ${stamp}`,
    name_en: `Holder places pass ${stamp}`,
  });
  const first = await holderPhone(browser, request, passItemId, '会員 一子');
  const second = await holderPhone(browser, request, passItemId, '会員 二子');
  const slotId = item.slotIds[0] as number;
  const setAside = (places: number) =>
    request.put(`/api/v1/staff/parks/${item.parkId}/items/${item.id}/time-slots/${slotId}/pass-capacity`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { pass_capacity: places },
    });
  expect((await setAside(1)).status()).toBe(200);
  try {
    // Both see the one place on the same day and slot; a visitor without a pass would not see the choice.
    const late = await chooseSlot(second.page, item.id);
    const lateChoice = late.getByTestId('pass-pool-choice');
    await expect(lateChoice).toContainText('パス会員枠');
    await expect(lateChoice).toContainText('残り1枚');
    await lateChoice.getByTestId('pass-pool').check();

    const early = await chooseSlot(first.page, item.id);
    await early.getByTestId('pass-pool-choice').getByTestId('pass-pool').check();
    await early.getByTestId('add-to-cart').click();
    await expect(early.getByTestId('go-to-cart')).toBeVisible();
    await early.screenshot({ path: 'test-results/pass-pool-holder-390.png' });

    // The second holder's add comes after: the server says sold out, the page points to the general places.
    await late.getByTestId('add-to-cart').click();
    await expect(late.getByTestId('pass-pool-sold-out')).toContainText('一般枠');
    await late.screenshot({ path: 'test-results/pass-pool-sold-out-390.png' });
    await lateChoice.getByTestId('pass-pool').uncheck();
    await late.getByTestId('add-to-cart').click();
    await expect(late.getByTestId('go-to-cart')).toBeVisible();

    // What each cart holds: the first a pass-holder place, the second a general one.
    const lines = async (who: ApiUser) =>
      (
        (await (
          await request.get(`/api/v1/carts/${item.parkId}`, { headers: { Authorization: `Bearer ${who.token}` } })
        ).json()) as { data: { lines: { itemId: number; passPool: boolean }[] } }
      ).data.lines.filter((l) => l.itemId === item.id);
    expect((await lines(first.visitor)).map((l) => l.passPool)).toEqual([true]);
    expect((await lines(second.visitor)).map((l) => l.passPool)).toEqual([false]);
  } finally {
    // Their carts given back, the slot as it was for the other specs.
    for (const who of [first.visitor, second.visitor]) {
      const auth = { Authorization: `Bearer ${who.token}` };
      const cart = (await (await request.get(`/api/v1/carts/${item.parkId}`, { headers: auth })).json()) as {
        data: { lines: { id: number }[] };
      };
      const ids = cart.data.lines.map((l) => l.id);
      if (ids.length > 0) await request.delete('/api/v1/carts', { headers: auth, data: { line_ids: ids } });
    }
    expect((await setAside(0)).status()).toBe(200);
    await first.context.close();
    await second.context.close();
  }
});
