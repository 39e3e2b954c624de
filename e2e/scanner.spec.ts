// The gate scanner end to end, with Chromium's fake camera: the test renders a visitor's real ticket QR (the token
// the wallet shows) into an MJPEG file and starts Chromium with --use-file-for-fake-video-capture on it. The gate,
// offline after its sync, admits the ticket (green), then shows it already used (orange, with the gate); a ticket
// whose QR was revoked before the sync (shared on to a friend) is red offline; two devices (two browser contexts)
// admit the same ticket offline, and after they sync one admission is accepted and the other listed for review;
// back online the server holds exactly one accepted scan. Screenshots go to test-results/scanner.
import { resolve } from 'node:path';
import { type APIRequestContext, chromium, expect, type Page, test } from '@playwright/test';
import type { DayTicketsPage, FlaggedAct, StaffPark } from '../common/dto/staff';
import type { WalletTicket } from '../common/dto/wallet';
import { tokyoDate } from '../common/time';
import { type ApiUser, apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';
import { fakeCamera } from './support/chromium';
import { startClearOfMidnight } from './support/clock';
import { gatePhone, qrVideo, scanOffline as scanOfflineTo, staffToken } from './support/gate';

const SHOTS = 'test-results/scanner';
const scanOffline = (page: Page, shot: string) => scanOfflineTo(page, `${SHOTS}/${shot}.png`);
const VIDEOS = resolve('test-results/scanner/videos');

test.use({ serviceWorkers: 'allow' });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Vouchers of Asahiyama Zoo for today, paid through the PayPay sandbox in the visitor's page. */
async function buyTickets(page: Page, request: APIRequestContext, count: number): Promise<number> {
  const origin = { Origin: new URL(page.url()).origin };
  const add = await page.request.post('/api/v1/carts', {
    data: {
      item_id: await itemIdByName(request, '旭川ラーメン お食事券'),
      date: tokyoDate(),
      quantities: [{ age_group_id: 5, quantity: count }],
    },
    headers: origin,
  });
  expect(add.status(), await add.text()).toBe(201);
  const parkId = ((await add.json()) as { meta: { parkId: number } }).meta.parkId;
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: origin,
  });
  expect(order.status(), await order.text()).toBe(201);
  const payment = ((await order.json()) as { data: { payment: { url: string } } }).data.payment;
  await page.goto(payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });
  return parkId;
}

test('the gate admits offline after its sync, then says already used; a revoked QR is red; two gates admit one ticket and the server keeps one', async ({
  page,
  request,
  baseURL,
}) => {
  await startClearOfMidnight(240_000);
  // A visitor buys three tickets for today; the third is shared to a friend (its QR is revoked and replaced).
  const visitor: ApiUser = await apiUser(request, { name: '動物 好子' });
  await signInPage(page, visitor);
  const parkId = await buyTickets(page, request, 3);
  const tickets = (
    (await (await request.get('/api/v1/me/tickets', { headers: bearer(visitor.token) })).json()) as {
      data: { tickets: WalletTicket[] };
    }
  ).data.tickets.sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber));
  const [admitted, twice, shared] = tickets as [WalletTicket, WalletTicket, WalletTicket];
  const share = await request.post('/api/v1/me/ticket-shares', {
    headers: bearer(visitor.token),
    data: { ticket_ids: [shared.id] },
  });
  expect(share.status(), await share.text()).toBe(201);
  const friend = await apiUser(request, { name: '鳥 好太' });
  const shareId = ((await share.json()) as { data: { id: string } }).data.id;
  const received = await request.post(`/api/v1/ticket-shares/${shareId}/receive`, {
    headers: bearer(friend.token),
    data: {},
  });
  expect(received.status(), await received.text()).toBe(200);
  const gateToken = await staffToken(request);
  const parks = (
    (await (await request.get('/api/v1/staff/parks', { headers: bearer(gateToken) })).json()) as {
      data: StaffPark[];
    }
  ).data;
  expect(parks.map((p) => p.id)).toEqual([parkId]);
  const base = baseURL as string;

  // 1. One gate, offline after its sync: green, then (the same code read again) orange with when and which gate.
  const maker = await chromium.launch(fakeCamera(null));
  const videoA = await qrVideo(maker, admitted.token as string, VIDEOS, 'admitted');
  const videoR = await qrVideo(maker, shared.token as string, VIDEOS, 'revoked');
  const videoD = await qrVideo(maker, twice.token as string, VIDEOS, 'twice');
  await maker.close();

  const cameraA = await chromium.launch(fakeCamera(videoA));
  const one = await gatePhone(cameraA, base, gateToken, '正門1');
  const first = await scanOffline(one.page, '01-admit-offline');
  await expect(first).toHaveAttribute('data-verdict', 'admit');
  await expect(first).toContainText('入場OK');
  await expect(one.page.getByTestId('gate-waiting')).toHaveAttribute('data-count', '1');
  await one.page.getByTestId('gate-next').click();
  await expect(first).toHaveAttribute('data-verdict', 'used', { timeout: 20_000 });
  await expect(one.page.getByTestId('gate-verdict-detail')).toContainText('正門1で入場済み');
  await one.page.screenshot({ path: `${SHOTS}/02-already-used-offline.png` });
  // Back online: the admission is uploaded once, and the server has it.
  await one.page.getByTestId('gate-next').click();
  await one.context.setOffline(false);
  await expect(one.page.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  const ticketA = (await (
    await request.get(`/api/v1/me/tickets/${admitted.id}`, { headers: bearer(visitor.token) })
  ).json()) as { data: WalletTicket };
  expect(ticketA.data.state).toBe('used');
  await cameraA.close();

  // 2. The QR the visitor had before sharing the ticket on: revoked before the sync, red with no network (this gate
  // speaks English).
  const cameraR = await chromium.launch(fakeCamera(videoR));
  const red = await gatePhone(cameraR, base, gateToken, 'Main 2', 'en');
  const refused = await scanOffline(red.page, '03-revoked-offline-en');
  await expect(refused).toHaveAttribute('data-verdict', 'invalid');
  await expect(refused).toContainText('Invalid ticket');
  await expect(red.page.getByTestId('gate-verdict-detail')).toHaveAttribute('data-reason', 'revoked');
  await expect(red.page.getByTestId('gate-verdict-detail')).toContainText('no longer valid');
  await expect(red.page.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0');
  await cameraR.close();

  // 3. Two gates, both offline, admit the same ticket; they sync one after the other.
  const cameraD = await chromium.launch(fakeCamera(videoD));
  const east = await gatePhone(cameraD, base, gateToken, '東門');
  const west = await gatePhone(cameraD, base, gateToken, '西門');
  await expect(await scanOffline(east.page, '04-east-admits')).toHaveAttribute('data-verdict', 'admit');
  await expect(await scanOffline(west.page, '05-west-admits')).toHaveAttribute('data-verdict', 'admit');
  await east.context.setOffline(false);
  await expect(east.page.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  await west.context.setOffline(false);
  await expect(west.page.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0', { timeout: 20_000 });

  // The server holds one accepted admission (whichever was made first) and lists the other for review.
  const flagged = (
    (await (await request.get(`/api/v1/staff/parks/${parkId}/scans`, { headers: bearer(gateToken) })).json()) as {
      data: FlaggedAct[];
    }
  ).data.filter((f) => f.ticket.id === twice.id);
  expect(flagged).toHaveLength(1);
  const entry = flagged[0] as FlaggedAct;
  expect(entry.act).toMatchObject({ flag: 'duplicate', accepted: false, source: 'scan' });
  expect(entry.accepted).toMatchObject({ accepted: true, source: 'scan' });
  expect(new Set([entry.act.gateName, entry.accepted?.gateName])).toEqual(new Set(['東門', '西門']));
  const day = (
    (await (await request.get(`/api/v1/staff/parks/${parkId}/tickets`, { headers: bearer(gateToken) })).json()) as {
      data: DayTicketsPage;
    }
  ).data.tickets.find((t) => t.id === twice.id);
  expect(day).toMatchObject({ state: 'used', usedBy: { gateName: entry.accepted?.gateName } });

  // The review page lists it with both acts; a staff member marks it reviewed.
  await west.page.goto(`/staff/scans?park=${parkId}`);
  const listed = west.page.locator(`[data-testid="review-entry"][data-scan-id="${entry.act.scanId}"]`);
  await expect(listed).toBeVisible();
  await expect(listed.getByTestId('review-act')).toContainText(entry.act.gateName as string);
  await expect(listed.getByTestId('review-accepted')).toContainText(entry.accepted?.gateName as string);
  await expect(listed.getByTestId('review-flag')).toHaveText('重複');
  await west.page.screenshot({ path: `${SHOTS}/06-review.png`, fullPage: true });
  await listed.getByTestId('review-mark').click();
  await expect(listed).toHaveCount(0);
  await cameraD.close();
});
