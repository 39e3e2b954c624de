// Issue 29's proof at the gate: a family pass for two adults and the family's kids account, bought and paid (PayPay
// sandbox), a face photo uploaded for each holder; a gate phone (Chromium's fake camera filming the holder's member
// card QR, as the wallet draws it) syncs the park's holder list with thumbnails, goes offline, admits each holder
// once showing their photo and name, and refuses the same card again the same day (the pass admits once a day, no
// re-entry). Back online the admissions are uploaded once: each holder has one visit today at that gate. Then a
// holder's card is reissued (a lost phone): a gate that synced after it refuses the old QR offline.
// Screenshots into test-results/passAtGate.
import { resolve } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { MemberCard, PassVisit } from '../common/dto/pass';
import { tokyoDate } from '../common/time';
import { apiUser, signInPage } from './support/accounts';
import { itemIdByName } from './support/cart';
import { fakeCamera } from './support/chromium';
import { startClearOfMidnight } from './support/clock';
import { gatePhone, qrVideo, scanOffline, staffToken } from './support/gate';

const SHOTS = 'test-results/passAtGate';
const VIDEOS = resolve(`${SHOTS}/videos`);

test.use({ serviceWorkers: 'allow' });

test('a family pass at the gate offline: each holder admitted once with their photo, the second entry refused', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await startClearOfMidnight(300_000);
  const parent = await apiUser(request, { name: '動物 花子' });
  const auth = { Authorization: `Bearer ${parent.token}` };
  const me = ((await (await request.get('/api/v1/me', { headers: auth })).json()) as { data: { id: number } }).data;
  const kidRes = await request.post('/api/v1/me/childs', {
    headers: auth,
    data: { name: '動物 こども', birthdate: '2018-05-05' },
  });
  expect(kidRes.status(), await kidRes.text()).toBe(201);
  const kid = ((await kidRes.json()) as { data: { id: number } }).data;

  // The family pass: two adults and a child in the cart, the holders named, paid through the PayPay sandbox.
  await signInPage(page, parent);
  const origin = { Origin: new URL(page.url()).origin };
  const added = await page.request.post('/api/v1/carts', {
    data: {
      item_id: await itemIdByName(request, 'ファミリー年間パスポート'),
      quantities: [
        { age_group_id: 5, quantity: 2 },
        { age_group_id: 2, quantity: 1 },
      ],
    },
    headers: origin,
  });
  expect(added.status(), await added.text()).toBe(201);
  const line = (await added.json()) as { data: { id: number }; meta: { parkId: number } };
  const parkId = line.meta.parkId;
  const named = await page.request.put(`/api/v1/carts/${parkId}/lines/${line.data.id}/pass`, {
    data: {
      holders: [
        { position: 1, holder_user_id: me.id, name: '動物 花子', age_group_id: 5, unit_kind: 'basic' },
        { position: 2, name: '動物 太郎', age_group_id: 5, unit_kind: 'basic' },
        { position: 3, holder_user_id: kid.id, name: '動物 こども', age_group_id: 2, unit_kind: 'basic' },
      ],
    },
    headers: origin,
  });
  expect(named.status(), await named.text()).toBe(200);
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 3, agreement: true },
    headers: origin,
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto(((await order.json()) as { data: { payment: { url: string } } }).data.payment.url);
  await page.getByRole('button', { name: /Approve/ }).click();
  await expect(page).toHaveURL(/\/payment-completed\?order=\d+$/, { timeout: 30_000 });

  // A face photo for each holder, uploaded by the owner and linked to the holder's card.
  const readCards = async () =>
    ((await (await request.get('/api/v1/me/passes', { headers: auth })).json()) as { data: { cards: MemberCard[] } })
      .data.cards;
  const cards = (await readCards()).sort((a, b) => a.position - b.position);
  expect(cards.map((c) => c.holderName)).toEqual(['動物 花子', '動物 太郎', '動物 こども']);
  const skins = ['#f1c7a5', '#e0b08c', '#f6d3b8'];
  for (const [i, card] of cards.entries()) {
    const face = await sharp({ create: { width: 300, height: 400, channels: 3, background: skins[i] as string } })
      .composite([
        {
          input: await sharp({ create: { width: 300, height: 110, channels: 3, background: '#3b2a1e' } })
            .png()
            .toBuffer(),
          top: 0,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const up = await request.post('/api/v1/me/pass-photos', {
      headers: auth,
      multipart: { photo: { name: `face${i}.jpg`, mimeType: 'image/jpeg', buffer: face } },
    });
    expect(up.status(), await up.text()).toBe(201);
    const photoId = ((await up.json()) as { data: { id: string } }).data.id;
    const link = await request.put(`/api/v1/me/passes/${card.passId}/holders/${card.holderId}/photo`, {
      headers: auth,
      data: { photo_id: photoId },
    });
    expect(link.status(), await link.text()).toBe(200);
  }

  // Each holder at a gate phone whose camera films their card's QR: synced online, then offline.
  const gateToken = await staffToken(request);
  const maker = await chromium.launch(fakeCamera(null));
  const videos: string[] = [];
  for (const card of cards) {
    videos.push(await qrVideo(maker, card.terms[0]?.token as string, VIDEOS, `holder-${card.position}`));
  }
  await maker.close();
  for (const [i, card] of cards.entries()) {
    const camera = await chromium.launch(fakeCamera(videos[i] as string));
    const gate = await gatePhone(camera, baseURL as string, gateToken, '正門');
    expect(gate.parkId).toBe(parkId);
    const verdict = await scanOffline(gate.page, `${SHOTS}/admit-${card.position}-390.png`);
    await expect(verdict).toHaveAttribute('data-verdict', 'admit');
    await expect(gate.page.getByTestId('gate-pass-name')).toHaveText(card.holderName);
    const photo = gate.page.getByTestId('gate-pass-photo');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    expect((await photo.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
    // The same card again today: refused as already used (once a day, this pass has no re-entry), face shown.
    await gate.page.getByTestId('gate-next').click();
    await expect(verdict).toHaveAttribute('data-verdict', 'used', { timeout: 20_000 });
    await expect(gate.page.getByTestId('gate-pass-name')).toHaveText(card.holderName);
    await gate.page.screenshot({ path: `${SHOTS}/again-${card.position}-390.png` });
    // Back online: the one admission is uploaded.
    await gate.page.getByTestId('gate-next').click();
    await gate.context.setOffline(false);
    await expect(gate.page.getByTestId('gate-waiting')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
    await camera.close();
  }

  // The server counted one visit per holder today, at that gate; the pass started today (valid from first entry).
  const list = (
    (await (await request.get(`/api/v1/me/passes/${cards[0]?.passId}/visits`, { headers: auth })).json()) as {
      data: PassVisit[];
    }
  ).data;
  expect(list.filter((v) => v.date === tokyoDate()).map((v) => [v.holderName, v.entries, v.gateName])).toEqual(
    expect.arrayContaining([
      ['動物 花子', 1, '正門'],
      ['動物 太郎', 1, '正門'],
      ['動物 こども', 1, '正門'],
    ]),
  );
  expect(list.filter((v) => v.date === tokyoDate())).toHaveLength(3);
  const after = (await readCards()).find((c) => c.holderId === cards[0]?.holderId);
  expect(after?.validFrom).toBe(tokyoDate());

  // A lost phone: the owner reissues 動物 太郎's card. A gate that syncs after it refuses the old phone's QR offline
  // (revoked), with the holder's number shown; the new card's QR is another.
  const lost = cards[1] as MemberCard;
  const reissued = await request.post(`/api/v1/me/passes/${lost.passId}/holders/${lost.holderId}/reissue`, {
    headers: auth,
  });
  expect(reissued.status(), await reissued.text()).toBe(200);
  const fresh = (await readCards()).find((c) => c.holderId === lost.holderId);
  expect(fresh?.terms[0]?.token).toBeTruthy();
  expect(fresh?.terms[0]?.token).not.toBe(lost.terms[0]?.token);
  const camera = await chromium.launch(fakeCamera(videos[1] as string));
  const gate = await gatePhone(camera, baseURL as string, gateToken, '正門');
  const verdict = await scanOffline(gate.page, `${SHOTS}/reissued-old-qr-390.png`);
  await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
  await expect(gate.page.getByTestId('gate-verdict-detail')).toHaveAttribute('data-reason', 'revoked');
  await camera.close();
});
