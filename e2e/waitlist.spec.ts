// The waitlist as a visitor meets it: a slot sold out by two other buyers; on the item page the visitor picks the
// full slot and joins the waitlist with a registered card; a buyer cancels, the jobs offer the freed places; the
// visitor opens the offer from the lottery and waitlist page and accepts it; the tickets are in My Tickets.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { type ApiUser, apiUser, signInPage } from './support/accounts';
import { runJobsAt } from './support/jobs';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });

async function cardToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/sandbox/gmo/token', {
    data: { cardno: '4111111111111111', expire: '12/30', securitycode: '123', holdername: 'HANAKO DOBUTSU' },
  });
  return ((await res.json()) as { tokenObject: { token: string[] } }).tokenObject.token[0] as string;
}

/** Five places of the slot bought by card through the API, names given. */
async function buyFive(request: APIRequestContext, u: ApiUser, itemId: number, date: string, slotId: number) {
  const add = await request.post('/api/v1/carts', {
    headers: auth(u),
    data: { item_id: itemId, date, time_slot_id: slotId, quantities: [{ age_group_id: 5, quantity: 5 }] },
  });
  expect(add.status(), await add.text()).toBe(201);
  const line = (await add.json()) as { data: { id: number }; meta: { parkId: number } };
  const names = Array.from({ length: 5 }, (_, i) => ({ name: `動物 ${i + 1}郎`, gate_photo: null }));
  const put = await request.put('/api/v1/carts', {
    headers: auth(u),
    data: { data: { lines: [{ id: line.data.id, advance_info: { tickets: names } }] } },
  });
  expect(put.status(), await put.text()).toBe(200);
  const order = await request.post('/api/v1/orders', {
    headers: auth(u),
    data: { park_id: line.meta.parkId, payment_method: 1, agreement: true, card_token: await cardToken(request) },
  });
  expect(order.status(), await order.text()).toBe(201);
}

test('a full slot: join the waitlist on the item page, get an offer when a buyer cancels, accept it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const list = await request.get('/api/v1/items?per_page=100&keyword=%E3%82%A2%E3%82%B7%E3%82%AB');
  const item = ((await list.json()) as { data: { id: number; name: string }[] }).data.find(
    (i) => i.name === 'アシカと記念撮影',
  );
  expect(item, 'the seeded sea lion photo').toBeTruthy();
  const id = item?.id as number;
  const from = addDays(tokyoDate(), 8);
  const days = (
    (await (await request.get(`/api/v1/items/${id}/availability?from=${from}&to=${addDays(from, 20)}`)).json()) as {
      data: { date: string; status: string; slots: { timeSlotId: number; startTime: string; remaining: number }[] }[];
    }
  ).data.filter((d) => d.status === 'available');
  const day = days[0];
  const slot = day?.slots.find((s) => s.remaining === 10);
  expect(day && slot, 'an untouched slot').toBeTruthy();
  const date = day?.date as string;
  const slotId = slot?.timeSlotId as number;

  const [x, y, visitor] = await Promise.all([apiUser(request), apiUser(request), apiUser(request)]);
  await buyFive(request, x, id, date, slotId);
  await buyFive(request, y, id, date, slotId);
  const card = await request.post('/api/v1/me/cards', {
    headers: auth(visitor),
    data: { token: await cardToken(request) },
  });
  expect(card.status(), await card.text()).toBe(201);

  // The item page: the full slot can be chosen; the panel offers the waitlist instead of the cart.
  await signInPage(page, visitor);
  await page.goto(`/items/${id}`);
  const panel = page.getByTestId('purchase-panel');
  const dayButton = panel.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && !(await dayButton.isVisible()); i++) await panel.getByTestId('next-month').click();
  await dayButton.click();
  await panel
    .getByTestId('slot-choices')
    .locator('label')
    .filter({ hasText: slot?.startTime as string })
    .click();
  const more = panel.getByTestId('quantity-choices').getByRole('button', { name: '大人を1枚増やす' });
  await more.click();
  await more.click();
  const join = panel.getByTestId('waitlist-join');
  await expect(join).toBeVisible();
  await shot(page, 'waitlist-01-join');
  await join.getByTestId('waitlist-submit').click();
  await expect(panel.getByTestId('waitlist-joined')).toBeVisible();

  // A buyer cancels (7+ days ahead: no fee); the jobs offer the places to the visitor.
  const wallet = (await (await request.get('/api/v1/me/tickets', { headers: auth(x) })).json()) as {
    data: { tickets: { id: string }[] };
  };
  const ids = wallet.data.tickets.map((t) => t.id);
  expect(ids.length).toBe(5);
  const cancelled = await request.post('/api/v1/me/tickets/cancellations', {
    headers: auth(x),
    data: { ticket_ids: ids },
  });
  expect(cancelled.status(), await cancelled.text()).toBeLessThan(300);
  await runJobsAt(request, new Date());

  await page.goto('/my-tickets/lottery');
  const wait = page.getByTestId('waitlist-entry').first();
  await expect(wait).toHaveAttribute('data-state', 'offered');
  await shot(page, 'waitlist-02-offered');
  await wait.getByTestId('waitlist-open-offer').click();
  await expect(page).toHaveURL(/\/my-tickets\/waitlist\/\d+$/);
  await expect(page.getByTestId('offer-deadline')).toBeVisible();
  await shot(page, 'waitlist-03-offer');
  await page.getByTestId('offer-accept').click();
  await expect(page).toHaveURL(/\/my-tickets$/, { timeout: 30_000 });
  await page.goto('/my-tickets/lottery');
  await expect(page.getByTestId('waitlist-entry').first()).toHaveAttribute('data-state', 'accepted');
  const mine = (await (await request.get('/api/v1/me/tickets', { headers: auth(visitor) })).json()) as {
    data: { tickets: { id: string }[] };
  };
  expect(mine.data.tickets).toHaveLength(2);
});
