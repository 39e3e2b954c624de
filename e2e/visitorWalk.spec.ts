// Issue 26, a new visitor's walk (Chromium, 390 px): a private item bought through its link, and the account-deletion
// dialog fitting a phone's screen (the lottery calendar's walk is koalaLotteryCalendar.spec.ts). Screenshots into
// /tmp/shots26.
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
