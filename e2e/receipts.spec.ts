// Issue 31: a paid order's receipt page at 390 px, in ja and en: the addressee is set before the first download,
// the PDF downloads (a PDF file), and then the addressee is shown as fixed. Screenshots looked at.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiUser, signInPage } from './support/accounts';
import { availableDay } from './support/cart';

const SHOTS = 'screenshots-receipts';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['ja', 'en'] as const) {
  test(`the receipt page sets the addressee, downloads the PDF, then shows the name fixed (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const items = (
      (await (await request.get('/api/v1/items?tab=available&per_page=100')).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
    const user = await apiUser(request);
    await signInPage(page, user);
    await page.context().addCookies([{ name: 'locale', value: lang, url: new URL(page.url()).origin }]);
    let parkId = 0;
    for (const it of items) {
      const detail = (
        (await (await request.get(`/api/v1/items/${it.id}`)).json()) as {
          data: { lottery: boolean; advanceInfoFields?: unknown[]; prices?: { ageGroupId: number }[] };
        }
      ).data;
      if (detail.lottery || (detail.advanceInfoFields?.length ?? 0) > 0) continue;
      const day = await availableDay(request, it.id, 1).catch(() => null);
      if (!day) continue;
      const res = await page.request.post('/api/v1/carts', {
        data: {
          item_id: it.id,
          date: day.date,
          ...(day.slotId ? { time_slot_id: day.slotId } : {}),
          quantities: [{ age_group_id: 5, quantity: 1 }],
        },
        headers: { Origin: new URL(page.url()).origin },
      });
      if (res.status() !== 201) continue;
      parkId = ((await res.json()) as { meta: { parkId: number } }).meta.parkId;
      break;
    }
    expect(parkId).toBeGreaterThan(0);
    const token = (
      (await (
        await request.post('/sandbox/gmo/token', {
          data: { cardno: '4111111111111111', expire: '12/30', securitycode: '123', holdername: 'HANAKO YAMADA' },
        })
      ).json()) as { tokenObject: { token: string[] } }
    ).tokenObject.token[0];
    const order = await page.request.post('/api/v1/orders', {
      data: { park_id: parkId, agreement: true, payment_method: 1, card_token: token },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(order.status(), await order.text()).toBe(201);
    const orderId = ((await order.json()) as { data: { orderId: number } }).data.orderId;

    await page.goto(`/my-tickets/orders/${orderId}/receipt`);
    await expect(page.getByTestId('receipt-page')).toBeVisible();
    await page.locator('#receipt-name').fill('山田花子');
    await page.getByRole('button', { name: lang === 'ja' ? '宛名を保存' : 'Save addressee' }).click();
    await page.screenshot({ path: `${SHOTS}/receipt-page-${lang}-390.png`, fullPage: true });
    const pdf = await page.request.get(`/api/v1/me/orders/${orderId}/receipt.pdf?lang=${lang}`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.reload();
    await expect(page.getByTestId('receipt-name')).toContainText('山田花子');
    await page.screenshot({ path: `${SHOTS}/receipt-page-fixed-${lang}-390.png`, fullPage: true });
  });
}
