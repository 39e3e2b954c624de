// Konbini payment (issue 32) in the browser at 390 px, in Japanese and in English: the order is placed with the
// store chosen at checkout, the page shows the payment number and deadline, My Tickets says it awaits payment at the
// store; paid through the sandbox's slip ("pay at the store") it gives tickets. An unpaid one past its deadline
// (the jobs run as at that time) frees its places, says so on its page, and tells the buyer (inbox and mail).
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiStaff, apiUser, signInPage } from './support/accounts';
import { availableDay } from './support/cart';
import { runJobsAt } from './support/jobs';
import { signInOffice } from './support/office';

const SHOTS = 'screenshots-konbini';
mkdirSync(SHOTS, { recursive: true });
const MAILS = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 4026}/mails`;

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

const TEXT = {
  ja: {
    method: 'コンビニ払い',
    store: 'ローソン',
    accept: '同意する',
    pending: 'コンビニでのお支払い待ち',
    paid: 'お支払いが確認されました',
    expired: 'お支払い期限を過ぎたため',
  },
  en: {
    method: 'Pay at a convenience store',
    store: 'Lawson',
    accept: 'I accept',
    pending: 'Awaiting payment at the store',
    paid: 'Your payment is confirmed',
    expired: 'The payment deadline passed',
  },
} as const;

interface Placed {
  parkId: number;
  itemId: number;
  date: string;
  slotId: number | null;
}

/** A seeded item that is no lottery and asks nothing in advance, one place of it put in the page's cart. */
async function oneInCart(page: Page, request: APIRequestContext): Promise<Placed> {
  const items = (
    (await (await request.get('/api/v1/items?tab=available&per_page=100')).json()) as { data: { id: number }[] }
  ).data;
  for (const it of items) {
    const detail = (
      (await (await request.get(`/api/v1/items/${it.id}`)).json()) as {
        data: { lottery: boolean; waitlist?: boolean; advanceInfoFields?: unknown[]; seatSelection?: boolean };
      }
    ).data;
    if (detail.lottery || detail.seatSelection || (detail.advanceInfoFields?.length ?? 0) > 0) continue;
    const day = await availableDay(request, it.id, 2).catch(() => null);
    if (!day) continue;
    const res = await page.request.post('/api/v1/carts', {
      data: {
        item_id: it.id,
        date: day.date,
        ...(day.slotId ? { time_slot_id: day.slotId } : {}),
        quantities: [{ age_group_id: 5, quantity: 1 }],
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    if (res.status() !== 201) continue;
    const parkId = ((await res.json()) as { meta: { parkId: number } }).meta.parkId;
    return { parkId, itemId: it.id, date: day.date, slotId: day.slotId };
  }
  throw new Error('no item to buy');
}

async function remaining(request: APIRequestContext, p: Placed): Promise<number> {
  const res = await request.get(`/api/v1/items/${p.itemId}/availability?from=${p.date}&to=${p.date}`);
  const day = ((await res.json()) as { data: { slots: { timeSlotId: number | null; remaining: number }[] }[] }).data[0];
  return day?.slots.find((s) => s.timeSlotId === p.slotId)?.remaining ?? -1;
}

/** 390 px: no sideways scroll; and axe finds nothing serious. */
async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function start(page: Page, request: APIRequestContext, lang: 'ja' | 'en') {
  const user = await apiUser(request);
  await signInPage(page, user);
  await page.context().addCookies([{ name: 'locale', value: lang, url: new URL(page.url()).origin }]);
  const placed = await oneInCart(page, request);
  return { user, placed };
}

for (const lang of ['ja', 'en'] as const) {
  const x = TEXT[lang];

  test(`a konbini order paid through the sandbox gives tickets (${lang})`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await start(page, request, lang);
    await page.goto('/cart');
    await page.getByTestId('cart-proceed').first().click();
    await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
    await page.getByTestId('method-choices').getByText(x.method, { exact: true }).click();
    await page.getByTestId('konbini-stores').getByText(x.store, { exact: true }).click();
    await page.getByTestId('terms-choice').getByText(x.accept, { exact: true }).click();
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/checkout-${lang}-390.png`, fullPage: true });
    await page.getByTestId('pay-button').click();

    await expect(page).toHaveURL(/\/payment\/konbini\?payment_id=/, { timeout: 20_000 });
    await expect(page.getByTestId('konbini-receipt-no')).toHaveText(/^\d{12}$/);
    await expect(page.getByTestId('konbini-store')).toHaveText(x.store);
    await expect(page.getByTestId('konbini-deadline')).not.toBeEmpty();
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/slip-${lang}-390.png`, fullPage: true });
    const slipPage = page.url();
    const slipUrl = (await page.getByTestId('konbini-open-slip').getAttribute('href')) as string;

    await page.goto('/my-tickets');
    await expect(page.getByTestId('konbini-pending')).toContainText(x.pending);
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/pending-${lang}-390.png`, fullPage: true });

    // The sandbox's slip: store, numbers, barcode; "pay at the store" sends the provider's notification.
    await page.goto(slipUrl);
    await expect(page.getByTestId('slip-barcode')).toBeVisible();
    await page.getByRole('button', { name: 'Pay at the store（店頭で支払う）' }).click();
    await expect(page.getByText('Paid at the store')).toBeVisible();
    expect((await request.post('/sandbox/notifications/deliver')).status()).toBe(200);

    await page.goto(slipPage);
    await expect(page.getByTestId('checkout-message')).toContainText(x.paid);
    await page.goto('/my-tickets');
    await expect(page.getByTestId('wallet-park').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('konbini-pending')).toHaveCount(0);
  });

  test(`an unpaid konbini order past its deadline frees its places and tells the buyer (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const { user, placed } = await start(page, request, lang);
    const order = await page.request.post('/api/v1/orders', {
      data: { park_id: placed.parkId, agreement: true, payment_method: 5, convenience: '10002' },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(order.status(), await order.text()).toBe(201);
    const paymentId = ((await order.json()) as { data: { payment: { paymentId: string } } }).data.payment.paymentId;
    const held = await remaining(request, placed);
    const slip = (
      (await (await page.request.get(`/api/v1/payments/${paymentId}`)).json()) as {
        data: { konbini: { deadline: string } };
      }
    ).data.konbini;

    // Just before the deadline nothing moves; just after, the place is free again.
    await runJobsAt(request, new Date(new Date(slip.deadline).getTime() - 60_000), ['expireKonbiniPayments']);
    expect(await remaining(request, placed)).toBe(held);
    await runJobsAt(request, new Date(new Date(slip.deadline).getTime() + 1000), ['expireKonbiniPayments']);
    expect(await remaining(request, placed)).toBe(held + 1);

    await page.goto(`/payment/konbini?payment_id=${paymentId}`);
    await expect(page.getByTestId('checkout-message')).toContainText(x.expired);
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/expired-${lang}-390.png`, fullPage: true });
    const inbox = (
      (await (
        await request.get('/api/v1/me/notifications', { headers: { Authorization: `Bearer ${user.token}` } })
      ).json()) as { data: { kind: string }[] }
    ).data;
    expect(inbox.map((n) => n.kind)).toContain('konbiniExpired');
    await expect
      .poll(
        async () =>
          ((await (await request.get(`${MAILS}?to=${encodeURIComponent(user.email)}`)).json()) as { subject: string }[])
            .map((m) => m.subject)
            .join('\n'),
        { timeout: 15_000 },
      )
      .toContain('お支払い期限切れ'); // the buyer's account language (ja) decides the mail's
  });
}

test("the park's owner sets the konbini payment term on the park profile page; other roles are refused", async ({
  page,
  request,
}) => {
  const owner = await signInOffice(page, request);
  const parks = (
    (await (
      await request.get('/api/v1/staff/parks', { headers: { Authorization: `Bearer ${owner.token}` } })
    ).json()) as {
      data: { id: number; roles: string[] }[];
    }
  ).data;
  const parkId = parks.find((p) => p.roles.includes('owner'))?.id as number;
  await page.goto(`/staff/office/${parkId}/profile`);
  const panel = page.getByTestId('konbini-settings');
  await expect(panel).toBeVisible();
  const before = await panel.getByLabel('お支払い期限（日数）').inputValue();
  await panel.getByLabel('お支払い期限（日数）').fill('31');
  await panel.getByRole('button', { name: '保存する' }).click();
  // The browser's own range check stops 31 before it is sent; nothing changes.
  await expect(page.getByTestId('konbini-settings-note')).toHaveText('');
  await panel.getByLabel('お支払い期限（日数）').fill('5');
  await panel.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByTestId('konbini-settings-note')).toHaveText('保存しました');
  await fits(page);
  await page.screenshot({ path: `${SHOTS}/office-konbini-ja-390.png`, fullPage: true });
  await page.reload();
  await expect(page.getByTestId('konbini-settings').getByLabel('お支払い期限（日数）')).toHaveValue('5');
  const put = await request.put(`/api/v1/staff/parks/${parkId}/konbini-settings`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { payment_days: Number(before) },
  });
  expect(put.status()).toBe(200);

  // Other roles are refused (the panel then stays away).
  const gate = await apiStaff(request, 'gate.asahiyama-zoo@staff.zoopass.jp');
  const refused = await request.get(`/api/v1/staff/parks/1/konbini-settings`, {
    headers: { Authorization: `Bearer ${gate.token}` },
  });
  expect(refused.status()).toBe(403);
});
