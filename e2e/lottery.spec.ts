// A lottery as a visitor meets it: a lottery item's ticket in the cart, the entry at checkout (second choice,
// waitlist opt-in, the card only authorised), 抽選待ち in My Tickets; the draw (the server's jobs as if days later);
// 当選 with tickets in My Tickets, the result in the inbox; the published draw recomputes. Screenshots at 390 px.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { verifyDraw } from '../server/cli/verifyLottery';
import { apiUser, signInPage } from './support/accounts';
import { runJobsAt } from './support/jobs';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function koalaId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/items?per_page=100&keyword=%E3%82%B3%E3%82%A2%E3%83%A9');
  const items = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const found = items.find((i) => i.name.startsWith('コアラ舎 早朝見学ツアー'));
  expect(found, 'the seeded koala lottery').toBeTruthy();
  return found?.id as number;
}

async function openSlot(request: APIRequestContext, id: number) {
  const from = addDays(tokyoDate(), 8);
  const res = await request.get(`/api/v1/items/${id}/availability?from=${from}&to=${addDays(from, 30)}`);
  const days = (
    (await res.json()) as { data: { date: string; status: string; slots: { timeSlotId: number | null }[] }[] }
  ).data.filter((d) => d.status === 'available' || d.status === 'few');
  const [first, second] = days;
  expect(first && second, 'two open days').toBeTruthy();
  return { date: first?.date as string, slotId: first?.slots[0]?.timeSlotId ?? null, second: second?.date as string };
}

test('enter a lottery at checkout, see it waiting, the draw, then won tickets and the result in the inbox', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await apiUser(request);
  await signInPage(page, user);
  const id = await koalaId(request);
  const day = await openSlot(request, id);

  // The round's times on the item's lottery.
  const round = (await (await request.get(`/api/v1/items/${id}/lottery`)).json()).data;
  expect(round.state).toBe('open');

  const origin = new URL(page.url()).origin;
  const add = await page.request.post('/api/v1/carts', {
    data: { item_id: id, date: day.date, time_slot_id: day.slotId, quantities: [{ age_group_id: 5, quantity: 2 }] },
    headers: { Origin: origin },
  });
  expect(add.status(), await add.text()).toBe(201);

  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();
  // The tour asks each person's name first.
  await expect(page).toHaveURL(/\/cart\/\d+\/add-info$/);
  const people = page.getByTestId('add-info-ticket');
  await expect(people).toHaveCount(2);
  await people.nth(0).getByTestId('text-name').fill('動物 花子');
  await people.nth(1).getByTestId('text-name').fill('動物 太郎');
  await page.getByTestId('add-info-next').click();
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  const entry = page.getByTestId('lottery-choices');
  await expect(entry).toBeVisible();
  await entry.getByTestId('lottery-choice-2').fill(day.second);
  await entry.getByTestId('lottery-waitlist').check();
  await page.getByTestId('terms-choice').getByText('同意する', { exact: true }).click();
  await shot(page, 'lottery-01-checkout');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/payment\/credit-card$/);
  await page.getByLabel('カード番号').fill('4111111111111111');
  await page.getByLabel('カード名義').fill('HANAKO DOBUTSU');
  await page.getByLabel('有効期限（MM/YY）').fill('12/30');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed/, { timeout: 30_000 });

  // The item page shows the round and the visitor's entry.
  await page.goto(`/items/${id}`);
  await expect(page.getByTestId('lottery-round')).toContainText('受付中');
  await expect(page.getByTestId('lottery-my-entry')).toContainText('抽選待ち');
  await shot(page, 'lottery-00-item');

  // My Tickets: the entry waits for the draw, with both choices; it can still be withdrawn.
  await page.goto('/my-tickets');
  await page.getByTestId('lottery-link').click();
  await expect(page).toHaveURL(/\/my-tickets\/lottery$/);
  const card = page.getByTestId('lottery-entry').first();
  await expect(card.getByTestId('lottery-status')).toHaveText('抽選待ち');
  await expect(card.locator('.lottery-card__choices li')).toHaveCount(2);
  await expect(card.getByTestId('lottery-withdraw')).toBeVisible();
  // Until entries close the choices can change: a third date.
  await card.getByTestId('lottery-change').click();
  const form = page.getByTestId('lottery-change-form');
  await form.locator('input[type=date]').nth(2).fill(addDays(day.second, 1));
  await form.getByTestId('lottery-change-save').click();
  await expect(card.locator('.lottery-card__choices li')).toHaveCount(3);
  await shot(page, 'lottery-02-waiting');

  // Days later the jobs close the entries, draw and act on the result.
  // Only the lottery's sweep: all of them days ahead would also expire the holds of the specs that follow.
  await runJobsAt(request, new Date(Date.now() + 5 * 86_400_000), ['lotteryRounds']);
  await runJobsAt(request, new Date(Date.now() + 5 * 86_400_000), ['lotteryRounds']);
  await page.reload();
  await expect(card.getByTestId('lottery-status')).toHaveText('当選');
  await expect(card.getByTestId('lottery-won-date')).toBeVisible();
  await expect(card.getByTestId('lottery-change')).toHaveCount(0);
  await shot(page, 'lottery-03-won');

  // The tickets are in My Tickets as won; the result is in the inbox.
  await page.goto('/my-tickets');
  await expect(page.locator('[data-testid="ticket-state"][data-state="won_lottery"]').first()).toBeVisible();
  await page.goto('/me/notification');
  await expect(page.getByText('抽選結果のお知らせ').first()).toBeVisible();

  // Anyone can recompute the draw from what was published.
  const published = (await (await request.get(`/api/v1/lotteries/${round.id}/draw`)).json()).data;
  expect(verifyDraw(published)).toMatchObject({ ok: true });
});
