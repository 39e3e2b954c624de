// Issue 31 (group visits), end to end at 390 px: a school asks for 40 pupils and 4 teachers with an exemption
// letter (a PDF, judged by its bytes); the park's owner approves with the price and the exemption in the back
// office (places held); the leader downloads the invoice (請求書 PDF, bank account, due date); staff record the
// transfer (the order is paid, 44 tickets issued); the gate admits 36, then the other 8 later, and no more. An
// unpaid request past its due date releases its places (the jobs run as if 15 days later). Screenshots looked at.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { type ApiUser, apiStaff, apiUser, signInPage } from './support/accounts';
import { runJobsAt } from './support/jobs';
import { OFFICE_OWNER } from './support/office';

const SHOTS = 'screenshots-groups';
mkdirSync(SHOTS, { recursive: true });
const LETTER = Buffer.concat([Buffer.from('%PDF-1.4\n% exemption letter\n'), Buffer.alloc(1024, 0x20)]);

test.use({ viewport: { width: 390, height: 844 } });

/** axe finds nothing serious or critical on the page as it is, and nothing is wider than the phone. */
async function checkPage(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });

/** A park the owner runs and an item of it with room for 44 today (no slot, no lottery). */
async function itemForToday(request: APIRequestContext, owner: ApiUser) {
  const parks = (
    (await (await request.get('/api/v1/staff/parks', { headers: auth(owner) })).json()) as {
      data: { id: number; roles: string[] }[];
    }
  ).data.filter((p) => p.roles.includes('owner'));
  const items = (
    (await (await request.get('/api/v1/items?tab=available&per_page=100')).json()) as {
      data: { id: number }[];
    }
  ).data;
  const today = tokyoDate();
  for (const it of items) {
    const detail = (
      (await (await request.get(`/api/v1/items/${it.id}`)).json()) as {
        data: { lottery: boolean; parkId?: number; park?: { id: number } };
      }
    ).data;
    const parkId = detail.parkId ?? detail.park?.id ?? 0;
    if (detail.lottery || !parks.some((p) => p.id === parkId)) continue;
    // Sold by the day (no time slots) with room for two groups; a group may come today (the park decides).
    const from = addDays(today, 7);
    const res = await request.get(`/api/v1/items/${it.id}/availability?from=${from}&to=${addDays(from, 7)}`);
    const days = (
      (await res.json()) as {
        data: { date: string; status: string; slots: { timeSlotId: number | null; remaining: number }[] }[];
      }
    ).data;
    const daily = days.some(
      (d) => d.slots.length > 0 && d.slots.every((s) => s.timeSlotId === null && s.remaining >= 120),
    );
    if (daily) return { parkId, itemId: it.id, date: today };
  }
  throw new Error('no item with room for a group today');
}

test('a school visit: request with an exemption letter, approval, invoice, transfer, 36 then 8 at the gate; an unpaid one is released', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await apiStaff(request, OFFICE_OWNER);
  const { parkId, itemId, date } = await itemForToday(request, owner);
  const settings = await request.put(`/api/v1/staff/parks/${parkId}/group-settings`, {
    headers: auth(owner),
    data: {
      minSize: 20,
      maxSize: 400,
      exemptionKinds: ['school'],
      bankAccount: 'みどり銀行 本店 普通 1234567',
      paymentDays: 14,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  // The leader asks through the form.
  const leader = await apiUser(request, { name: '山田 先生' });
  await signInPage(page, leader);
  await page.goto(`/groups/request?park=${parkId}&item=${itemId}`);
  await expect(page.getByTestId('group-request-page')).toBeVisible();
  await page.locator('#g-organisation').fill('市立みどり小学校');
  await page.locator('#g-date').fill(date);
  await page.locator('#g-primary').fill('40');
  await page.locator('#g-adult').fill('4');
  await expect(page.getByTestId('group-total')).toHaveText('合計 44名');
  await page.locator('#g-leaders').fill('4');
  await page.locator('#g-leader-name').fill('山田先生');
  await page.locator('#g-purpose').fill('遠足（生活科）');
  await page.locator('#g-exemption').selectOption('school');
  await page.locator('#g-document').setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: LETTER });
  await checkPage(page);
  await page.screenshot({ path: `${SHOTS}/request-form-ja-390.png`, fullPage: true });
  await page.getByRole('button', { name: '申し込む' }).click();
  await expect(page.getByTestId('my-group-request')).toBeVisible();
  await expect(page.getByTestId('group-state')).toHaveText('回答待ち');
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // The owner approves in the back office, with the exemption.
  const office = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staffPage = await office.newPage();
  await signInPage(staffPage, owner);
  await staffPage.goto(`/staff/office/${parkId}/groups/${id}`);
  await expect(staffPage.getByTestId('office-group-state')).toHaveText('回答待ち');
  await staffPage.locator('#og-price').fill('8800');
  await staffPage.getByRole('button', { name: '承認して枠を確保' }).click();
  await expect(staffPage.getByTestId('office-group-state')).toHaveText('承認済み・お支払い待ち');

  // The leader sees the approval and downloads the invoice.
  await page.reload();
  await expect(page.getByTestId('group-state')).toHaveText('承認済み・お支払い待ち');
  await expect(page.getByTestId('group-price')).toContainText('8,800');
  await checkPage(page);
  await page.screenshot({ path: `${SHOTS}/request-approved-ja-390.png`, fullPage: true });
  const invoice = await page.request.get(`/api/v1/me/group-requests/${id}/invoice.pdf?lang=ja`);
  expect(invoice.status()).toBe(200);
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Staff record the transfer: the group's tickets are issued.
  await staffPage.locator('#og-amount').fill('8800');
  await staffPage.getByRole('button', { name: '入金を記録' }).click();
  await expect(staffPage.getByTestId('office-group-state')).toHaveText('入金確認済み');
  await expect(staffPage.getByTestId('office-group-arrivals')).toHaveText('入場 0名 / 44名（残り44名）');

  // The leader's group pass: its QR opens the group's page for the gate's staff.
  await page.reload();
  await expect(page.getByTestId('group-pass')).toBeVisible();
  await expect(page.getByTestId('group-entered')).toHaveText('入場済み 0名 / 44名');
  const qrUrl = await page.getByTestId('group-qr').getAttribute('data-url');
  expect(qrUrl).toMatch(new RegExp(`/staff/office/${parkId}/groups/${id}$`));

  // The gate scans it: 36 now, 8 later, then no more.
  await staffPage.goto(qrUrl as string);
  await staffPage.locator('#og-count').fill('36');
  await staffPage.getByRole('button', { name: '入場を記録' }).click();
  await expect(staffPage.getByTestId('office-group-arrivals')).toHaveText('入場 36名 / 44名（残り8名）');
  await staffPage.locator('#og-count').fill('8');
  await staffPage.getByRole('button', { name: '入場を記録' }).click();
  await expect(staffPage.getByTestId('office-group-arrivals')).toHaveText('入場 44名 / 44名（残り0名）');
  await checkPage(staffPage);
  await staffPage.screenshot({ path: `${SHOTS}/office-admitted-ja-390.png`, fullPage: true });
  await staffPage.goto(`/staff/office/${parkId}/groups`);
  await expect(staffPage.getByTestId('office-group-link').first()).toBeVisible();
  await checkPage(staffPage);
  await staffPage.screenshot({ path: `${SHOTS}/office-groups-ja-390.png`, fullPage: true });
  const more = await request.post(`/api/v1/staff/parks/${parkId}/group-requests/${id}/admissions`, {
    headers: auth(owner),
    data: { scanId: crypto.randomUUID(), count: 1 },
  });
  expect(more.status()).toBe(409);
  await page.reload();
  await expect(page.getByTestId('group-tickets-link')).toBeVisible();
  await expect(page.getByTestId('group-entered')).toHaveText('入場済み 44名 / 44名');
  await checkPage(page);
  await page.screenshot({ path: `${SHOTS}/group-pass-ja-390.png`, fullPage: true });
  await page.goto('/groups/requests');
  await expect(page.getByTestId('group-request-link')).toHaveCount(1);
  await checkPage(page);
  await office.close();

  // An unpaid request past its due date releases its places.
  const other = await apiUser(request);
  const asked = await request.post('/api/v1/groups/requests', {
    headers: auth(other),
    multipart: {
      itemId: String(itemId),
      date,
      organisation: 'ひまわり旅行',
      kind: 'tour',
      partySize: '30',
      ageMix: JSON.stringify({ adult: 30 }),
      leaders: '1',
      leaderName: '佐藤',
      purpose: '観光',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const otherId = ((await asked.json()) as { data: { id: number } }).data.id;
  const approve = await request.post(`/api/v1/staff/parks/${parkId}/group-requests/${otherId}/approve`, {
    headers: auth(owner),
    data: { price: 30000, exemptions: [] },
  });
  expect(approve.status()).toBe(204);
  await runJobsAt(request, new Date(Date.now() + 15 * 86_400_000), ['releaseUnpaidGroups']);
  const released = await request.get(`/api/v1/me/group-requests/${otherId}`, { headers: auth(other) });
  expect(((await released.json()) as { data: { state: string } }).data.state).toBe('released');
});

test('in English: a company asks through the form, is approved, and its leader pays by card through 3-D Secure', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await apiStaff(request, OFFICE_OWNER);
  const { parkId, itemId, date } = await itemForToday(request, owner);
  const leader = await apiUser(request, { name: 'Jane Smith' });
  await signInPage(page, leader);
  await page.context().addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }]);
  await page.goto(`/groups/request?park=${parkId}&item=${itemId}`);
  await expect(page.getByTestId('group-request-page')).toBeVisible();
  await page.locator('#g-organisation').fill('Sakura Trading Co.');
  await page.locator('#g-kind').selectOption('company');
  await page.locator('#g-date').fill(date);
  await page.locator('#g-adult').fill('25');
  await page.locator('#g-leaders').fill('1');
  await page.locator('#g-leader-name').fill('Jane Smith');
  await page.locator('#g-purpose').fill('Team outing');
  await checkPage(page);
  await page.screenshot({ path: `${SHOTS}/request-form-en-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('group-state')).toHaveText('Waiting for the park');
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const approve = await request.post(`/api/v1/staff/parks/${parkId}/group-requests/${id}/approve`, {
    headers: auth(owner),
    data: { price: 25000, exemptions: [] },
  });
  expect(approve.status()).toBe(204);
  await page.reload();
  await expect(page.getByTestId('group-state')).toHaveText('Approved, waiting for payment');
  await checkPage(page);
  await page.getByTestId('group-pay-card').click();
  await expect(page.getByTestId('group-card-payment-page')).toBeVisible();
  await expect(page.getByTestId('group-pay-amount')).toContainText('25,000');
  await page.getByLabel('Card number').fill('4000000000003220');
  await page.getByLabel('Cardholder name').fill('JANE SMITH');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await checkPage(page);
  await page.screenshot({ path: `${SHOTS}/pay-by-card-en-390.png`, fullPage: true });
  await page.getByTestId('group-card-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/gmo\/challenge\//);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('amount-paid')).toContainText('25,000');

  await page.goto(`/groups/requests/${id}`);
  await expect(page.getByTestId('group-state')).toHaveText('Paid');
  await expect(page.getByTestId('group-entered')).toHaveText(/0.*25/);
  await checkPage(page);
  await page.screenshot({ path: `${SHOTS}/group-pass-en-390.png`, fullPage: true });
});
