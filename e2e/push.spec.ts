// Web push reaches the service worker (no push service is reachable from our machines: the message is delivered
// through the DevTools protocol, as a push service would): it is shown with its text and target.
import { expect, test } from '@playwright/test';

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
