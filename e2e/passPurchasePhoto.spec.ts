// Issue 29, the visitor's own moves on an annual pass (Chromium, 390 px): a face photo chosen per holder at the
// add-info step becomes the holder's photo on the member card once paid; a card reissued on this phone (confirm
// dialog: the old phone's card stops); the pass cancelled before its first entry with the quote (fee at the product's
// rate), after which its cards leave My Tickets. In ja, then the card and the dialogs in en. Screenshots into
// /tmp/shots29v.
import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiUser, signInPage } from './support/accounts';
import { itemIdByName, nameHolders, payByCard } from './support/cart';

const SHOTS = '/tmp/shots29v';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const face = (background: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function setLocale(context: BrowserContext, page: Page, lang: 'ja' | 'en') {
  await context.addCookies([{ name: 'locale', value: lang, url: new URL(page.url()).origin }]);
  await page.reload();
}

test('photos chosen at purchase, a card reissued on this phone, the pass cancelled before its first entry', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(240_000);
  const id = await itemIdByName(request, 'ファミリー年間パスポート');
  await signInPage(page, await apiUser(request));
  await page.goto(`/items/${id}`);
  const form = page.getByTestId('pass-purchase-form');
  const adults = form.getByTestId('quantity-choices').getByRole('button', { name: /大人を1.*増やす/ });
  await adults.click();
  await adults.click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('purchase-result')).toContainText(/カート/);
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();

  // Each holder's name, and a face photo for the first one, at the add-info step.
  const holders = await nameHolders(page, ['写真 花子', '写真 太郎']);
  // A file that is no picture is refused before it is sent, naming the rule (ja).
  await holders
    .nth(1)
    .getByTestId('pass-holder-photo')
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
  await expect(holders.nth(1).getByRole('alert')).toContainText(/JPEG|PNG/);
  await holders
    .nth(0)
    .getByTestId('pass-holder-photo')
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await face('#c96') });
  await expect(holders.nth(0).getByTestId('pass-holder-photo-preview')).toBeVisible({ timeout: 20_000 });
  await expect(holders.nth(0).getByTestId('pass-holder-photo-chosen')).toBeVisible();
  await shot(page, 'holders-photo-ja-390');
  await page.getByTestId('add-info-next').click();
  await payByCard(page);

  // The member card shows the photo chosen at purchase (waiting for review); the second holder has none.
  await page.goto('/my-tickets');
  const entry = page.getByTestId('member-card-entry');
  await expect(entry).toHaveCount(1, { timeout: 20_000 });
  await entry.getByRole('link').first().click();
  await expect(page.getByTestId('member-name')).toContainText('写真 花子');
  await expect(page.getByTestId('member-photo')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('member-card')).toContainText('顔写真は確認中です');
  await page.getByTestId('holder-tab').nth(1).click();
  await expect(page.getByTestId('member-photo-none')).toBeVisible();
  await page.getByTestId('holder-tab').nth(0).click();

  // Reissue on this phone: the dialog says the old phone's card stops; a new QR comes.
  const qr = page.getByTestId('member-card').locator('.member-card__qr svg');
  const before = await qr.innerHTML();
  await page.getByTestId('pass-reissue').click();
  await expect(page.getByTestId('pass-reissue-dialog')).toContainText('前のスマホの会員証');
  await shot(page, 'reissue-dialog-ja-390');
  await page.getByTestId('pass-reissue-confirm').click();
  await expect(page.getByText('会員証を再発行しました')).toBeVisible();
  // The new token draws another QR.
  await expect.poll(() => qr.innerHTML(), { timeout: 20_000 }).not.toBe(before);

  // Cancel before the first entry: the quote at the product's rate (10 %), then the cards leave My Tickets.
  await expect(page.getByTestId('pass-cancel')).toBeVisible();
  await shot(page, 'card-ja-390');
  await page.getByTestId('pass-cancel').click();
  const quote = page.getByTestId('pass-cancel-quote');
  await expect(quote).toContainText('10%');
  await expect(quote).toContainText('2人分');
  await shot(page, 'cancel-dialog-ja-390');
  await page.getByTestId('pass-cancel-dialog').getByRole('button', { name: 'やめる' }).click();

  // The same in English.
  await setLocale(context, page, 'en');
  await expect(page.getByTestId('pass-reissue')).toHaveText('Reissue on this phone');
  await page.getByTestId('pass-reissue').click();
  await expect(page.getByTestId('pass-reissue-dialog')).toContainText('stops working');
  await shot(page, 'reissue-dialog-en-390');
  await page.getByTestId('pass-reissue-dialog').getByRole('button', { name: 'Keep it' }).click();
  await shot(page, 'card-en-390');
  await page.getByTestId('pass-cancel').click();
  await expect(page.getByTestId('pass-cancel-quote')).toContainText('2 holders');
  await shot(page, 'cancel-dialog-en-390');
  await page.getByTestId('pass-cancel-confirm').click();
  await expect(page).toHaveURL(/\/my-tickets$/);
  await expect(page.getByText('The annual pass was cancelled')).toBeVisible();
  await expect(page.getByTestId('member-card-entry')).toHaveCount(0, { timeout: 20_000 });
  await shot(page, 'my-tickets-after-cancel-en-390');
});

test('the holders form with a photo choice in English', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const id = await itemIdByName(request, 'ファミリー年間パスポート');
  await signInPage(page, await apiUser(request));
  await page.goto(`/items/${id}`);
  await setLocale(context, page, 'en');
  const adults = page
    .getByTestId('pass-purchase-form')
    .getByTestId('quantity-choices')
    .getByRole('button', { name: /One more/ })
    .first();
  await adults.click();
  await page.getByTestId('add-to-cart').click();
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();
  const holder = page.getByTestId('pass-holder').first();
  await holder.getByTestId('pass-holder-name').fill('Hanako Photo');
  await expect(holder).toContainText('Choose a face photo');
  await holder.getByTestId('pass-holder-photo').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 200, height: 260, channels: 3, background: '#69c' } })
      .png()
      .toBuffer(),
  });
  await expect(holder.getByTestId('pass-holder-photo-preview')).toBeVisible({ timeout: 20_000 });
  await expect(holder).toContainText('Change the face photo');
  await shot(page, 'holders-photo-en-390');
});
