// Annual pass holders in the back office (issue 29, README 2.10, 2.15) as the demo owner uses them: a visitor buys
// the seeded single pass (PayPay sandbox) naming its holder; the owner goes from the passes page to the holders,
// finds the holder by a part of the name typed in hiragana, opens the holder, tries to suspend without a reason
// (told to give one), suspends with a reason and sees the state, the reason and the change on the page; in English
// at 1280 px reinstates. axe finds no serious or critical violation on the pages and the dialog, in ja and en.
// The reports page offers the two pass CSVs. Screenshots in test-results/pass-holders.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';
import { signInOffice } from './support/office';

const SHOTS = 'test-results/pass-holders';
const KANA = 'アイウエオカキクケコサシスセソ';

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

/** A visitor buys the seeded single pass for a holder named `name` (PayPay sandbox): answers the pass's park. */
async function buyPass(page: Page, request: APIRequestContext, name: string): Promise<number> {
  await signInPage(page, await apiUser(request, { name: '購入 太郎' }));
  const headers = { Origin: new URL(page.url()).origin };
  const itemId = await itemIdByName(request, '年間パスポート（個人）');
  const added = await page.request.post('/api/v1/carts', {
    data: { item_id: itemId, quantities: [{ age_group_id: 5, quantity: 1 }] },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const line = (await added.json()) as { data: { id: number }; meta: { parkId: number } };
  const parkId = line.meta.parkId;
  const named = await page.request.put(`/api/v1/carts/${parkId}/lines/${line.data.id}/pass`, {
    data: { holders: [{ position: 1, name, age_group_id: 5, unit_kind: 'basic' }] },
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
  return parkId;
}

test('the owner finds a bought holder by name, suspends with a reason and reinstates; pages axe clean in ja and en', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(300_000);
  const tag = Array.from({ length: 4 }, () => KANA[Math.floor(Math.random() * KANA.length)]).join('');
  const name = `${tag} 花子`;
  const hiragana = [...tag].map((ch) => String.fromCodePoint((ch.codePointAt(0) ?? 0) - 0x60)).join('');
  const parkId = await buyPass(page, request, name);

  await context.clearCookies();
  await signInOffice(page, request);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/staff/office/${parkId}/passes`);
  await page.getByTestId('pass-holders-link').click();
  await expect(page).toHaveURL(new RegExp(`/staff/office/${parkId}/passes/holders$`));
  await expect(page.getByTestId('holder-total')).toBeVisible();
  await page.getByLabel('名前・パスポート番号・メールアドレス・電話番号').fill(hiragana);
  await page.getByTestId('holder-search').click();
  const rows = page.getByTestId('holder-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText('年間パスポート（個人）');
  await expect(rows.first().getByTestId('holder-state')).toHaveText('利用開始前');
  await page.screenshot({ path: `${SHOTS}/list-ja-390.png`, fullPage: true });
  await axeClean(page, 'list ja 390');

  await rows.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.getByTestId('holder-suspend').click();
  const dialog = page.getByTestId('holder-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('holder-confirm').click();
  await expect(dialog.getByTestId('holder-dialog-error')).toHaveText('理由を入力してください');
  await dialog.getByLabel('理由').fill('会員証の不正利用の疑い');
  await page.screenshot({ path: `${SHOTS}/suspend-dialog-ja-390.png` });
  await axeClean(page, 'dialog ja 390');
  await dialog.getByTestId('holder-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('holder-notice')).toHaveText('利用を停止しました');
  await expect(page.getByTestId('holder-state')).toHaveText('利用停止中');
  await expect(page.getByTestId('holder-suspended-reason')).toHaveText('利用停止の理由：会員証の不正利用の疑い');
  await expect(page.getByTestId('holder-audit')).toContainText('利用停止');
  await expect(page.getByTestId('holder-audit')).toContainText('会員証の不正利用の疑い');
  await page.screenshot({ path: `${SHOTS}/detail-suspended-ja-390.png`, fullPage: true });
  await axeClean(page, 'detail ja 390');

  // The list's chip finds the suspended holder among the suspended ones.
  await page.goto(`/staff/office/${parkId}/passes/holders?q=${encodeURIComponent(hiragana)}`);
  await page.getByText('利用停止中', { exact: true }).first().click();
  await expect(page).toHaveURL(/state=suspended/);
  await expect(page.getByTestId('holder-row')).toHaveCount(1);

  // English at 1280 px: the holder page, reinstated with a reason.
  await context.addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('holder-row').first().click();
  await expect(page).toHaveURL(/\/holders\/\d+$/);
  await page.reload();
  await expect(page.getByTestId('holder-state')).toHaveText('Suspended');
  await page.getByTestId('holder-reinstate').click();
  await page.getByTestId('holder-dialog').getByLabel('Reason').fill('Checked at the counter');
  await page.screenshot({ path: `${SHOTS}/reinstate-dialog-en-1280.png` });
  await page.getByTestId('holder-confirm').click();
  await expect(page.getByTestId('holder-notice')).toHaveText('Reinstated');
  await expect(page.getByTestId('holder-state')).toHaveText('Not started');
  await expect(page.getByTestId('holder-audit')).toContainText('Reinstated');
  await page.screenshot({ path: `${SHOTS}/detail-en-1280.png`, fullPage: true });
  await axeClean(page, 'detail en 1280');
  await page.goto(`/staff/office/${parkId}/passes/holders`);
  await expect(page.getByTestId('holder-total')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-en-1280.png`, fullPage: true });
  await axeClean(page, 'list en 1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/list-en-390.png`, fullPage: true });

  // The reports page offers the pass CSVs; the visits one downloads with its header.
  await page.goto(`/staff/office/${parkId}/reports`);
  const reports = page.getByTestId('pass-reports');
  await expect(reports.getByTestId('pass-renewals-csv')).toHaveText('Renewals CSV');
  const href = (await reports.getByTestId('pass-visits-csv').getAttribute('href')) as string;
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^\uFEFFDate,Park,Gate,Pass number/);
  await page.screenshot({ path: `${SHOTS}/reports-en-390.png`, fullPage: true });
  await axeClean(page, 'reports en 390');
});
