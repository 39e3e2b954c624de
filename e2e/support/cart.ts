// Cart helpers for specs that buy something on the way to what they test: a seeded item, an available day, a line
// added through the page's own session, and the steps of the payment page.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { addDays, tokyoDate } from '../../common/time';

/** The id of a seeded item on sale, by name. */
export async function itemIdByName(request: APIRequestContext, name: string): Promise<number> {
  // Every item, on sale or not (a seeded voucher may sort past the first page).
  for (let page = 1; page <= 5; page++) {
    const res = await request.get(`/api/v1/items?tab=all&per_page=100&page=${page}`);
    const items = ((await res.json()) as { data: { id: number; name: string }[] }).data;
    const found = items.find((i) => i.name === name);
    if (found) return found.id;
    if (items.length < 100) break;
  }
  throw new Error(`no seeded item ${name}`);
}

/** A day (and slot) at least a week ahead with room for `people`; `skip` picks a later one. */
export async function availableDay(request: APIRequestContext, id: number, people: number, skip = 0) {
  const from = addDays(tokyoDate(), 7);
  const res = await request.get(`/api/v1/items/${id}/availability?from=${from}&to=${addDays(from, 50)}`);
  const days = (
    (await res.json()) as {
      data: { date: string; status: string; slots: { timeSlotId: number | null; remaining: number }[] }[];
    }
  ).data;
  const ok = days
    .filter((d) => d.status === 'available' || d.status === 'few')
    .flatMap((d) => d.slots.filter((s) => s.remaining >= people).map((s) => ({ date: d.date, slotId: s.timeSlotId })));
  const pick = ok[skip % Math.max(1, ok.length)];
  expect(pick, 'an available day').toBeTruthy();
  return pick as { date: string; slotId: number | null };
}

/** Adds a cart line through the page's session (its cookie), as the purchase panel does. */
export async function addLine(page: Page, body: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/v1/carts', { data: body, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { meta: { parkId: number } }).meta.parkId;
}

/** From the cart to the final confirmation of its first park. */
export async function toPayment(page: Page): Promise<void> {
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  await expect(page.getByTestId('pay-button')).toBeVisible();
}

export async function acceptTerms(page: Page): Promise<void> {
  await page.getByTestId('terms-choice').getByText('同意する', { exact: true }).click();
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('カード番号').fill(number);
  await page.getByLabel('カード名義').fill('HANAKO DOBUTSU');
  await page.getByLabel('有効期限（MM/YY）').fill('12/30');
  await page.getByLabel('セキュリティコード').fill('123');
}

/** The add-info step of a pass line: one name per holder (as many holders as names); the holders, for more steps. */
export async function nameHolders(page: Page, names: readonly string[]) {
  const holders = page.getByTestId('pass-holder');
  await expect(holders).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await holders.nth(i).getByTestId('pass-holder-name').fill(name);
  return holders;
}

/** On the payment page: pays by card (the sandbox's accepted number) until the completed page. */
export async function payByCard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  await page.getByTestId('method-choices').getByText('クレジットカード').click();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await fillCard(page, '4111111111111111');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
}
