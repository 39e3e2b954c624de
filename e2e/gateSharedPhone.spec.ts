// A shared gate phone (issue 28, point 1 and 2): the gate's data belongs to the staff account signed in. After a
// sign-out and a visitor's sign-in on the same phone, /staff shows no park of the last account and the scanner
// judges nothing (a typed number of an unused ticket is not admitted); the gate's name and the device id stay
// with the device; an admission made offline before the sign-out reaches the server once, as the gate account.
// Screenshots (390 px, ja and en) go to test-results/gate-shared.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { WalletTicket } from '../common/dto/wallet';
import { tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';
import { startClearOfMidnight } from './support/clock';

const SHOTS = 'test-results/gate-shared';
const GATE = 'gate.asahiyama-zoo@staff.zoopass.jp';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Two vouchers of Asahiyama Zoo for today, bought with coins-free PayPay sandbox approval through the API. */
async function todaysTickets(page: Page, request: APIRequestContext, visitor: ApiUser): Promise<WalletTicket[]> {
  await signInPage(page, visitor);
  const origin = { Origin: new URL(page.url()).origin };
  const add = await page.request.post('/api/v1/carts', {
    data: {
      item_id: await itemIdByName(request, '旭川ラーメン お食事券'),
      date: tokyoDate(),
      quantities: [{ age_group_id: 5, quantity: 2 }],
    },
    headers: origin,
  });
  expect(add.status(), await add.text()).toBe(201);
  const parkId = ((await add.json()) as { meta: { parkId: number } }).meta.parkId;
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: origin,
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto(((await order.json()) as { data: { payment: { url: string } } }).data.payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  const res = await request.get('/api/v1/me/tickets', { headers: bearer(visitor.token) });
  return ((await res.json()) as { data: { tickets: WalletTicket[] } }).data.tickets.sort((a, b) =>
    a.ticketNumber.localeCompare(b.ticketNumber),
  );
}

/** Signs the page in with an access token, as the sign-in page does after its form. */
async function signInAs(page: Page, token: string) {
  const set = await page.request.post('/api/access-token', {
    data: { access_token: token, expires_in: 14 * 86_400 },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(set.status()).toBe(204);
}

test('a shared gate phone never judges with the last account’s data; its name and id stay; its waiting admission is sent as its account', async ({
  page,
  request,
  browser,
}) => {
  await startClearOfMidnight(240_000);
  const visitor = await apiUser(request, { name: '門 試子' });
  const [first, second] = (await todaysTickets(page, request, visitor)) as [WalletTicket, WalletTicket];
  const gate = await apiStaff(request, GATE);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    serviceWorkers: 'allow',
  });
  const p = await phone.newPage();
  await p.goto('/');
  await signInAs(p, gate.token);
  await p.evaluate(() => navigator.serviceWorker.ready);
  await p.goto('/staff');
  await expect(p.getByTestId('staff-park')).toHaveCount(1);
  await expect(p.getByTestId('gate-last-sync')).toContainText('最終同期');
  await p.getByTestId('gate-name').fill('正門3');
  const deviceLine = await p.locator('#gate-name-hint').textContent();
  const parkId = Number(await p.getByTestId('staff-park').getAttribute('data-park-id'));

  // Offline, the gate admits the first ticket by its number: it waits to be sent.
  await p.getByTestId('staff-scan-link').click();
  await phone.setOffline(true);
  await expect(p.getByTestId('gate-scanner')).toBeVisible();
  await p.getByTestId('gate-number').fill(first.ticketNumber);
  await p.getByTestId('gate-number-submit').click();
  await expect(p.getByTestId('gate-verdict')).toHaveAttribute('data-verdict', 'admit');
  await expect(p.getByTestId('gate-waiting')).toHaveAttribute('data-count', '1');
  await p.getByTestId('gate-next').click();

  // Back online, the staff member signs out at once: the admission goes first, as the gate account.
  await phone.setOffline(false);
  await p.goto('/me');
  await p.getByTestId('signout').click();
  await expect(p).not.toHaveURL(/\/me$/);
  const sent = await request.get(`/api/v1/me/tickets/${first.id}`, { headers: bearer(visitor.token) });
  expect(((await sent.json()) as { data: WalletTicket }).data.state).toBe('used');

  // A visitor signs in on the same phone: no park data, and the scanner judges nothing.
  const other = await apiUser(request, { name: '来園 一郎' });
  await signInAs(p, other.token);
  await p.goto('/staff');
  await expect(p.getByTestId('staff-page')).toBeVisible();
  await expect(p.getByText('このアカウントは施設スタッフとして登録されていません')).toBeVisible();
  await expect(p.getByTestId('staff-park')).toHaveCount(0);
  // The gate account's admission is its own: not counted here.
  await expect(p.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0');
  await p.screenshot({ path: `${SHOTS}/01-visitor-staff-page-ja.png`, fullPage: true });
  await p.goto(`/staff/scan?park=${parkId}`);
  await expect(p.getByTestId('gate-not-synced')).toBeVisible();
  await expect(p.getByTestId('gate-number')).toHaveCount(0);
  await expect(p.getByTestId('tab-bar')).toHaveCount(0);
  await p.screenshot({ path: `${SHOTS}/02-visitor-scanner-ja.png`, fullPage: true });
  const unused = await request.get(`/api/v1/me/tickets/${second.id}`, { headers: bearer(visitor.token) });
  expect(((await unused.json()) as { data: WalletTicket }).data.state).not.toBe('used');

  // The gate account again: the device's name and id are the same; after its sync the scanner works.
  await p.goto('/me');
  await p.getByTestId('signout').click();
  await expect(p).not.toHaveURL(/\/me$/);
  // (the sign-out ended the first session on the server: a new sign-in)
  await signInAs(p, (await apiStaff(request, GATE)).token);
  await p.goto('/staff');
  await expect(p.getByTestId('staff-park')).toHaveCount(1);
  await expect(p.getByTestId('gate-name')).toHaveValue('正門3');
  expect(await p.locator('#gate-name-hint').textContent()).toBe(deviceLine);
  await p.getByTestId('staff-scan-link').click();
  await expect(p.getByTestId('gate-scanner')).toBeVisible();
  await p.getByTestId('gate-number').fill(second.ticketNumber);
  await p.getByTestId('gate-number-submit').click();
  const verdict = p.getByTestId('gate-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'admit');
  await expect(p.getByTestId('gate-verdict-second')).toHaveText('Admit');
  await p.screenshot({ path: `${SHOTS}/03-admit-ja.png` });
  await p.getByTestId('gate-next').click();
  await p.getByTestId('gate-number').fill(second.ticketNumber);
  await p.getByTestId('gate-number-submit').click();
  await expect(verdict).toHaveAttribute('data-verdict', 'used');
  await expect(p.getByTestId('gate-verdict-second')).toHaveText('Already used');
  await expect(p.getByTestId('gate-verdict-detail')).toContainText('正門3');
  await p.screenshot({ path: `${SHOTS}/04-used-ja.png` });
  await p.getByTestId('gate-next').click();
  await p.getByTestId('gate-number').fill('ZP000000-000000-99');
  await p.getByTestId('gate-number-submit').click();
  await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
  await expect(p.getByTestId('gate-verdict-ticket')).toContainText('ZP000000-000000-99');
  await p.screenshot({ path: `${SHOTS}/05-invalid-ja.png` });
  // In English, the Japanese line beneath.
  await phone.addCookies([{ name: 'locale', value: 'en', url: new URL(p.url()).origin }]);
  await p.reload();
  await p.getByTestId('gate-number').fill(second.ticketNumber);
  await p.getByTestId('gate-number-submit').click();
  await expect(verdict).toHaveAttribute('data-verdict', 'used');
  await expect(p.getByTestId('gate-verdict-title')).toHaveText('Already used');
  await expect(p.getByTestId('gate-verdict-second')).toHaveText('使用済み');
  await p.screenshot({ path: `${SHOTS}/06-used-en.png` });
  await phone.close();
});

test('two online gates read one ticket within 100 ms: one admits, the other says already used', async ({
  page,
  request,
  browser,
}) => {
  await startClearOfMidnight(240_000);
  const visitor = await apiUser(request, { name: '二門 試子' });
  const [ticket] = (await todaysTickets(page, request, visitor)) as [WalletTicket];
  const phones = await Promise.all(
    ['東門', '西門'].map(async (name) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      const p = await context.newPage();
      await p.goto('/');
      await signInAs(p, (await apiStaff(request, GATE)).token);
      await p.goto('/staff');
      await expect(p.getByTestId('staff-park')).toHaveCount(1);
      await p.getByTestId('gate-name').fill(name);
      await p.getByTestId('staff-scan-link').click();
      await expect(p.getByTestId('gate-scanner')).toBeVisible();
      await p.getByTestId('gate-number').fill(ticket.ticketNumber);
      return { context, p };
    }),
  );
  await Promise.all(phones.map(({ p }) => p.getByTestId('gate-number-submit').click()));
  const verdicts = await Promise.all(
    phones.map(async ({ p }) => {
      const v = p.getByTestId('gate-verdict');
      await expect(v).toBeVisible();
      return v.getAttribute('data-verdict');
    }),
  );
  expect([...verdicts].sort()).toEqual(['admit', 'used']);
  await phones[verdicts.indexOf('used')]?.p.screenshot({ path: `${SHOTS}/07-second-gate-online-ja.png` });
  const server = await request.get(`/api/v1/me/tickets/${ticket.id}`, { headers: bearer(visitor.token) });
  expect(((await server.json()) as { data: WalletTicket }).data.state).toBe('used');
  for (const { context } of phones) await context.close();
});
