// Issue 26: axe finds no serious or critical violation on EVERY route of the route table (common/routes.ts) and
// every staff page, in ja and en, at 390 and 1280 px: as a guest, as a signed-in visitor and parent (a ticket in
// My Tickets, a line in the cart) on the member pages, and as the owner of a park on the staff pages (with that
// park's id). label-content-name-mismatch (experimental in axe, the rule of the report) is switched on too.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ROUTES, type RouteDef } from '../common/routes';
import { apiStaff, apiUser, signInPage } from './support/accounts';
import { addLine, availableDay, itemIdByName } from './support/cart';

test.use({ serviceWorkers: 'block' });

const first = async (request: APIRequestContext, url: string) =>
  String(((await (await request.get(url)).json()) as { data: { id: number }[] }).data[0]?.id ?? 1);

/** A path of the route table with its parameters filled in. */
const fill = (route: RouteDef, ids: Record<string, string>, special: Record<string, string>) =>
  special[route.name] ?? route.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? '1');

const isStaff = (r: RouteDef) => r.path.startsWith('/staff');
const isMember = (r: RouteDef) =>
  !isStaff(r) && (/^\/(me|my-tickets|cart|payment|product)(\/|$)/.test(r.path) || (r.guards?.length ?? 0) > 0);

/** A visitor with a paid ticket (PayPay sandbox) and a line left in the cart: answers the ticket's id. */
async function visitorWithTicket(page: Page, request: APIRequestContext): Promise<string> {
  await signInPage(page, await apiUser(request));
  const id = await itemIdByName(request, '仙台うみの杜水族館 入館券');
  const day = await availableDay(request, id, 1, 3);
  const parkId = await addLine(page, { item_id: id, date: day.date, quantities: [{ age_group_id: 5, quantity: 1 }] });
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto(((await order.json()) as { data: { payment: { url: string } } }).data.payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  const later = await availableDay(request, id, 1, 5);
  await addLine(page, { item_id: id, date: later.date, quantities: [{ age_group_id: 5, quantity: 2 }] });
  const tickets = await page.request.get('/api/v1/me/tickets');
  const list = ((await tickets.json()) as { data: { tickets: { id: string }[] } }).data.tickets;
  expect(list.length).toBeGreaterThan(0);
  return list[0]?.id as string;
}

/** Routes a guest is sent away from to the sign-in page: swept as a guest once (the same page each time), each as a
 *  member or staff below. */
const needsSignIn = (r: RouteDef) => (r.guards ?? []).some((g) => g === 'auth' || g === 'auth-parent');

for (const lang of ['ja', 'en'] as const) {
  test(`axe: every route and staff page, ${lang} at 390 and 1280 px, no serious or critical violation`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(1_200_000);
    const origin = new URL(`http://localhost:${process.env.E2E_PORT ?? 4173}`).origin;
    const ids = { provider: 'google', park: '1', parkId: '1', token: 'not-a-token', slug: 'terms', id: '1' };
    const special: Record<string, string> = {
      item: `/items/${await first(request, '/api/v1/items?per_page=1')}`,
      'profile-living-thing': `/profile/living-thing/${await first(request, '/api/v1/living-things?per_page=1')}`,
      'profile-park-living-thing': `/profile/park-living-thing/${await first(request, '/api/v1/park-living-things?per_page=1')}`,
      story: `/story/${await first(request, '/api/v1/stories?per_page=1')}`,
      'ticket-pack': `/ticket-pack/${await first(request, '/api/v1/ticket-packs?per_page=1')}`,
      'my-ticket': '/my-tickets/ticket/00000000-0000-4000-8000-000000000000',
    };
    const failures: string[] = [];
    const serious = async () =>
      (
        await new AxeBuilder({ page })
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
          .analyze()
      ).violations
        .filter((x) => x.impact === 'serious' || x.impact === 'critical')
        .map((v) => {
          const nodes = v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`);
          return `${v.id} (${v.impact}) ${nodes.join(', ')}`;
        });
    const check = async (who: string, path: string, width: number) => {
      await expect(page.locator('[aria-busy="true"], .loading')).toHaveCount(0, { timeout: 15_000 });
      const found = await serious();
      if (found.length === 0) return;
      // A finding is checked again a second later: one seen once (a page still laying out under axe; a run once
      // found a story's date on a park page, never again in 12 loads) is said, and what stays is a failure.
      await page.waitForTimeout(1_000);
      const again = await serious();
      for (const finding of found) {
        const kept = again.includes(finding);
        // Said as found: a sweep of every page takes minutes.
        console.log(`axe ${lang}${kept ? '' : ' (gone a second later)'}: ${who} ${path} at ${width} px: ${finding}`);
      }
      for (const finding of again) failures.push(`${who} ${path} at ${width} px: ${finding}`);
    };
    // Each page is loaded once at 390 px and checked, then widened to 1280 px (the layout follows the width by CSS
    // and matchMedia) and checked again: half the loads of a sweep per width.
    const sweep = async (who: string, routes: readonly RouteDef[], extra: Record<string, string> = {}) => {
      for (const route of routes) {
        const path = fill(route, ids, { ...special, ...extra });
        await page.setViewportSize({ width: 390, height: 900 });
        await page.goto(path);
        await page
          .locator('main, #main')
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        await check(who, path, 390);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await check(who, path, 1280);
      }
    };
    await context.addCookies([{ name: 'locale', value: lang, url: origin }]);

    // A guest: every page that needs no sign-in, and the sign-in page the others send a guest to (the first of them).
    const firstSignInOnly = ROUTES.find(needsSignIn);
    await sweep(
      'guest',
      ROUTES.filter((r) => !needsSignIn(r) || r === firstSignInOnly),
    );

    // The visitor (a parent account): every member page, with their own ticket's pages.
    const ticketId = await visitorWithTicket(page, request);
    await context.addCookies([{ name: 'locale', value: lang, url: origin }]);
    await sweep('visitor', ROUTES.filter(isMember), {
      'my-ticket': `/my-tickets/ticket/${ticketId}`,
      'my-ticket-detail': `/my-tickets/ticket/${ticketId}/detail`,
      'my-ticket-advance-information': `/my-tickets/ticket/${ticketId}/advance-information`,
    });

    // The owner of the park (every staff role passes): every staff page with that park's id.
    await context.clearCookies();
    const owner = await apiStaff(request, 'office@staff.zoopass.jp');
    const parks = (
      (await (
        await request.get('/api/v1/staff/parks', { headers: { Authorization: `Bearer ${owner.token}` } })
      ).json()) as { data: { id: number }[] }
    ).data;
    ids.parkId = String(parks[0]?.id ?? 1);
    await signInPage(page, owner);
    await context.addCookies([{ name: 'locale', value: lang, url: origin }]);
    await sweep('staff', ROUTES.filter(isStaff));

    expect(failures).toEqual([]);
  });
}
