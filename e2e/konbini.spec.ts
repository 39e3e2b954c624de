// Konbini payment (issue 32) in the browser at 390 px, in Japanese and in English: the order is placed with the
// store chosen at checkout, the page shows the payment number and deadline, My Tickets says it awaits payment at the
// store; paid through the sandbox's slip ("pay at the store") it gives tickets. An unpaid one past its deadline
// (the jobs run as at that time) frees its places, says so on its page, and tells the buyer (inbox and mail).
// A konbini-paid order cancelled by the visitor is refunded by bank transfer (GMO cannot refund a store payment):
// the cancel dialog says so, the visitor enters a bank account (a wrong number is refused naming the field), and the
// park's finance staff mark the transfer made in the back office.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
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
    bankNote: '振込で返金します',
    awaiting: '口座のご登録待ち',
    ready: '振込の準備中',
    transferred: '振込済み',
    marked: '振込済みとして記録しました',
    bank: 'みずほ 東京営業部支店',
    unknownBank: '銀行コード（bank_code）9998の銀行が見つかりません',
    zengin: 'のファイルを作成しました',
    reminded: 'お客様へのリマインド：3日後',
  },
  en: {
    method: 'Pay at a convenience store',
    store: 'Lawson',
    accept: 'I accept',
    pending: 'Awaiting payment at the store',
    paid: 'Your payment is confirmed',
    expired: 'The payment deadline passed',
    bankNote: 'refunds it by bank transfer',
    awaiting: 'Waiting for your account',
    ready: 'Transfer being prepared',
    transferred: 'Transferred',
    marked: 'Recorded as transferred',
    bank: 'みずほ 東京営業部 branch',
    unknownBank: 'No bank has the bank code (bank_code) 9998',
    zengin: 'File made.',
    reminded: 'Reminders sent to the customer: after 3 days',
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
  // The remitting account for Zengin transfer files: a name in kanji is refused naming the field; then saved.
  const remitter = page.getByTestId('remitter-account');
  await expect(remitter).toBeVisible();
  await remitter.getByLabel('委託者コード（10桁）').fill('1234567890');
  await remitter.getByLabel('委託者名（カタカナ・英大文字）').fill('株式会社ズーパス');
  await remitter.getByLabel('銀行コード（4桁）').fill('0009');
  await remitter.getByLabel('支店コード（3桁）').fill('101');
  await remitter.getByLabel('口座種別').selectOption('current');
  await remitter.getByLabel('口座番号（7桁以内）').fill('42');
  await remitter.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByTestId('remitter-note')).toContainText('consignor_name');
  await remitter.getByLabel('委託者名（カタカナ・英大文字）').fill('カ）ズーパス');
  await remitter.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByTestId('remitter-note')).toHaveText('保存しました');
  await expect(page.getByTestId('remitter-current')).toContainText('三井住友 大阪本店営業部 当座 0000042 ｶ)ｽﾞ-ﾊﾟｽ');
  await fits(page);
  await remitter.screenshot({ path: `${SHOTS}/office-remitter-ja-390.png` });
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

/** A seeded item with a cancellation policy (no lottery, no seat choice), one place put in the page's cart on a day past every rule of its policy: cancelling it refunds everything. */
async function cancellableInCart(page: Page, request: APIRequestContext): Promise<Placed> {
  const items = (
    (await (await request.get('/api/v1/items?tab=available&per_page=100')).json()) as { data: { id: number }[] }
  ).data;
  for (const it of items) {
    const detail = (
      (await (await request.get(`/api/v1/items/${it.id}`)).json()) as {
        data: {
          lottery: boolean;
          seatSelection?: boolean;
          advanceInfoFields?: unknown[];
          cancellationPolicy?: { daysBefore: number; chargeRate: number }[];
        };
      }
    ).data;
    const policy = detail.cancellationPolicy ?? [];
    // The seeded items with a policy are reserved events that ask each holder's name (and an optional gate photo).
    if (detail.lottery || detail.seatSelection || policy.length === 0) continue;
    const from = addDays(tokyoDate(), Math.max(7, ...policy.map((p) => p.daysBefore + 1)));
    const res = await request.get(`/api/v1/items/${it.id}/availability?from=${from}&to=${addDays(from, 40)}`);
    const days = (
      (await res.json()) as {
        data: { date: string; status: string; slots: { timeSlotId: number | null; remaining: number }[] }[];
      }
    ).data;
    const day = days.find((d) => ['available', 'few'].includes(d.status) && d.slots.some((x) => x.remaining >= 1));
    const slotId = day?.slots.find((x) => x.remaining >= 1)?.timeSlotId ?? null;
    if (!day) continue;
    const added = await page.request.post('/api/v1/carts', {
      data: {
        item_id: it.id,
        date: day.date,
        ...(slotId ? { time_slot_id: slotId } : {}),
        quantities: [{ age_group_id: 5, quantity: 1 }],
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    if (added.status() !== 201) continue;
    const line = (await added.json()) as { data: { id: number }; meta: { parkId: number } };
    if ((detail.advanceInfoFields?.length ?? 0) > 0) {
      const put = await page.request.put('/api/v1/carts', {
        data: {
          data: {
            lines: [{ id: line.data.id, advance_info: { tickets: [{ name: '動物 花子', gate_photo: null }] } }],
          },
        },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(put.status(), await put.text()).toBe(200);
    }
    return { parkId: line.meta.parkId, itemId: it.id, date: day.date, slotId };
  }
  throw new Error('no cancellable item to buy');
}

for (const lang of ['ja', 'en'] as const) {
  const x = TEXT[lang];

  test(`a konbini-paid order cancelled by the visitor is refunded by bank transfer; finance marks it transferred (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const user = await apiUser(request);
    await signInPage(page, user);
    const origin = new URL(page.url()).origin;
    await page.context().addCookies([{ name: 'locale', value: lang, url: origin }]);
    const placed = await cancellableInCart(page, request);
    const order = await page.request.post('/api/v1/orders', {
      data: { park_id: placed.parkId, agreement: true, payment_method: 5, convenience: '10001' },
      headers: { Origin: origin },
    });
    expect(order.status(), await order.text()).toBe(201);
    const paymentId = ((await order.json()) as { data: { payment: { paymentId: string } } }).data.payment.paymentId;
    const slip = (
      (await (await page.request.get(`/api/v1/payments/${paymentId}`)).json()) as {
        data: { konbini: { receiptUrl: string } };
      }
    ).data.konbini;
    // Paid at the store (the sandbox's slip), the notification delivered: the ticket is issued.
    await page.goto(slip.receiptUrl);
    await page.getByRole('button', { name: 'Pay at the store（店頭で支払う）' }).click();
    await expect(page.getByText('Paid at the store')).toBeVisible();
    expect((await request.post('/sandbox/notifications/deliver')).status()).toBe(200);

    // The visitor cancels the ticket: the dialog says the refund comes by bank transfer.
    await page.goto('/my-tickets');
    await expect(page.getByTestId('wallet-ticket').first()).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('wallet-ticket').first().locator('a').first().click();
    await page.getByTestId('cancel-ticket').click();
    await expect(page.getByTestId('cancel-quote')).toBeVisible();
    await expect(page.getByTestId('cancel-bank-transfer')).toContainText(x.bankNote);
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/refund-quote-${lang}-390.png`, fullPage: true });
    await page.getByTestId('cancel-confirm').click();

    // The account page: a wrong number is refused naming the field; a good account makes the transfer ready.
    await expect(page).toHaveURL(/\/my-tickets\/refunds\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const transferId = page.url().split('/').pop() as string;
    await expect(page.getByTestId('refund-state')).toHaveText(x.awaiting);
    // No account after 3 days: the reminder sweep (run as 4 days later, at noon in Tokyo) tells the visitor.
    await runJobsAt(request, new Date(`${addDays(tokyoDate(), 4)}T12:00:00+09:00`), ['remindBankAccounts']);
    const inbox = (
      (await (await page.request.get('/api/v1/me/notifications')).json()) as {
        data: { kind: string; title: string; navigate: string }[];
      }
    ).data.filter((n) => n.kind === 'bankAccountReminder' && n.navigate.endsWith(transferId));
    // In the account's language (ja for these visitors), whatever the page's.
    expect(inbox.map((n) => n.title)).toEqual(['【再送】返金先の口座をご登録ください']);
    // A bank code not on the Zengin list passes the form's check and is refused by the server, naming the field.
    await page.locator('#refund-bank_code').fill('9998');
    await page.locator('#refund-branch_code').fill('001');
    await page.locator('#refund-account_type').selectOption('ordinary');
    await page.locator('#refund-account_number').fill('1234567');
    await page.locator('#refund-holder_kana').fill('ヤマダ ハナコ');
    await page.getByTestId('refund-save').click();
    await expect(page.getByTestId('refund-problem')).toContainText(x.unknownBank);
    // The codes name the bank and branch as they are typed.
    await page.locator('#refund-bank_code').fill('0001');
    await expect(page.getByTestId('refund-bank-names')).toHaveText(x.bank);
    await page.locator('#refund-account_number').fill('12a');
    await page.locator('#refund-holder_kana').fill('山田花子');
    await page.getByTestId('refund-save').click();
    await expect(page.getByTestId('refund-error-account_number')).toBeVisible();
    await expect(page.getByTestId('refund-error-holder_kana')).toBeVisible();
    await expect(page.locator('#refund-account_number')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('#refund-holder_kana').fill('ヤマダ ハナコ');
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/refund-account-error-${lang}-390.png`, fullPage: true });
    await page.locator('#refund-account_number').fill('1234567');
    await page.getByTestId('refund-save').click();
    await expect(page.getByTestId('refund-state')).toHaveText(x.ready);
    await expect(page.getByTestId('refund-account')).toContainText('567');
    await expect(page.getByTestId('refund-account')).not.toContainText('1234567');
    // Saved as banks take it: half-width kana.
    await expect(page.getByTestId('refund-account')).toContainText('ﾔﾏﾀﾞ ﾊﾅｺ');
    await fits(page);
    await page.screenshot({ path: `${SHOTS}/refund-account-${lang}-390.png`, fullPage: true });
    // My Tickets lists it (found again without the notice).
    await page.goto('/my-tickets');
    await expect(page.getByTestId('refunds-owed')).toContainText(x.ready);

    // The park's finance (the demo owner) downloads the Zengin file and marks the transfer made.
    const office = await signInOffice(page, request);
    const remitter = await request.put(`/api/v1/staff/parks/${placed.parkId}/remitter-account`, {
      headers: { Authorization: `Bearer ${office.token}` },
      data: {
        consignor_code: '1234567890',
        consignor_name: 'ズーパス',
        bank_code: '0009',
        branch_code: '101',
        account_type: 'current',
        account_number: '42',
      },
    });
    expect(remitter.status(), await remitter.text()).toBe(200);
    await page.context().addCookies([{ name: 'locale', value: lang, url: origin }]);
    await page.goto(`/staff/office/${placed.parkId}/bank-transfers`);
    const own = (
      (await (
        await request.get(`/api/v1/me/bank-transfers/${transferId}`, {
          headers: { Authorization: `Bearer ${user.token}` },
        })
      ).json()) as { data: { applicationNumber: string } }
    ).data;
    // The list may hold other visitors' transfers (earlier tests): this order's card.
    const card = page.locator(`[data-testid="bank-transfer"][data-order="${own.applicationNumber}"]`);
    await expect(card).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await expect(card.getByTestId('bank-transfer-account')).toContainText('1234567');
    await expect(card.getByTestId('bank-transfer-reminders')).toHaveText(x.reminded);
    await fits(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('zengin-download-button').click();
    expect((await download).suggestedFilename()).toMatch(/zengin/);
    await expect(page.getByTestId('zengin-note')).toContainText(x.zengin);
    await page.screenshot({ path: `${SHOTS}/office-transfers-${lang}-390.png`, fullPage: true });
    await card.getByTestId('bank-transfer-mark').click();
    await expect(card.getByTestId('bank-transfer-note')).toHaveText(x.marked);
    await expect(page.locator(`[data-testid="bank-transfer"][data-order="${own.applicationNumber}"]`)).toHaveAttribute(
      'data-state',
      'transferred',
    );
    await page.screenshot({ path: `${SHOTS}/office-transferred-${lang}-390.png`, fullPage: true });
    const after = (
      (await (
        await request.get(`/api/v1/me/bank-transfers/${transferId}`, {
          headers: { Authorization: `Bearer ${user.token}` },
        })
      ).json()) as { data: { state: string } }
    ).data;
    expect(after.state).toBe('transferred');
    const paid = (
      (await (
        await request.get(`/api/v1/payments/${paymentId}`, { headers: { Authorization: `Bearer ${user.token}` } })
      ).json()) as { data: { state: string; refundedAmount: number; amount: number } }
    ).data;
    expect(paid.state).toBe('refunded');
    expect(paid.refundedAmount).toBe(paid.amount);
  });
}
