// Issue 29, renewal as a member would: the park's owner makes a 30-day pass (valid from purchase, renewable from 60
// days before its end, so at once), a visitor buys it, opens the member card, follows 「更新する」, sees the new
// period continue from the old end (old end + 1 through old end + 30, not from today), pays by card, and the card
// then shows the new end; the renewed term cannot be cancelled (said before paying). 390 px, screenshots into
// test-results/passRenewal.
import { expect, type Page, test } from '@playwright/test';
import type { OfficePassProduct } from '../common/dto/pass';
import { addDays, tokyoDate } from '../common/time';
import { apiStaff, apiUser, signInPage } from './support/accounts';
import { payByCard } from './support/cart';
import { startClearOfMidnight } from './support/clock';
import { createPassProduct, OFFICE_OWNER } from './support/office';

const SHOTS = 'test-results/passRenewal';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('a member renews a pass 30 days before its end: the new term continues from the old end', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await startClearOfMidnight(240_000);
  // The owner's 30-day pass at the first park, on sale.
  const owner = await apiStaff(request, OFFICE_OWNER);
  const staffAuth = { Authorization: `Bearer ${owner.token}` };
  const family = (
    (await (await request.get('/api/v1/staff/parks/1/pass-products', { headers: staffAuth })).json()) as {
      data: OfficePassProduct[];
    }
  ).data[0] as OfficePassProduct;
  const parkId = family.parkId;
  const name = `30日パス ${Date.now().toString(36)}`;
  const itemId = await createPassProduct(request, owner, parkId, {
    name_ja: name,
    name_en: `30-day pass ${Date.now().toString(36)}`,
    description_ja: '30日間、何度でも入園できます。',
    validity_days: 30,
    prices: [{ age_group_id: 5, unit_kind: 'basic', price: 3000 }],
    renewal: { window_days: 60, prices: [{ age_group_id: 5, unit_kind: 'basic', price: 2500 }] },
  });

  // A visitor buys it by card: valid from today through today + 29.
  const visitor = await apiUser(request, { name: '動物 更新' });
  await signInPage(page, visitor);
  await page.setViewportSize({ width: 390, height: 844 });
  const pay = async () => {
    await page.goto('/cart');
    await page.getByTestId('cart-proceed').first().click();
    await page.waitForURL(/\/cart\/\d+\/(add-info|payment)$/);
    if (page.url().endsWith('/add-info')) {
      await page.getByTestId('pass-holder').first().getByTestId('pass-holder-name').fill('動物 更新');
      await page.getByTestId('add-info-next').click();
    }
    await payByCard(page);
  };
  const added = await page.request.post('/api/v1/carts', {
    data: { item_id: itemId, quantities: [{ age_group_id: 5, quantity: 1 }] },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(added.status(), await added.text()).toBe(201);
  await pay();
  const oldEnd = addDays(tokyoDate(), 29);

  // The card offers the renewal; the renewal page says old end + 1 → old end + 30 and that it cannot be cancelled.
  await page.goto('/my-tickets');
  await page.getByTestId('member-card-entry').filter({ hasText: name }).getByRole('link').first().click();
  await expect(page.getByTestId('member-card-page')).toBeVisible();
  await page.getByTestId('pass-renew-link').click();
  await expect(page.getByTestId('pass-renew-page')).toBeVisible();
  const period = page.getByTestId('renewal-period');
  const ymd = (d: string) => {
    const [y, m, day] = d.split('-').map(Number);
    return `${y}年${m}月${day}日`;
  };
  await expect(period).toContainText(ymd(addDays(oldEnd, 30)));
  await expect(page.getByTestId('renewal-price')).toContainText('2,500');
  await expect(page.getByTestId('renewal-no-cancel')).toBeVisible();
  await shot(page, 'renew-390');
  await page.getByTestId('renewal-submit').click();
  await expect(page).toHaveURL(/\/cart/);
  await pay();

  // The card now runs to the old end + 30 days.
  const cards = (
    (await (
      await request.get('/api/v1/me/passes', { headers: { Authorization: `Bearer ${visitor.token}` } })
    ).json()) as { data: { cards: { passNumber: string; validUntil: string | null; terms: unknown[] }[] } }
  ).data.cards;
  expect(cards).toHaveLength(1);
  expect(cards[0]?.validUntil).toBe(addDays(oldEnd, 30));
  expect(cards[0]?.terms).toHaveLength(2);
  await page.goto('/my-tickets');
  await page.getByTestId('member-card-entry').filter({ hasText: name }).getByRole('link').first().click();
  await expect(page.getByTestId('member-card-page')).toContainText(ymd(addDays(oldEnd, 30)));
  await shot(page, 'renewed-card-390');

  // The test's product leaves the catalogue (the specs after this one see the seeded catalogue only).
  for (const label of [5, 6]) {
    const moved = await request.post(`/api/v1/staff/parks/${parkId}/items/${itemId}/sale-label`, {
      headers: staffAuth,
      data: { sale_label: label },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
});
