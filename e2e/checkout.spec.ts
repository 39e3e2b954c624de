// Cart, checkout and payment end to end, against the payment sandboxes: a guest's timed ticket moves to the account
// on sign-in, advance information (names, photos) survives a reload, a coupon and coins lower the total, a card
// pays through the 3-D Secure challenge; a declined card and a failed challenge land on /payment/error; coins pay a
// quick buy in full; PayPay approves; a registered card pays an annual pass with a face photo. Every page is
// photographed at 390px into /tmp/shots.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { message } from '../common/messages';
import { addDays, tokyoDate } from '../common/time';
import { apiUser, PASSWORD, signInPage } from './support/accounts';
import { runJobsAt } from './support/jobs';

/** Runs the server's background jobs as if at a given time (e2e/support/serve.ts). */
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

// Routes answered by the page are intercepted below; a service worker would answer some of them itself.
test.use({ serviceWorkers: 'block' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

// ---------------------------------------------------------------------------------------------
// Accounts: made through the API (e2e/support/accounts.ts); signing in through the form

async function signInWithEmail(page: Page, email: string) {
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('私はロボットではありません').check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

// ---------------------------------------------------------------------------------------------
// Catalogue helpers

/** An id of a seeded item by name (and park), from the public search. */
async function itemId(request: APIRequestContext, match: (i: { name: string; park: { id: number } }) => boolean) {
  const res = await request.get('/api/v1/items?tab=available&per_page=100');
  const items = ((await res.json()) as { data: { id: number; name: string; park: { id: number } }[] }).data;
  const found = items.find(match);
  expect(found, 'seeded item').toBeTruthy();
  return found?.id as number;
}

/** A day (and slot) at least a week ahead with room for `people`. */
async function availableDay(request: APIRequestContext, id: number, people: number, skip = 0) {
  const from = addDays(tokyoDate(), 7);
  const res = await request.get(`/api/v1/items/${id}/availability?from=${from}&to=${addDays(from, 50)}`);
  const days = (
    (await res.json()) as {
      data: {
        date: string;
        status: string;
        remaining: number;
        slots: { timeSlotId: number | null; remaining: number }[];
      }[];
    }
  ).data;
  const ok = days
    .filter((d) => d.status === 'available' || d.status === 'few')
    .flatMap((d) => d.slots.filter((s) => s.remaining >= people).map((s) => ({ date: d.date, slotId: s.timeSlotId })));
  const pick = ok[skip % Math.max(1, ok.length)];
  expect(pick, 'an available day').toBeTruthy();
  return pick as { date: string; slotId: number | null };
}

/** Adds a line through the page's own session (cookie), like the purchase panel does. */
async function addLine(page: Page, body: Record<string, unknown>) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/v1/carts', { data: body, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { meta: { parkId: number } }).meta.parkId;
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

async function fillCard(page: Page, number: string) {
  await page.getByLabel('カード番号').fill(number);
  await page.getByLabel('カード名義').fill('HANAKO DOBUTSU');
  await page.getByLabel('有効期限（MM/YY）').fill('12/30');
  await page.getByLabel('セキュリティコード').fill('123');
}

/** From the cart to the final confirmation of a park (items without advance information skip that step). */
async function toPayment(page: Page) {
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  await expect(page.getByTestId('pay-button')).toBeVisible();
}

async function acceptTerms(page: Page) {
  await page.getByTestId('terms-choice').getByText('同意する', { exact: true }).click();
}

// ---------------------------------------------------------------------------------------------

test('a guest adds a timed ticket, signs in, fills advance information, uses a coupon and coins, pays by card with 3-D Secure', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await apiUser(request, { profile: 'phone' });
  const id = await itemId(request, (i) => i.name === 'エゾシカの餌やり体験');

  // The item page: a day from the calendar, a time slot, two adults.
  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  await expect(panel.getByTestId('availability-calendar')).toBeVisible();
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').first().click();
  await expect(panel.getByTestId('picked-date')).toBeVisible();
  await panel.getByTestId('add-to-cart').click();
  await expect(panel.getByTestId('purchase-problem')).toHaveText(message('timeSlotRequired', 'ja'));
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').first().click();
  const adults = panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' });
  await adults.click();
  await adults.click();
  await expect(panel.getByTestId('purchase-total')).toHaveText('600円');
  await panel.screenshot({ path: `${SHOTS}/01-item-purchase-panel.png` });
  await panel.getByTestId('add-to-cart').click();
  await panel.getByTestId('go-to-cart').click();

  // The guest's cart: the line, its countdown, the subtotal.
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('hold-countdown')).toContainText(/残り\s*1[0-5]分\d\d秒/);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('600円');
  await shot(page, '02-cart-guest');

  // Sign in: the cart moves to the account and the checkout goes on.
  await page.getByTestId('cart-signin').click();
  await signInWithEmail(page, user.email);
  await expect(page).toHaveURL(/\/cart\/\d+\/add-info$/);
  const tickets = page.getByTestId('add-info-ticket');
  await expect(tickets).toHaveCount(2);

  // Nothing filled in: the spec's message; a character outside Shift-JIS; a PNG as gate photo.
  await page.getByTestId('add-info-next').click();
  await expect(page.getByTestId('checkout-message')).toHaveText(message('advanceInfoIncomplete', 'ja'));
  await shot(page, '03-add-info-incomplete');
  await tickets.nth(0).getByTestId('text-name').fill('動物 好子');
  await tickets.nth(1).getByTestId('text-name').fill('動物 ①');
  await page.getByTestId('add-info-next').click();
  await expect(tickets.nth(1).locator('.field-error')).toContainText('使用できない文字');
  await tickets.nth(1).getByTestId('text-name').fill('動物 太郎');
  await tickets
    .nth(0)
    .getByTestId('photo-gate_photo')
    .setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });
  await expect(tickets.nth(0).locator('.field-error')).toHaveText(message('gatePhotoType', 'ja'));
  await tickets
    .nth(0)
    .getByTestId('photo-gate_photo')
    .setInputFiles({ name: 'gate.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(tickets.nth(0).getByText('写真を登録しました')).toBeVisible();

  // The form survives a reload.
  await page.reload();
  await expect(tickets.nth(0).getByTestId('text-name')).toHaveValue('動物 好子');
  await expect(tickets.nth(1).getByTestId('text-name')).toHaveValue('動物 太郎');
  await expect(tickets.nth(0).getByText('写真を登録しました')).toBeVisible();
  await shot(page, '04-add-info-filled');
  await page.getByTestId('add-info-next').click();

  // Final confirmation: the missing profile fields, coupons (not combinable), coins, totals, terms.
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  const profile = page.getByTestId('payment-profile-form');
  await expect(profile).toBeVisible();
  await profile.getByLabel('生年月日').fill('1990-04-01');
  await profile.getByLabel('お住まいの都道府県').selectOption({ label: '東京都' });
  await profile.getByTestId('payment-profile-save').click();
  await expect(profile).toHaveCount(0);
  const coupons = page.getByTestId('coupon-picker');
  await coupons.getByText('ファミリー応援').click();
  await coupons.getByText('体験イベント 500円引き').click();
  await expect(page.getByTestId('totals-refusal')).toHaveText(message('couponsNotCombinable', 'ja'));
  await coupons.getByText('体験イベント 500円引き').click();
  await expect(page.getByTestId('coins-owned')).toContainText('500');
  await page.getByTestId('coins-input').fill('600');
  await expect(page.getByTestId('totals-refusal')).toHaveText(message('coinsExceedOwned', 'ja', { owned: 500 }));
  await page.getByTestId('coins-input').fill('100');
  await expect(page.getByTestId('totals-subtotal')).toHaveText('600円');
  await expect(page.getByTestId('totals-coupon')).toHaveText('−400円');
  await expect(page.getByTestId('totals-coins')).toHaveText('−100円');
  await expect(page.getByTestId('totals-total')).toHaveText('100円');
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-message')).toHaveText(message('agreementRequired', 'ja'));
  await acceptTerms(page);
  await shot(page, '05-payment');
  await page.getByTestId('pay-button').click();

  // The card: the form's rules, then a 3-D Secure card through the sandbox challenge.
  await expect(page).toHaveURL(/\/cart\/\d+\/payment\/credit-card$/);
  await expect(page.getByTestId('card-totals').getByTestId('totals-total')).toHaveText('100円');
  await page.getByTestId('card-pay').click();
  await expect(page.getByText(message('cardNumberRequired', 'ja'))).toBeVisible();
  await page.getByLabel('有効期限（MM/YY）').fill('13/30');
  await expect(page.getByText(message('cardExpiryInvalid', 'ja'))).toBeVisible();
  await fillCard(page, '4000 0000 0000 3220');
  await shot(page, '06-credit-card');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/gmo\/challenge\//);
  await shot(page, '07-3ds-challenge');
  await page.getByRole('button', { name: /Approve/ }).click();

  // Back through the callback to the completion page.
  await expect(page).toHaveURL(/\/cart\/\d+\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  const done = page.getByTestId('payment-completed');
  await expect(done.getByTestId('application-number')).toHaveText(/^ZP\d{6}-\d{6}$/);
  await expect(done.getByTestId('order-line')).toContainText('エゾシカの餌やり体験');
  await expect(done.getByTestId('amount-paid')).toHaveText('100円');
  await expect(done.getByTestId('completed-method')).toHaveText('クレジットカード');
  await expect(done.getByTestId('totals-coupon')).toHaveText('−400円');
  await shot(page, '08-completed');
  await expect(done.getByTestId('to-my-tickets')).toHaveAttribute('href', '/my-tickets');

  // The cart is empty now; the coins and coupons pages show what happened.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toHaveText(new RegExp(message('cartEmpty', 'ja')));
  await shot(page, '09-cart-empty');
  await page.goto('/me/wallet/histories');
  const history = page.getByTestId('coin-history');
  await expect(history.getByTestId('coin-entry').filter({ hasText: 'お支払いに利用' })).toContainText('−100');
  await expect(history.getByTestId('coin-entry').filter({ hasText: '新規登録プレゼント' })).toContainText('+500');
  await shot(page, '10-coin-history');
  await page.goto('/me/my-coupon');
  const family = page.getByTestId('coupon').filter({ hasText: 'ファミリー応援' });
  await expect(family).toContainText('残り利用回数：1回');
  await expect(page.getByTestId('coupon').filter({ hasText: '2025年秋' }).getByTestId('coupon-status')).toHaveText(
    '期限切れ',
  );
  await shot(page, '11-coupons');
});

test('a declined card and a failed 3-D Secure challenge land on /payment/error; the cart keeps the tickets', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name === '仙台うみの杜水族館 入館券');
  const day = await availableDay(request, id, 1);
  await addLine(page, { item_id: id, date: day.date, quantities: [{ age_group_id: 5, quantity: 1 }] });

  await toPayment(page);
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await fillCard(page, '4000000000000002');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment\/error\?reason=card_declined/);
  await expect(page.getByTestId('payment-error-message')).toHaveText(message('paymentCardDeclined', 'ja'));
  await shot(page, '12-payment-error-declined');

  await page.getByTestId('back-to-cart').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('cart-proceed').click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByTestId('pay-button').click();
  await fillCard(page, '4000000000003220');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/gmo\/challenge\//);
  await page.getByRole('button', { name: /Fail authentication/ }).click();
  await expect(page).toHaveURL(/\/payment\/error\?reason=three_ds_failed/, { timeout: 30_000 });
  await expect(page.getByTestId('payment-error-message')).toHaveText(message('payment3dsFailed', 'ja'));
  await shot(page, '13-payment-error-3ds');

  // Nothing was charged and the ticket stays held until the hold's deadline; past it, the job releases the place
  // and the cart says so once.
  const remaining = async () =>
    (
      (await (await request.get(`/api/v1/items/${id}/availability?from=${day.date}&to=${day.date}`)).json()) as {
        data: { remaining: number }[];
      }
    ).data[0]?.remaining;
  const held = await remaining();
  await runJobsAt(request, new Date(Date.now() + 31 * 60_000));
  expect(await remaining()).toBe((held as number) + 1);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(
    page.locator('.toast-item').filter({
      hasText: message('holdExpiredNotice', 'ja', { name: '仙台うみの杜水族館 入館券' }),
    }),
  ).toBeVisible();
  await shot(page, '13b-hold-expired');
});

test('a ticket pack: date and number of packs on its page, bought now by card', async ({ page, request }) => {
  const user = await apiUser(request);
  await signInPage(page, user);
  const packs = (
    (await (await request.get('/api/v1/ticket-packs?per_page=50')).json()) as {
      data: { id: number; name: string; applicationOpen: boolean }[];
    }
  ).data;
  const pack = packs.find((p) => p.applicationOpen && p.name.includes('ラーメン'));
  expect(pack, 'an open seeded pack').toBeTruthy();
  await page.goto(`/ticket-pack/${pack?.id}`);
  await expect(page.getByTestId('buy-now')).toBeDisabled();
  await page.getByTestId('pack-date').selectOption({ index: 8 });
  await page.getByTestId('pack-total').fill('2');
  await shot(page, '14-pack-page');
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/cart\/\d+\/(add-info|payment)\?quick=\d+/);
  await expect(page.getByTestId('pay-button')).toBeVisible();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await fillCard(page, '4111111111111111');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed/, { timeout: 30_000 });
  const done = page.getByTestId('payment-completed');
  await expect(done).toContainText(pack?.name as string);
  await shot(page, '15-pack-completed');
});

test('a free ticket (an infant admission) completes with nothing to pay, without the payment profile', async ({
  page,
  request,
}) => {
  const user = await apiUser(request, { profile: 'phone' });
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name === '旭川市旭山動物園 入園券');
  const day = await availableDay(request, id, 1);
  const parkId = await addLine(page, { item_id: id, date: day.date, quantities: [{ age_group_id: 1, quantity: 1 }] });
  await toPayment(page);
  await expect(page.getByTestId('totals-total')).toHaveText('0円');
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(new RegExp(`/cart/${parkId}/payment-completed`));
  const done = page.getByTestId('payment-completed');
  await expect(done.getByTestId('completed-method')).toHaveText('無料');
  await expect(done.getByTestId('amount-paid')).toHaveText('0円');
  await shot(page, '13c-free-completed');
});

test('buy now in English: coins pay a quick buy in full', async ({ page, request, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL as string }]);
  const user = await apiUser(request, { profile: 'phone' });
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name.startsWith('うみの杜 謎解きミッション'));
  // Something else already in the same park's cart: the quick buy pays for its own line only.
  const other = await itemId(request, (i) => i.name === '仙台うみの杜水族館 入館券');
  const otherDay = await availableDay(request, other, 1);
  await addLine(page, { item_id: other, date: otherDay.date, quantities: [{ age_group_id: 5, quantity: 1 }] });

  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').first().click();
  await panel.getByTestId('quantity-choices').getByRole('button', { name: 'One more: Elementary school' }).click();
  await panel.getByTestId('buy-now').click();

  // No advance information for this ticket: straight to the confirmation of that line only.
  await expect(page).toHaveURL(/\/cart\/\d+\/payment\?quick=\d+$/);
  await expect(page.getByTestId('confirm-line')).toHaveCount(1);
  await expect(page.getByTestId('confirm-line')).toContainText('Umino-Mori puzzle mission');
  await page.getByRole('button', { name: 'Use all' }).click();
  await expect(page.getByTestId('totals-total')).toHaveText('¥0');
  await expect(page.getByTestId('method-choices')).toHaveText('Coins (nothing to pay)');
  // Nothing to pay: the profile form is not needed.
  await expect(page.getByTestId('payment-profile-form')).toHaveCount(0);
  await page.getByTestId('terms-choice').getByText('I accept', { exact: true }).click();
  await shot(page, '14-payment-coins-en');
  await page.getByTestId('pay-button').click();

  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/);
  await expect(page.getByTestId('amount-paid')).toHaveText('¥0');
  await expect(page.getByTestId('completed-method')).toHaveText('Coins (nothing to pay)');
  await shot(page, '15-completed-coins-en');
  // The other line is still in the cart.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Sendai Umino-Mori Aquarium admission ticket');
});

test('PayPay: the sandbox approval page, then the return page, then completion', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name === '仙台うみの杜水族館 入館券');
  const day = await availableDay(request, id, 2, 3);
  await addLine(page, { item_id: id, date: day.date, quantities: [{ age_group_id: 5, quantity: 2 }] });

  await toPayment(page);
  await page.getByTestId('method-choices').getByText('PayPay').click();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/paypay\//);
  await shot(page, '16-paypay-sandbox');
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('completed-method')).toHaveText('PayPay');
  await expect(page.getByTestId('amount-paid')).not.toHaveText('0円');
  await shot(page, '17-completed-paypay');
});

test('a payment left at the PayPay page freezes the cart until it is completed or cancelled from the cart', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name === '仙台うみの杜水族館 入館券');
  const day = await availableDay(request, id, 1, 5);
  await addLine(page, { item_id: id, date: day.date, quantities: [{ age_group_id: 5, quantity: 1 }] });
  await toPayment(page);
  await page.getByTestId('method-choices').getByText('PayPay').click();
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/paypay\//);
  // The visitor leaves the approval page for the cart instead.
  await page.goto('/cart');
  const notice = page.getByTestId('cart-in-payment');
  await expect(notice).toContainText('お支払い手続き中');
  await expect(page.getByTestId('cart-proceed')).toHaveCount(0);
  await notice.getByRole('button', { name: 'お支払いを取り消す' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('cart-proceed')).toBeVisible();
});

test('a registered card pays an annual pass with a face photo; cards are listed, made default and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await apiUser(request);
  await signInPage(page, user);

  // Register a card: tokenised in the browser, listed with brand, last 4 digits and expiry.
  await page.goto('/me/settings/registered-credit-card');
  await expect(page.getByTestId('cards-empty')).toBeVisible();
  await page.getByTestId('add-card').click();
  await expect(page).toHaveURL(/\/me\/settings\/register-card$/);
  await page.getByTestId('register-card-submit').click();
  await expect(page.getByText(message('cardHolderRequired', 'ja'))).toBeVisible();
  await fillCard(page, '4111111111111111');
  await shot(page, '18-register-card');
  await page.getByTestId('register-card-submit').click();
  await expect(page).toHaveURL(/\/me\/settings\/registered-credit-card$/);
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  await expect(page.getByTestId('card-row')).toContainText('VISA');
  await expect(page.getByTestId('card-row')).toContainText('1111');
  await expect(page.getByTestId('card-row').locator('.badge')).toHaveText('いつものカード');
  // A second card, made the default, then deleted.
  await page.getByTestId('add-card').click();
  await fillCard(page, '5555555555554444');
  await page.getByLabel('いつものカードにする').uncheck();
  await page.getByTestId('register-card-submit').click();
  const master = page.getByTestId('card-row').filter({ hasText: '4444' });
  await expect(master.locator('.badge')).toHaveCount(0);
  await master.getByRole('button', { name: 'いつものカードにする' }).click();
  await expect(master.locator('.badge')).toHaveText('いつものカード');
  await shot(page, '19-registered-cards');
  await master.getByRole('button', { name: '削除', exact: true }).click();
  await master.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByTestId('card-row')).toHaveCount(1);

  // An annual pass asks a name and a face photo per person.
  const pass = await itemId(request, (i) => i.name === '年間パスポート' && i.park.id === 3);
  const day = await availableDay(request, pass, 1);
  await addLine(page, { item_id: pass, date: day.date, quantities: [{ age_group_id: 5, quantity: 1 }] });
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').click();
  await expect(page).toHaveURL(/\/add-info$/);
  await page.getByTestId('text-name').fill('動物 好子');
  await page.getByTestId('add-info-next').click();
  await expect(page.getByTestId('checkout-message')).toHaveText(message('advanceInfoIncomplete', 'ja'));
  await page.getByTestId('photo-face_photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('写真を登録しました')).toBeVisible();
  await page.getByTestId('add-info-next').click();
  await expect(page).toHaveURL(/\/payment$/);
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();

  // The registered (default) card is preselected: paid without a challenge.
  await expect(page.getByTestId('registered-card')).toBeChecked();
  await shot(page, '20-credit-card-registered');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('order-line')).toContainText('年間パスポート');
});

test('seats: chosen on the seat map for each person, kept on the cart line', async ({ page, request }) => {
  const user = await apiUser(request, { profile: 'phone' });
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name === 'イルカ・アシカパフォーマンス 指定席');
  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').nth(2).click();
  await panel.getByTestId('slot-choices').locator('label:has(input:enabled)').last().click();
  const adults = panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' });
  await adults.click();
  await adults.click();
  await panel.getByTestId('add-to-cart').click();

  await expect(page).toHaveURL(/\/custom\/seat_reservation\?mode=cart$/);
  const map = page.getByTestId('seat-map');
  const free = map.locator('button.seat:enabled');
  const first = await free.nth(0).getAttribute('data-seat');
  const second = await free.nth(1).getAttribute('data-seat');
  await page.getByTestId('seat-add-to-cart').click();
  await expect(page.getByText(message('seatCountMismatch', 'ja', { count: 2 }))).toBeVisible();
  await map.locator(`[data-seat="${first}"]`).click();
  await map.locator(`[data-seat="${second}"]`).click();
  // Two people, two seats: the others cannot be chosen now.
  await expect(map.locator('button.seat:not(.seat--taken):not(.seat--chosen)').first()).toBeDisabled();
  await shot(page, '22-seat-reservation');
  await page.getByTestId('seat-add-to-cart').click();
  await page.getByTestId('go-to-cart').click();
  await expect(page.getByTestId('cart-line')).toContainText(`座席：${first}, ${second}`);
  await shot(page, '23-cart-seats');
});

test('a signed-in user without a phone number is told to register one', async ({ page, request }) => {
  const user = await apiUser(request, { profile: 'none' });
  await signInPage(page, user);
  const id = await itemId(request, (i) => i.name === '仙台うみの杜水族館 入館券');
  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  await panel.getByTestId('next-month').click();
  await panel.locator('.avail-day--available:enabled, .avail-day--few:enabled').first().click();
  await panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' }).click();
  await panel.getByTestId('add-to-cart').click();
  await expect(panel.getByTestId('purchase-result')).toContainText(message('phoneRequired', 'ja'));
  await expect(panel.getByTestId('phone-settings-link')).toHaveAttribute('href', '/me/settings/account-infomation');
});

test('cart steps entered without browser history go to the top page', async ({ page }) => {
  await page.goto('/cart/3/payment');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/cart/3/add-info');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/cart/3/payment/credit-card');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/payment/error?reason=remainingExceeded');
  await expect(page.getByTestId('payment-error-message')).toHaveText(message('remainingExceeded', 'ja'));
  await shot(page, '21-payment-error-remaining');
});
