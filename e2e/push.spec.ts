// Web push reaches the service worker (no push service is reachable from our machines: the message is delivered
// through the DevTools protocol, as a push service would): it is shown with its text and target.
import { expect, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { apiUser, signInPage } from './support/accounts';

test('a push delivered to the service worker shows a notification with its target', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const ours = e.registrations.find((r) => r.scopeURL.startsWith(new URL(page.url()).origin));
        if (ours) resolve(ours.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const message = {
    web_push: 8030,
    notification: {
      title: 'チケットを受け取りました',
      body: '旭山動物園 入園券のチケット2枚がマイチケットに入りました。',
      navigate: `${new URL(page.url()).origin}/my-tickets`,
      lang: 'ja',
      tag: 'share-abc',
    },
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(message),
  });
  // The open page hears of it once the notification is shown (a toast). Only then is the list read: Chromium can
  // drop a notification whose showNotification overlaps a getNotifications (seen about once in 25 runs).
  await expect(page.getByText('チケットを受け取りました')).toBeVisible();
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        }));
      }),
    )
    .toEqual([
      {
        title: 'チケットを受け取りました',
        body: '旭山動物園 入園券のチケット2枚がマイチケットに入りました。',
        tag: 'share-abc',
        data: { navigate: message.notification.navigate },
      },
    ]);
});

test('the visitor turns notifications on with a tap (the subscription reaches the server), and the inbox and its unread count follow', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  // No push service is reachable from here: the browser's subscribe is stood in for, with real-looking keys.
  await page.addInitScript(() => {
    const p256dh = `B${'A'.repeat(86)}`;
    let subscription: unknown = null;
    const fake = {
      endpoint: 'https://push.example.test/send/abc123',
      toJSON: () => ({
        endpoint: 'https://push.example.test/send/abc123',
        expirationTime: null,
        keys: { p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      }),
    };
    PushManager.prototype.subscribe = async () => {
      subscription = fake;
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => subscription as PushSubscription | null;
  });
  const user = await apiUser(request, { profile: 'phone' });
  await signInPage(page, user);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A free infant admission: the order completes at once and its notification is in the inbox.
  const items = (await (await request.get('/api/v1/items?tab=available&per_page=100')).json()) as {
    data: { id: number; name: string }[];
  };
  const item = items.data.find((i) => i.name === '旭川市旭山動物園 入園券') as { id: number };
  const from = addDays(tokyoDate(), 7);
  const days = (await (
    await request.get(`/api/v1/items/${item.id}/availability?from=${from}&to=${addDays(from, 30)}`)
  ).json()) as {
    data: { date: string; status: string }[];
  };
  const date = days.data.find((d) => d.status === 'available')?.date as string;
  const origin = { Origin: new URL(page.url()).origin };
  const line = await page.request.post('/api/v1/carts', {
    data: { item_id: item.id, date, quantities: [{ age_group_id: 1, quantity: 1 }] },
    headers: origin,
  });
  const parkId = ((await line.json()) as { meta: { parkId: number } }).meta.parkId;
  const order = await page.request.post('/api/v1/orders', {
    data: { park_id: parkId, payment_method: 4, agreement: true },
    headers: origin,
  });
  expect(order.status(), await order.text()).toBe(201);

  await page.goto('/me/notification');
  await expect(page.getByTestId('unread-count')).toContainText('1');
  const inbox = page.getByTestId('inbox');
  await expect(inbox.getByTestId('inbox-item').first()).toContainText('お支払いが完了しました');
  const subscribed = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/me/push-subscriptions') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: '通知を受け取る' }).click();
  expect((await subscribed).status()).toBe(201);
  await expect(page.getByTestId('push-state')).toHaveText('この端末で通知を受け取る設定になっています。');
  await inbox.getByRole('button', { name: 'すべて既読にする' }).click();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
  await expect(page.getByTestId('inbox-unread')).toHaveCount(0);
});
