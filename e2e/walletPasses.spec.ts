// Issue 32: the ticket page offers "Add to Apple Wallet" (a .pkpass download) and "Save to Google Wallet" (a
// signed save link), in ja and en. 390px screenshots go to test-results/walletPasses.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';
import { startClearOfMidnight } from './support/clock';

const SHOTS = 'test-results/walletPasses';
mkdirSync(SHOTS, { recursive: true });

async function buyAndOpen(page: Page, request: Parameters<typeof apiUser>[0], name: string) {
  const owner = await apiUser(request, { name });
  await signInPage(page, owner);
  const id = await itemIdByName(request, '旭川ラーメン お食事券');
  const origin = { Origin: new URL(page.url()).origin };
  const add = await page.request.post('/api/v1/carts', {
    data: { item_id: id, date: addDays(tokyoDate(), 2), quantities: [{ age_group_id: 5, quantity: 1 }] },
    headers: origin,
  });
  expect(add.status(), await add.text()).toBe(201);
  const parkId = ((await add.json()) as { meta: { parkId: number } }).meta.parkId;
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: origin,
  });
  const payment = ((await order.json()) as { data: { payment: { url: string } } }).data.payment;
  await page.goto(payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  await page.goto('/my-tickets');
  await page.getByTestId('wallet-ticket').locator('a').click();
  await expect(page.getByTestId('ticket-page')).toBeVisible();
}

test('the ticket page adds the ticket to Apple Wallet and saves it to Google Wallet (ja)', async ({
  page,
  request,
}) => {
  await startClearOfMidnight(60_000);
  await buyAndOpen(page, request, '動物 四郎');
  const buttons = page.getByTestId('add-to-wallet');
  await expect(buttons.getByRole('link', { name: 'Apple Wallet に追加' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Google ウォレットに保存' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ticket-ja-390.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await buttons.getByRole('link', { name: 'Apple Wallet に追加' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pkpass$/);
  // The Google link leaves for pay.google.com: caught here, no network.
  await page.route('https://pay.google.com/**', (route) => route.fulfill({ body: 'google' }));
  await buttons.getByRole('button', { name: 'Google ウォレットに保存' }).click();
  await expect(page).toHaveURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
});

test('the same buttons in English', async ({ page, request, context, baseURL }) => {
  await startClearOfMidnight(60_000);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL as string }]);
  await buyAndOpen(page, request, 'Shiro Dobutsu');
  const buttons = page.getByTestId('add-to-wallet');
  await expect(buttons.getByRole('link', { name: 'Add to Apple Wallet' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Save to Google Wallet' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ticket-en-390.png`, fullPage: true });
});
