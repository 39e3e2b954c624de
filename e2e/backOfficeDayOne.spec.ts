// Issue 26: a park's office on its first day in the back office, as the seeded staff of Ueno Zoo use it
// (owner.ueno-zoo@staff.zoopass.jp and finance.…): the home says whether the park requires two-factor sign-in and
// whether the member has it; finance opens an order at 390 px (the cards stack, nothing is wider than the screen),
// reads why the visitor cannot cancel, and refunds the whole order after a closure with a reason; the owner changes
// a member's role and reads the audit trail filtered by that member and by orders; an editor sets a closure from one
// day to another and the park's English texts on the profile page (a bad website address is refused, named);
// the item list shows sales and use period. Screenshots at 390 px (ja and en; 1280 px in ja for the wider pages)
// into screenshots-office-day-one/.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';

const SHOTS = 'screenshots-office-day-one';
mkdirSync(SHOTS, { recursive: true });
const SLUG = 'ueno-zoo';
const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });

const staffUser = (request: APIRequestContext, role: 'owner' | 'editor' | 'finance') =>
  apiStaff(request, `${role}.${SLUG}@staff.zoopass.jp`);

async function parkId(request: APIRequestContext): Promise<number> {
  const parks = (
    (await (await request.get('/api/v1/parks?per_page=100')).json()) as {
      data: { id: number; slug: string }[];
    }
  ).data;
  return parks.find((p) => p.slug === SLUG)?.id as number;
}

/** Buys two adult places of an item of the park on its first open day, by card: the order's id. */
async function buyTwo(request: APIRequestContext, visitor: ApiUser, park: number): Promise<number> {
  const items = (
    (await (await request.get(`/api/v1/items?tab=all&per_page=100&park_id=${park}`)).json()) as {
      data: { id: number; category: number }[];
    }
  ).data;
  const from = addDays(tokyoDate(), 3);
  for (const item of items) {
    const res = await request.get(`/api/v1/items/${item.id}/availability?from=${from}&to=${addDays(from, 20)}`);
    if (res.status() !== 200) continue;
    const days = (
      (await res.json()) as {
        data: { date: string; status: string; slots: { timeSlotId: number | null }[] }[];
      }
    ).data;
    const day = days.find((d) => d.status === 'available');
    if (!day) continue;
    const add = await request.post('/api/v1/carts', {
      headers: auth(visitor),
      data: {
        item_id: item.id,
        date: day.date,
        ...(day.slots[0]?.timeSlotId ? { time_slot_id: day.slots[0].timeSlotId } : {}),
        quantities: [{ age_group_id: 5, quantity: 2 }],
      },
    });
    if (add.status() !== 201) continue;
    const cart = (
      (await (await request.get(`/api/v1/carts/${park}`, { headers: auth(visitor) })).json()) as {
        data: { lines: { id: number; people: number }[] };
      }
    ).data;
    for (const line of cart.lines) {
      const names = Array.from({ length: line.people }, (_, i) => ({ name: `上野 ${i + 1}郎`, gate_photo: null }));
      await request.put('/api/v1/carts', {
        headers: auth(visitor),
        data: { data: { lines: [{ id: line.id, advance_info: { tickets: names } }] } },
      });
    }
    const token = (
      (await (
        await request.post('/sandbox/gmo/token', {
          data: { cardno: '4111111111111111', expire: '12/30', securitycode: '123', holdername: 'TARO UENO' },
        })
      ).json()) as { tokenObject: { token: string[] } }
    ).tokenObject.token[0];
    const order = await request.post('/api/v1/orders', {
      headers: auth(visitor),
      data: { park_id: park, payment_method: 1, agreement: true, card_token: token },
    });
    expect(order.status(), await order.text()).toBe(201);
    return ((await order.json()) as { data: { orderId: number } }).data.orderId;
  }
  throw new Error('no item of the park could be bought');
}

/** Nothing on the page reaches past the viewport's right edge (no sideways scrolling at phone width). */
async function expectNothingWider(page: Page) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && Math.round(r.right) > width;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 5) };
  });
  expect(wide.out, JSON.stringify(wide)).toEqual([]);
  expect(wide.scroll).toBeLessThanOrEqual(wide.width);
}

/** The page at 390 px in ja and en (and 1280 px in ja when asked), into SHOTS, after `ready` shows. */
async function photograph(browser: Browser, user: ApiUser, name: string, path: string, ready: string, wide = false) {
  const runs: [string, number][] = [['ja', 390], ['en', 390], ...(wide ? ([['ja', 1280]] as [string, number][]) : [])];
  for (const [lang, width] of runs) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      locale: lang === 'en' ? 'en-GB' : 'ja-JP',
      timezoneId: 'Asia/Tokyo',
    });
    if (lang === 'en') {
      await context.addCookies([
        { name: 'locale', value: 'en', url: `http://localhost:${process.env.E2E_PORT ?? 4173}` },
      ]);
    }
    const page = await context.newPage();
    await signInPage(page, user);
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNothingWider(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    await context.close();
  }
}

let park = 0;
let orderId = 0;

test.beforeAll(async ({ request }) => {
  park = await parkId(request);
  expect(park).toBeGreaterThan(0);
});

test('the home says whether the park requires two-factor sign-in and whether the member has it', async ({
  page,
  request,
}) => {
  await signInPage(page, await staffUser(request, 'owner'));
  await page.goto('/staff/office');
  const card = page.getByTestId('office-park').filter({ hasText: '上野' });
  await expect(card.getByTestId('office-park-2fa')).toContainText('2段階認証は必須ではありません');
  await expect(page.getByTestId('office-2fa-me')).toContainText('まだ設定していません');
  await expect(page.getByTestId('office-2fa-me').getByRole('link')).toHaveAttribute('href', '/me/settings/two-factor');
  await expect(card.getByTestId('office-audit-link')).toBeVisible();
});

test('finance reads an order at 390 px, sees why the visitor cannot cancel, and refunds it for a closure', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const visitor = await apiUser(request, { name: '上野 花子' });
  orderId = await buyTwo(request, visitor, park);
  await signInPage(page, await staffUser(request, 'finance'));
  await page.goto(`/staff/office/${park}/orders/${orderId}`);
  await expect(page.getByTestId('order-state')).toHaveText('支払い済み');
  // The customer's and payment's cards stack at phone width; the e-mail stays on the screen.
  await expectNothingWider(page);
  const customer = await page.getByTestId('office-customer-card').boundingBox();
  const payment = await page.getByTestId('office-payment-card').boundingBox();
  expect(payment?.y ?? 0).toBeGreaterThanOrEqual((customer?.y ?? 0) + (customer?.height ?? 0));
  // Ueno's admission ticket has no cancellation: the page says so, in place of a checkbox.
  await expect(page.getByTestId('office-ticket-block').first()).toContainText('キャンセル不可の商品のため');
  await expect(page.getByTestId('office-ticket').first().getByRole('checkbox')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/order-before-refund-ja-390.png`, fullPage: true });

  // The park refunds the whole order after a closure: a reason is needed, the fee is 0.
  await page.getByTestId('office-refund-open').click();
  await page.getByTestId('office-refund-confirm').click();
  await expect(page.getByTestId('office-refund-reason')).toBeFocused();
  await page.getByTestId('office-refund-reason').fill('台風による臨時休園');
  await expect(page.getByTestId('office-refund-total')).toContainText('円');
  await page.screenshot({ path: `${SHOTS}/order-refund-ja-390.png`, fullPage: true });
  await page.getByTestId('office-refund-confirm').click();
  await expect(page.getByTestId('office-refund-done')).toContainText('返金しました');
  await expect(page.getByTestId('order-state')).toHaveText('キャンセル済み');
  await expect(page.getByTestId('payment-state')).toHaveText('全額返金済み');
  await expect(page.getByTestId('office-ticket-block').first()).toContainText('キャンセル済み');
  await expectNothingWider(page);
  await page.screenshot({ path: `${SHOTS}/order-refunded-ja-390.png`, fullPage: true });
});

test('the owner changes a member’s role and reads the audit trail by member and by orders', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await staffUser(request, 'owner');
  const finance = await staffUser(request, 'finance');
  await signInPage(page, owner);
  await page.goto(`/staff/office/${park}/members`);
  const row = page.getByTestId('member-row').filter({ hasText: finance.email });
  await row.getByTestId('member-role-scanner').check();
  await row.getByTestId('member-roles-save').click();
  await expect(row.getByTestId('member-roles')).toContainText('入場チェック');
  // The only owner cannot step down.
  const ownerRow = page.getByTestId('member-row').filter({ hasText: owner.email });
  await ownerRow.getByTestId('member-role-owner').uncheck();
  await ownerRow.getByTestId('member-role-editor').check();
  await ownerRow.getByTestId('member-roles-save').click();
  await expect(page.getByTestId('office-problem')).toContainText('少なくとも1人のオーナー');
  await page.screenshot({ path: `${SHOTS}/members-ja-390.png`, fullPage: true });

  await page.goto(`/staff/office/${park}/audit`);
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await page.getByTestId('audit-entity').selectOption('order');
  const refund = page.getByTestId('audit-row').filter({ hasText: '台風による臨時休園' });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('返金');
  await page.getByTestId('audit-entity').selectOption('');
  await page.getByTestId('audit-actor').selectOption(String(await userIdOf(request, owner, owner)));
  await expect(page.getByTestId('audit-row').filter({ hasText: 'メンバー' }).first()).toBeVisible();
  await page.getByTestId('audit-date').fill(addDays(tokyoDate(), -1));
  await expect(page.getByTestId('audit-empty')).toBeVisible();
  await page.getByTestId('audit-date').fill(tokyoDate());
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await expectNothingWider(page);
  await page.screenshot({ path: `${SHOTS}/audit-ja-390.png`, fullPage: true });
  // Put the finance member's roles back as seeded.
  const back = await request.put(`/api/v1/staff/parks/${park}/members/${await userIdOf(request, owner, finance)}`, {
    headers: auth(owner),
    data: { roles: ['finance'] },
  });
  expect(back.status(), await back.text()).toBe(200);
});

async function userIdOf(request: APIRequestContext, owner: ApiUser, member: ApiUser): Promise<number> {
  const res = await request.get(`/api/v1/staff/parks/${park}/members`, { headers: auth(owner) });
  const members = ((await res.json()) as { data: { members: { userId: number; email: string }[] } }).data.members;
  return members.find((m) => m.email === member.email)?.userId as number;
}

test('an editor sets a closure from one day to another and the English texts; bad input names the field', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInPage(page, await staffUser(request, 'editor'));
  await page.goto(`/staff/office/${park}/profile`);
  await expect(page.getByTestId('profile-editor')).toBeVisible();
  await page.locator('#profile-description_en').fill('A zoo in the middle of Tokyo, by the lake.');
  await page.locator('#profile-access_en').fill('5 minutes on foot from Ueno Station.');
  await page.getByTestId('closure-add').click();
  const closure = page.getByTestId('closure').last();
  const from = addDays(tokyoDate(), 120);
  await closure.getByTestId('closure-from').fill(from);
  await closure.getByTestId('closure-to').fill(addDays(from, 19));
  await closure.getByTestId('closure-note-ja').fill('改修工事のため休園');
  await closure.getByTestId('closure-note-en').fill('Closed for renovation');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  await page.reload();
  const saved = page.getByTestId('closure').filter({ has: page.locator(`input[value="${from}"]`) });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByTestId('closure-days')).toContainText('20');
  await expect(page.locator('#profile-description_en')).toHaveValue('A zoo in the middle of Tokyo, by the lake.');
  await page.locator('#profile-website_url').fill('not a website');
  await page.getByTestId('profile-save').click();
  await expect(page.getByRole('alert')).toContainText('website_url');
  await expectNothingWider(page);
  await page.screenshot({ path: `${SHOTS}/profile-ja-390.png`, fullPage: true });
});

test('the item list shows sales and use period', async ({ page, request }) => {
  // Something sold, so that an item has stock rows to read its sales against.
  await buyTwo(request, await apiUser(request, { name: '上野 次郎' }), park);
  await signInPage(page, await staffUser(request, 'editor'));
  await page.goto(`/staff/office/${park}/items`);
  const sold = page.getByTestId('office-item').filter({ hasText: '定員' }).first();
  await expect(sold.getByTestId('office-item-sales')).toContainText('/');
  await expect(sold.getByTestId('office-item-period')).toContainText('〜');
  await expectNothingWider(page);
  await page.screenshot({ path: `${SHOTS}/items-sold-ja-390.png`, fullPage: true });
});

test('each new page at 390 px in ja and en', async ({ request, browser }) => {
  test.setTimeout(240_000);
  const owner = await staffUser(request, 'owner');
  const shots: [string, string, string, boolean][] = [
    ['home', '/staff/office', 'office-home', false],
    ['members', `/staff/office/${park}/members`, 'member-row', true],
    ['audit', `/staff/office/${park}/audit`, 'audit-row', true],
    ['items', `/staff/office/${park}/items`, 'office-item', false],
    ['profile', `/staff/office/${park}/profile`, 'profile-editor', true],
    ['order', `/staff/office/${park}/orders/${orderId}`, 'order-state', true],
  ];
  for (const [name, path, ready, wide] of shots) await photograph(browser, owner, name, path, ready, wide);
});
