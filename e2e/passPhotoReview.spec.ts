// Issue 29, the park's review of holders' face photos (README 2.5): a visitor buys the seeded single pass and sends
// a face photo for its holder; the demo owner goes from the passes page to the photo review, sees the photo large
// with the holder's name and pass number (ja 390 px, en 1280 px, axe clean), is told to give a reason before
// rejecting, and rejects with one; the visitor finds the rejection in the inbox and on the member card, and sends
// another photo from the card (waiting for review again). Screenshots in test-results/pass-photo-review.
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiStaff, apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';

const SHOTS = 'test-results/pass-photo-review';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const face = (background: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function axeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

async function setLocale(context: BrowserContext, page: Page, lang: 'ja' | 'en') {
  await context.addCookies([{ name: 'locale', value: lang, url: new URL(page.url()).origin }]);
  await page.reload();
}

test('the owner rejects a holder photo with a reason; the holder is told and sends another', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const visitor = await apiUser(request, { name: '写真 確認子' });
  await signInPage(page, visitor);
  const headers = { Origin: new URL(page.url()).origin };
  const itemId = await itemIdByName(request, '年間パスポート（個人）');
  const added = await page.request.post('/api/v1/carts', {
    data: { item_id: itemId, quantities: [{ age_group_id: 5, quantity: 1 }] },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const line = (await added.json()) as { data: { id: number }; meta: { parkId: number } };
  const parkId = line.meta.parkId;
  const holderName = `確認 ${Date.now() % 100000}`;
  const named = await page.request.put(`/api/v1/carts/${parkId}/lines/${line.data.id}/pass`, {
    data: { holders: [{ position: 1, name: holderName, age_group_id: 5, unit_kind: 'basic' }] },
    headers,
  });
  expect(named.status(), await named.text()).toBe(200);
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers,
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto(((await order.json()) as { data: { payment: { url: string } } }).data.payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });

  // The holder's face photo, sent and linked as the card does.
  const cards = (await (await page.request.get('/api/v1/me/passes')).json()) as {
    data: { cards: { passId: number; holderId: number; passNumber: string }[] };
  };
  const card = cards.data.cards[0];
  if (!card) throw new Error('no member card');
  const up = await page.request.post('/api/v1/me/pass-photos', {
    multipart: { photo: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: await face('#c96') } },
    headers,
  });
  expect(up.status(), await up.text()).toBe(201);
  const photoId = ((await up.json()) as { data: { id: string } }).data.id;
  const linked = await page.request.put(`/api/v1/me/passes/${card.passId}/holders/${card.holderId}/photo`, {
    data: { photo_id: photoId },
    headers,
  });
  expect(linked.status(), await linked.text()).toBe(200);

  // The owner reviews it.
  await context.clearCookies();
  await signInPage(page, await apiStaff(request, 'office@staff.zoopass.jp'));
  await page.goto(`/staff/office/${parkId}/passes`);
  await page.getByTestId('pass-photos-link').click();
  await expect(page).toHaveURL(new RegExp(`/staff/office/${parkId}/passes/photos$`));
  const item = page.locator(`[data-testid="photo-review-item"][data-photo-id="${photoId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId('photo-review-name')).toHaveText(holderName);
  await expect(item).toContainText(card.passNumber);
  // The photo itself, loaded (after each reload too) before a screenshot.
  const photoShown = () =>
    expect
      .poll(() =>
        item
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
  await photoShown();
  await shot(page, 'queue-ja-390');
  await axeClean(page, 'queue ja 390');
  await setLocale(context, page, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(item.getByTestId('photo-approve')).toHaveText('Approve');
  await photoShown();
  await shot(page, 'queue-en-1280');
  await axeClean(page, 'queue en 1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'queue-en-390');
  await setLocale(context, page, 'ja');
  await page.setViewportSize({ width: 1280, height: 900 });
  await photoShown();
  await shot(page, 'queue-ja-1280');

  // No reason: told before anything is sent.
  await item.getByTestId('photo-reject').click();
  await expect(item.getByRole('alert')).toHaveText('差し戻しの理由を入力してください');
  await axeClean(page, 'queue ja reason missing');
  await item.getByTestId('photo-reject-reason').fill('顔が帽子で隠れています');
  await item.getByTestId('photo-reject').click();
  await expect(page.getByTestId('photo-review-notice')).toContainText(`${holderName}さんの写真を差し戻しました`);
  await expect(item).toHaveCount(0);

  // The visitor: told in the inbox, the card says why and offers another upload.
  await context.clearCookies();
  await page.setViewportSize({ width: 390, height: 900 });
  await signInPage(page, visitor);
  await page.goto('/me/notification');
  const told = page.getByTestId('inbox-item').filter({ hasText: '年間パスポートの写真を再登録してください' });
  await expect(told).toHaveCount(1);
  await expect(told).toContainText('顔が帽子で隠れています');
  await shot(page, 'inbox-ja-390');
  await page.goto(`/my-tickets/pass/${card.passId}`);
  await expect(page.getByTestId('member-photo-rejected')).toContainText('顔が帽子で隠れています');
  await shot(page, 'card-rejected-ja-390');
  await page.getByTestId('holder-photo-input').setInputFiles({
    name: 'face2.jpg',
    mimeType: 'image/jpeg',
    buffer: await face('#6a9'),
  });
  await expect(page.getByTestId('member-card')).toContainText('顔写真は確認中です', { timeout: 20_000 });
  await expect(page.getByTestId('member-photo-rejected')).toHaveCount(0);
  await shot(page, 'card-resent-ja-390');
});
