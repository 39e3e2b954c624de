// Issue 26, a new visitor's walk (Chromium, 390 px): a private item bought through its link, the lottery calendar
// offering only the round's use dates (the entry checked before the card is asked for), and the account-deletion
// dialog fitting a phone's screen. Screenshots into /tmp/shots26.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { apiStaff, apiUser, signInPage } from './support/accounts';
import { acceptTerms, fillCard } from './support/cart';

const SHOTS = '/tmp/shots26';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/**
 * A new item of the office account's first park: new items start private (sale label 1, not listed), reached by
 * their link only. Answers its id and link id.
 */
async function privateItem(request: APIRequestContext): Promise<{ id: number; linkId: string }> {
  const owner = await apiStaff(request, 'office@staff.zoopass.jp');
  const headers = { Authorization: `Bearer ${owner.token}` };
  const parks = ((await (await request.get('/api/v1/staff/parks', { headers })).json()) as { data: { id: number }[] })
    .data;
  const res = await request.post(`/api/v1/staff/parks/${parks[0]?.id}/items`, {
    headers,
    data: {
      name_ja: '限定公開 バックヤードツアー',
      name_en: 'Unlisted backyard tour',
      description_ja: 'リンクを受け取った方だけがお申し込みいただけるツアーです。',
      category: 1,
      available_from: tokyoDate(),
      available_until: addDays(tokyoDate(), 90),
      prices: [{ age_group_id: 5, price: 1500 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const item = ((await res.json()) as { data: { id: number; linkId: string; saleLabel: number } }).data;
  expect(item.saleLabel).toBe(1);
  expect((await request.get(`/api/v1/items/${item.id}`)).status()).toBe(404);
  return item;
}

test('a private item is bought through its link: calendar, cart, card, completed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { linkId } = await privateItem(request);
  await signInPage(page, await apiUser(request));
  await page.goto(`/private/items/${linkId}`);
  const panel = page.getByTestId('purchase-panel');
  await expect(panel).toBeVisible();
  await shot(page, 'private-item-390');
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available').first().click();
  const slots = panel.getByTestId('slot-choices').locator('label:has(input:enabled)');
  if (await slots.count()) await slots.first().click();
  await panel
    .getByTestId('quantity-choices')
    .getByRole('button', { name: /大人を1枚増やす/ })
    .click();
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('purchase-result')).toContainText(/カート/);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toContainText('限定公開 バックヤードツアー');
  await page.getByTestId('cart-proceed').first().click();
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  await page.getByTestId('method-choices').getByText('クレジットカード').click();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await fillCard(page, '4111111111111111');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
});

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
  // lottery.spec.ts (earlier in the suite by name) draws the seeded koala round days ahead: then no date takes entries
  // and there is nothing left to walk here. Run alone (or first), the walk runs; lotteryEntryCheck.test.ts covers the
  // server's side in every run.
  test.skip(round.state !== 'open', 'the seeded koala round was drawn by lottery.spec.ts earlier in this run');
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

test.describe('on a phone', () => {
  // A phone's browser widens its layout to a page wider than the screen, and the dialog with it.
  test.use({ isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

  test('at 390 px the account-deletion dialog fits the screen: its password field and 削除する button are whole', async ({
    page,
    request,
  }) => {
    await signInPage(page, await apiUser(request));
    for (const lang of ['ja', 'en'] as const) {
      await page.context().addCookies([{ name: 'locale', value: lang, url: new URL(page.url()).origin }]);
      await page.goto('/me/settings');
      await page.getByTestId('delete-account').click();
      const dialog = page.locator('dialog.account-dialog');
      await expect(dialog).toBeVisible();
      const viewport = page.viewportSize() as { width: number; height: number };
      // Nothing on the page is wider than the screen (a phone would widen the layout, and the dialog with it).
      const wide = await page.evaluate(
        (width) =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
        viewport.width,
      );
      expect(wide, `${lang}: the page is wider than the screen`).toEqual([]);
      // The dialog and everything in it lie within the viewport, nothing scrolls sideways inside it.
      const boxes = await dialog.evaluate((d) =>
        [d, ...d.querySelectorAll('*')].map((el) => {
          const r = el.getBoundingClientRect();
          return { tag: el.tagName, left: r.left, right: r.right, scroll: el.scrollWidth - el.clientWidth };
        }),
      );
      const outside = boxes.filter((b) => b.left < 0 || b.right > viewport.width);
      expect(outside, `${lang}: parts of the dialog off the screen`).toEqual([]);
      expect(boxes[0]?.scroll, `${lang}: the dialog scrolls sideways`).toBeLessThanOrEqual(0);
      const submit = dialog.locator('button[type="submit"]');
      await expect(submit).toBeInViewport({ ratio: 1 });
      await expect(dialog.locator('input[type="password"]')).toBeInViewport({ ratio: 1 });
      await shot(page, `account-delete-dialog-390-${lang}`);
      await page.keyboard.press('Escape');
    }
  });
});
