// An additional plan is something the visitor holds (issue 25): bought with two admissions and paid by card, it is
// in My Tickets as a voucher naming its plan, beside the admissions; the cancellation quote of the admissions
// covers every yen paid for them and their voucher. At 390 px, in ja.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { ItemPlanDto } from '../common/dto/item';
import { apiUser, signInPage } from './support/accounts';
import { acceptTerms, addLine, availableDay, fillCard } from './support/cart';

const SHOTS = 'screenshots-wallet';
mkdirSync(SHOTS, { recursive: true });

test('an additional plan bought with two admissions is a voucher in My Tickets, cancelled with them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const items = (
    (await (await request.get('/api/v1/items?tab=available&per_page=100')).json()) as {
      data: { id: number; name: string }[];
    }
  ).data;
  let found: { id: number; plan: ItemPlanDto; adult: number } | null = null;
  // Not the deer feeding: backOffice.spec.ts counts that item's sales of the day to the yen.
  for (const it of items.filter((i) => i.name !== 'エゾシカの餌やり体験')) {
    const detail = (
      (await (await request.get(`/api/v1/items/${it.id}`)).json()) as {
        data: { lottery: boolean; additionalPlans: ItemPlanDto[] };
      }
    ).data;
    const plan = detail.additionalPlans?.[0];
    if (detail.lottery || !plan?.prices[0]) continue;
    found = { id: it.id, plan, adult: plan.prices[0].ageGroupId };
    break;
  }
  expect(found, 'a seeded item with an additional plan').toBeTruthy();
  const { id, plan, adult } = found as NonNullable<typeof found>;

  const user = await apiUser(request);
  await signInPage(page, user);
  const day = await availableDay(request, id, 2);
  await addLine(page, {
    item_id: id,
    date: day.date,
    ...(day.slotId ? { time_slot_id: day.slotId } : {}),
    quantities: [{ age_group_id: adult, quantity: 2 }],
    additional_plans: [{ plan_id: plan.id, quantities: [{ age_group_id: adult, quantity: 1 }] }],
  });
  // The seeded items with an add-on ask each holder's name first.
  await page.goto('/cart');
  await page.getByTestId('cart-proceed').first().click();
  await expect(page).toHaveURL(/\/cart\/\d+\/(add-info|payment)$/);
  if (page.url().endsWith('/add-info')) {
    const holders = page.getByTestId('add-info-ticket');
    await expect(holders).toHaveCount(2);
    await holders.nth(0).getByTestId('text-name').fill('動物 好子');
    await holders.nth(1).getByTestId('text-name').fill('動物 太郎');
    await page.getByTestId('add-info-next').click();
  }
  await expect(page).toHaveURL(/\/cart\/\d+\/payment$/);
  await acceptTerms(page);
  await page.getByTestId('pay-button').click();
  await fillCard(page, '4111111111111111');
  await page.getByTestId('card-pay').click();
  await expect(page).toHaveURL(/\/payment-completed/, { timeout: 30_000 });

  await page.goto('/my-tickets');
  await expect(page.getByText(`追加プラン：${plan.name}`).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-on-voucher-390.png`, fullPage: true });

  // The quote for the two admissions takes their voucher along: what was paid for all three.
  const auth = { Authorization: `Bearer ${user.token}` };
  const wallet = (
    (await (await request.get('/api/v1/me/tickets', { headers: auth })).json()) as {
      data: { tickets: { id: string; unitKind: string; price: number; cancellable: boolean }[] };
    }
  ).data.tickets;
  expect(wallet.filter((t) => t.unitKind === 'additional')).toHaveLength(1);
  const admissions = wallet.filter((t) => t.unitKind !== 'additional');
  expect(admissions).toHaveLength(2);
  if (admissions.every((t) => t.cancellable)) {
    const quote = await request.get(
      `/api/v1/me/tickets/cancellation-quote?ticket_ids=${admissions.map((t) => t.id).join(',')}`,
      { headers: auth },
    );
    const q = ((await quote.json()) as { data: { fee: number; refundAmount: number; refundCoins: number } }).data;
    const paid = wallet.reduce((n, t) => n + t.price, 0);
    expect(q.fee + q.refundAmount + q.refundCoins).toBe(paid);
  }
});
