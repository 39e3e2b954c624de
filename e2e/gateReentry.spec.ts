// Exit and re-entry at the gate, offline (issue 28): an item allowing re-entry (set in the back office), a gate
// phone offline typing ticket numbers admits, lets out in exit mode, admits again; another phone that synced since
// refuses the ticket at its entry while it is inside (「入場中です」 / "Already inside"); a gate set for other items
// refuses a ticket naming its item. /staff shows the park's occupancy. Screenshots (390 px, ja and en) go to
// test-results/gate-reentry.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { WalletTicket } from '../common/dto/wallet';
import { tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';
import { startClearOfMidnight } from './support/clock';

const SHOTS = 'test-results/gate-reentry';
const GATE = 'gate.asahiyama-zoo@staff.zoopass.jp';
const OWNER = 'office@staff.zoopass.jp';
const VOUCHER = '旭川ラーメン お食事券';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Two vouchers of Asahiyama Zoo for today, paid in the PayPay sandbox. */
async function todaysTickets(page: Page, request: APIRequestContext, visitor: ApiUser, item: number) {
  await signInPage(page, visitor);
  const origin = { Origin: new URL(page.url()).origin };
  const add = await page.request.post('/api/v1/carts', {
    data: { item_id: item, date: tokyoDate(), quantities: [{ age_group_id: 5, quantity: 2 }] },
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
  const tickets = ((await res.json()) as { data: { tickets: WalletTicket[] } }).data.tickets;
  return { parkId, tickets: tickets.sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber)) };
}

/** A gate phone signed in as the gate account, synced at /staff. */
async function gatePhone(browser: import('@playwright/test').Browser, baseURL: string, name: string, language: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: language === 'en' ? 'en-US' : 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    serviceWorkers: 'allow',
  });
  await context.addCookies([{ name: 'locale', value: language, url: baseURL }]);
  const p = await context.newPage();
  await p.goto('/');
  const gate = await apiStaff(p.request, GATE);
  const set = await p.request.post('/api/access-token', {
    data: { access_token: gate.token, expires_in: 14 * 86_400 },
    headers: { Origin: new URL(p.url()).origin },
  });
  expect(set.status()).toBe(204);
  await p.evaluate(() => navigator.serviceWorker.ready);
  await p.goto('/staff');
  await expect(p.getByTestId('staff-park')).toHaveCount(1);
  await expect(p.getByTestId('gate-last-sync')).toContainText(language === 'en' ? 'Last sync' : '最終同期');
  await p.getByTestId('gate-name').fill(name);
  return { context, p };
}

async function typeNumber(p: Page, number: string) {
  const next = p.getByTestId('gate-next');
  if (await next.isVisible()) await next.click();
  await p.getByTestId('gate-number').fill(number);
  await p.getByTestId('gate-number-submit').click();
  return p.getByTestId('gate-verdict');
}

test('exit then re-entry offline; re-entry refused at another entry while inside; a gate for other items refuses', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await startClearOfMidnight(240_000);
  const voucher = await itemIdByName(request, VOUCHER);
  const owner = await apiStaff(request, OWNER);
  const visitor = await apiUser(request, { name: '再入 試子' });
  const { parkId, tickets } = await todaysTickets(page, request, visitor, voucher);
  const [first, second] = tickets as [WalletTicket, WalletTicket];
  // The park allows re-entry with this item (back office item form), three entries in all.
  const itemUrl = `/api/v1/staff/parks/${parkId}/items/${voucher}`;
  const on = await request.put(itemUrl, { headers: bearer(owner.token), data: { reentry: true, max_entries: 3 } });
  expect(on.status(), await on.text()).toBe(200);
  try {
    const a = await gatePhone(browser, baseURL as string, '北門', 'ja');
    const b = await gatePhone(browser, baseURL as string, 'South gate', 'en');

    // Phone A, offline: entry, exit, entry again (typed numbers).
    await a.p.getByTestId('staff-scan-link').click();
    await expect(a.p.getByTestId('gate-scanner')).toBeVisible();
    await a.context.setOffline(true);
    await expect(a.p.getByTestId('gate-mode')).toHaveAttribute('data-mode', 'in');
    const va = await typeNumber(a.p, first.ticketNumber);
    await expect(va).toHaveAttribute('data-verdict', 'admit');
    await expect(a.p.getByTestId('gate-verdict-mode')).toHaveText('入場ゲート');
    await a.p.screenshot({ path: `${SHOTS}/01-entry-ja.png` });
    await a.p.getByTestId('gate-next').click();
    await a.p.getByTestId('gate-mode-out').click();
    await expect(a.p.getByTestId('gate-mode')).toHaveAttribute('data-mode', 'out');
    await a.p.screenshot({ path: `${SHOTS}/02-exit-mode-ja.png`, fullPage: true });
    await typeNumber(a.p, first.ticketNumber);
    await expect(va).toHaveAttribute('data-verdict', 'exit');
    await expect(a.p.getByTestId('gate-verdict-title')).toHaveText('退場');
    await expect(a.p.getByTestId('gate-verdict-second')).toHaveText('Exit');
    await expect(a.p.getByTestId('gate-verdict-mode')).toHaveText('退場ゲート');
    await a.p.screenshot({ path: `${SHOTS}/03-exit-ja.png` });
    // Out already: a second exit is refused (as far as the device knows).
    await typeNumber(a.p, first.ticketNumber);
    await expect(va).toHaveAttribute('data-verdict', 'invalid');
    await expect(a.p.getByTestId('gate-verdict-detail')).toHaveAttribute('data-reason', 'notInside');
    await a.p.getByTestId('gate-next').click();
    await a.p.getByTestId('gate-mode-in').click();
    await typeNumber(a.p, first.ticketNumber);
    await expect(va).toHaveAttribute('data-verdict', 'admit');
    await expect(a.p.getByTestId('gate-verdict-detail')).toContainText('再入場');
    await a.p.screenshot({ path: `${SHOTS}/04-reentry-ja.png` });
    // Inside now: this phone refuses another entry too.
    await typeNumber(a.p, first.ticketNumber);
    await expect(va).toHaveAttribute('data-verdict', 'used');
    await expect(a.p.getByTestId('gate-verdict-title')).toHaveText('入場中です');
    await expect(a.p.getByTestId('gate-verdict-ticket')).toContainText(first.ticketNumber);
    await a.p.screenshot({ path: `${SHOTS}/05-inside-ja.png` });
    await a.p.getByTestId('gate-next').click();

    // Back online, A's three acts reach the server once each; B syncs, goes offline, and refuses the ticket inside.
    await a.context.setOffline(false);
    await expect(a.p.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
    const day = await request.get(`/api/v1/staff/parks/${parkId}/tickets?date=${tokyoDate()}&limit=5000`, {
      headers: bearer((await apiStaff(request, GATE)).token),
    });
    const listed = ((await day.json()) as { data: { tickets: { id: string; inside: boolean; entries: number }[] } })
      .data.tickets;
    expect(listed.find((t) => t.id === first.id)).toMatchObject({ inside: true, entries: 2 });
    await b.p.getByTestId('gate-sync').click();
    await expect(b.p.getByTestId('gate-sync')).toBeEnabled();
    await expect(b.p.getByTestId('staff-occupancy').first()).toBeVisible();
    await b.p.screenshot({ path: `${SHOTS}/06-staff-occupancy-en.png`, fullPage: true });
    await b.p.getByTestId('staff-scan-link').click();
    await expect(b.p.getByTestId('gate-scanner')).toBeVisible();
    await b.context.setOffline(true);
    const vb = await typeNumber(b.p, first.ticketNumber);
    await expect(vb).toHaveAttribute('data-verdict', 'used');
    await expect(b.p.getByTestId('gate-verdict-title')).toHaveText('Already inside');
    await expect(b.p.getByTestId('gate-verdict-second')).toHaveText('入場中です');
    await expect(b.p.getByTestId('gate-verdict-ticket')).toContainText(first.ticketNumber);
    await b.p.screenshot({ path: `${SHOTS}/07-inside-en.png` });
    await b.p.getByTestId('gate-next').click();

    // Phone B's gate admits another item only: the second ticket (the voucher) is refused, naming its item.
    await b.context.setOffline(false);
    await b.p.goto('/staff');
    await b.p.getByTestId('gate-items').locator('summary').click();
    const other = b.p.locator(`[data-testid="gate-item"]:not([data-item-id="${voucher}"])`).first();
    await other.check();
    await b.p.screenshot({ path: `${SHOTS}/08-gate-items-en.png`, fullPage: true });
    await b.p.getByTestId('staff-scan-link').click();
    await b.context.setOffline(true);
    await typeNumber(b.p, second.ticketNumber);
    await expect(vb).toHaveAttribute('data-verdict', 'invalid');
    await expect(b.p.getByTestId('gate-verdict-detail')).toHaveAttribute('data-reason', 'otherItem');
    await expect(b.p.getByTestId('gate-verdict-detail')).toContainText('not admitted at this gate');
    await b.p.screenshot({ path: `${SHOTS}/09-other-item-en.png` });
    await a.context.close();
    await b.context.close();

    // The back office (owner): the item's re-entry rule, the park's slot window, the day's occupancy; ja and en.
    for (const language of ['ja', 'en']) {
      const office = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      await office.addCookies([{ name: 'locale', value: language, url: baseURL as string }]);
      const o = await office.newPage();
      await o.goto('/');
      const set = await o.request.post('/api/access-token', {
        data: { access_token: (await apiStaff(o.request, OWNER)).token, expires_in: 86_400 },
        headers: { Origin: new URL(o.url()).origin },
      });
      expect(set.status()).toBe(204);
      await o.goto(`/staff/office/${parkId}/items`);
      await o
        .getByTestId('office-item')
        .filter({ hasText: language === 'ja' ? VOUCHER : 'ramen' })
        .click();
      await expect(o.getByTestId('item-reentry')).toBeChecked();
      await expect(o.locator('#item-max-entries')).toHaveValue('3');
      await o.getByTestId('item-reentry').scrollIntoViewIfNeeded();
      await o.screenshot({ path: `${SHOTS}/10-item-reentry-${language}.png` });
      await o.goto(`/staff/office/${parkId}/profile`);
      await expect(o.locator('#profile-gate_slot_before_minutes')).toHaveValue('15');
      await o.locator('#profile-gate_slot_before_minutes').scrollIntoViewIfNeeded();
      await o.screenshot({ path: `${SHOTS}/11-slot-window-${language}.png` });
      await o.goto(`/staff/office/${parkId}/reports`);
      await expect(o.getByTestId('report-occupancy')).toContainText(
        language === 'ja' ? '入退場と場内人数' : 'Entries, exits',
      );
      await o.getByTestId('report-occupancy').scrollIntoViewIfNeeded();
      await o.screenshot({ path: `${SHOTS}/12-report-occupancy-${language}.png` });
      // The report's tables can be wider than a phone (park 1's in English were): their scrolling regions take the
      // keyboard's focus, whether they overflow today or not.
      for (const wrap of await o.locator('.office-table-wrap').all())
        await expect(wrap).toHaveAttribute('tabindex', '0');
      const axe = await new AxeBuilder({ page: o }).analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await office.close();
    }
  } finally {
    await request.put(itemUrl, { headers: bearer(owner.token), data: { reentry: false, max_entries: null } });
  }
});
