// Issue 26, a new visitor's walk (Chromium, 390 px): the lottery calendar offers only the round's use dates, and an
// entry the round refuses is said at the payment step, before the card is asked for. It reads the seeded koala round
// while entries are open: the file is named to run before lottery.spec.ts (the files run in name order), which
// draws that round. Screenshots into /tmp/shots26.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { apiUser, signInPage } from './support/accounts';
import { acceptTerms, fillCard } from './support/cart';

const SHOTS = '/tmp/shots26';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function koalaId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/items?per_page=100&keyword=%E3%82%B3%E3%82%A2%E3%83%A9');
  const items = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const found = items.find((i) => i.name.startsWith('コアラ舎 早朝見学ツアー'));
  expect(found, 'the seeded koala lottery').toBeTruthy();
  return found?.id as number;
}

test("the lottery calendar offers only the round's use dates; an entry the round refuses is said before the card", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = await koalaId(request);
  const round = (
    (await (await request.get(`/api/v1/items/${id}/lottery`)).json()) as { data: { useFrom: string; state: string } }
  ).data;
  expect(
    round.state,
    'the seeded koala round takes entries (lottery.spec.ts, which draws it, runs after this file)',
  ).toBe('open');
  expect(round.useFrom).toBe(addDays(tokyoDate(), 6));
  await signInPage(page, await apiUser(request));
  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  const calendar = panel.getByTestId('availability-calendar');
  await expect(calendar.locator('.avail-day').first()).toBeVisible();
  // The days before the round's first use date: "－", disabled, with the reason.
  const soon = await request.get(
    `/api/v1/items/${id}/availability?from=${addDays(tokyoDate(), 1)}&to=${addDays(tokyoDate(), 5)}`,
  );
  const reasons = ((await soon.json()) as { data: { date: string; reason: string | null }[] }).data;
  // Every day before the round is unavailable (a closing day keeps its own reason).
  expect(reasons.every((d) => d.reason !== null)).toBe(true);
  const before = reasons.find((d) => d.reason === 'notInLotteryRound')?.date as string;
  expect(before).toBeTruthy();
  if (before.slice(0, 7) !== tokyoDate().slice(0, 7)) await panel.getByTestId('next-month').click();
  const refused = calendar.locator(`[data-date="${before}"]`);
  await expect(refused).toBeDisabled();
  await expect(refused).toHaveAttribute('aria-label', /この日は抽選の受付対象外です/);
  await expect(refused).toHaveText(/－/);
  await shot(page, 'lottery-calendar-390');
  // Next month's first ○ day is inside the round.
  if (before.slice(0, 7) === tokyoDate().slice(0, 7)) await panel.getByTestId('next-month').click();
  const first = calendar.locator('.avail-day--available').first();
  const date = (await first.getAttribute('data-date')) as string;
  expect(date >= round.useFrom).toBe(true);
  await first.click();
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').first().click();
  const more = panel.getByTestId('quantity-choices').getByRole('button', { name: /大人を1枚増やす/ });
  await more.click();
  await more.click();
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('purchase-result')).toContainText(/カート/);

  const toPaymentPage = async () => {
    await page.goto('/cart');
    await page.getByTestId('cart-proceed').first().click();
    await expect(page).toHaveURL(/\/cart\/\d+\/add-info$/);
    const people = page.getByTestId('add-info-ticket');
    await expect(people.first()).toBeVisible();
    const count = await people.count();
    for (let i = 0; i < count; i++) await people.nth(i).getByTestId('text-name').fill('動物 花子');
    await page.getByTestId('add-info-next').click();
    await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
    await acceptTerms(page);
  };
  await toPaymentPage();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/payment\/credit-card$/);
  await fillCard(page, '4111111111111111');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed/, { timeout: 30_000 });

  // A second entry to the same round: refused at the payment step, before the card page, in ja.
  await page.goto(`/items/${id}`);
  await panel.getByTestId('next-month').click();
  await calendar.locator('.avail-day--available').nth(1).click();
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').first().click();
  await more.click();
  await more.click();
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('purchase-result')).toContainText(/カート/);
  await toPaymentPage();
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-message')).toContainText('この抽選にはすでに申し込んでいます');
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  await shot(page, 'lottery-refused-before-card-390');
});
