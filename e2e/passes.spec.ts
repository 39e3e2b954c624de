// Issue 29, a family buying an annual pass as a visitor would (Chromium, 390 px): the seeded family pass's item page
// (validity, the no-cancel rule), two adults in the cart, the holders named at the add-info step, a card payment,
// the member cards in My Tickets, a holder's face photo added from the card, the card added to Apple Wallet, a card
// with its QR opened again with no network, then saved to Google Wallet. Screenshots into /tmp/shots29.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiUser, signInPage } from './support/accounts';
import { itemIdByName, nameHolders, payByCard } from './support/cart';
import { reloadOffline } from './support/offline';

const SHOTS = '/tmp/shots29';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('a family pass: item page, holders named, paid by card, member cards in My Tickets, a card offline', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const id = await itemIdByName(request, 'ファミリー年間パスポート');
  await signInPage(page, await apiUser(request));
  await page.goto(`/items/${id}`);
  const form = page.getByTestId('pass-purchase-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('pass-no-cancel')).toContainText('初回入園後のキャンセルはできません');
  await expect(page.getByTestId('pass-validity')).toBeVisible();
  const adults = form.getByTestId('quantity-choices').getByRole('button', { name: /大人を1.*増やす/ });
  await adults.click();
  await adults.click();
  await shot(page, 'item-390');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('purchase-result')).toContainText(/カート/);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toContainText('ファミリー年間パスポート');
  await page.getByTestId('cart-proceed').first().click();
  // The holders are named before the payment.
  await nameHolders(page, ['動物 花子', '動物 太郎']);
  await shot(page, 'holders-390');
  await page.getByTestId('add-info-next').click();
  await payByCard(page);

  await page.goto('/my-tickets');
  const entry = page.getByTestId('member-card-entry');
  await expect(entry).toHaveCount(1, { timeout: 20_000 });
  await shot(page, 'my-tickets-390');
  await entry.getByRole('link').first().click();
  await expect(page.getByTestId('member-card-page')).toBeVisible();
  await expect(page.getByTestId('holder-tab')).toHaveCount(2);
  await expect(page.getByTestId('member-name')).toContainText('動物 花子');
  await expect(page.getByTestId('pass-number')).toContainText(/^P\d{3}-\d{7}/);
  await expect(
    page.locator('[data-testid="member-card"] svg, [data-testid="member-card"] canvas').first(),
  ).toBeVisible();
  // The owner adds the first holder's face photo from the card: shown at once, marked as waiting for review.
  const face = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('holder-photo-input')
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: face });
  await expect(page.getByTestId('member-photo')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('member-card')).toContainText('顔写真は確認中です');
  await shot(page, 'card-390');
  // The card in Apple Wallet: a signed .pkpass download (its QR, holder and photo: walletPasses.test).
  const walletButtons = page.getByTestId('add-card-to-wallet');
  const download = page.waitForEvent('download');
  await walletButtons.getByRole('link', { name: 'Apple Wallet に追加' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pkpass$/);

  // No network: the card, its holder's name and its QR still open.
  await reloadOffline(page);
  await expect(page.getByTestId('member-name')).toContainText('動物 花子');
  await page.getByTestId('holder-tab').nth(1).click();
  await expect(page.getByTestId('member-name')).toContainText('動物 太郎');
  await expect(
    page.locator('[data-testid="member-card"] svg, [data-testid="member-card"] canvas').first(),
  ).toBeVisible();
  await shot(page, 'card-offline-390');
  await context.setOffline(false);
  // Back online, the card saved to Google Wallet: its save link leaves for pay.google.com (caught, no network).
  await page.route('https://pay.google.com/**', (route) => route.fulfill({ body: 'google' }));
  await page.getByTestId('add-card-to-wallet').getByRole('button', { name: 'Google ウォレットに保存' }).click();
  await expect(page).toHaveURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
});
