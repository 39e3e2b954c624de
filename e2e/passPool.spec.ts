// Places set aside for annual-pass holders on timed items (issue 29, passes/README.md 2.11) in the browser: the
// park's owner sets them per slot on the stock page (real server), and a holder's item page offers them. Who is a
// holder is proven in server/test/passCapacity.test.ts; here the holder's pass-places answer is a fixture, and the
// add that asks for them is answered "sold out" once to show the way back to the general places.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';

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

test("a holder's item page offers the pass-holder places; sold out, it points back to the general places", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await deer(request);
  const visitor = await apiUser(request, { profile: 'phone' });
  await page.route('**/api/v1/items/*/pass-places?*', (route) => {
    const date = new URL(route.request().url()).searchParams.get('date');
    return route.fulfill({
      json: {
        data: {
          holders: 1,
          slots: item.slotIds.map((id) => ({ timeSlotId: id, startTime: '', endTime: '', capacity: 2, remaining: 2 })),
        },
        meta: { date },
      },
    });
  });
  const bodies: Record<string, unknown>[] = [];
  await page.route('**/api/v1/carts', (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    const body = req.postDataJSON() as Record<string, unknown>;
    bodies.push(body);
    if (!body.pass_pool) return route.continue();
    return route.fulfill({
      status: 409,
      json: { data: null, meta: { status: 409, code: 'soldOut', message: '売り切れました' } },
    });
  });
  await signInPage(page, visitor);
  await page.goto(`/items/${item.id}`);
  const panel = page.getByTestId('purchase-panel');
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').first().click();
  await expect(panel.getByTestId('pass-pool-choice')).toHaveCount(0);
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').first().click();
  const choice = panel.getByTestId('pass-pool-choice');
  await expect(choice).toContainText('パス会員枠');
  await expect(choice).toContainText('残り2枚');
  await choice.getByTestId('pass-pool').check();
  await panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' }).click();
  await panel.getByTestId('add-to-cart').click();
  await expect(panel.getByTestId('pass-pool-sold-out')).toContainText('一般枠');
  expect(bodies.at(-1)).toMatchObject({ pass_pool: true });

  await choice.getByTestId('pass-pool').uncheck();
  await panel.getByTestId('add-to-cart').click();
  await expect(panel.getByTestId('go-to-cart')).toBeVisible();
  expect(bodies.at(-1)).not.toHaveProperty('pass_pool');
});
