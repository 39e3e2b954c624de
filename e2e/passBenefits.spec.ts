// The cart with an annual pass's member discount and a guest voucher (issue 29, passes/README.md 2.11), at 390 px in
// ja and en. The cart answer is a fixture (the pricing itself is proven in server/test/passBenefits.test.ts): this
// spec looks at how the discount line, the voucher line and the voucher control read on a phone.
import { expect, type Page, test } from '@playwright/test';
import type { Cart } from '../common/dto/cart';
import { apiUser, signInPage } from './support/accounts';

const SHOTS = 'screenshots-pass-benefits';

function fixtureCart(): Cart {
  const expiresAt = new Date(Date.now() + 14 * 60_000).toISOString();
  const line = {
    imageUrl: '/media/test.svg',
    timeSlot: null,
    time: null,
    seatCodes: [],
    additionalPlans: [],
    disabilityQuantity: 0,
    companionQuantity: 0,
    disabilityUnitPrice: null,
    quantity: null,
    packUnitPrice: null,
    expiresAt,
    advanceInfo: null,
    advanceInfoFields: [],
    lottery: false,
    pendingOrderId: null,
    pass: null,
    ticketPackId: null,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
  };
  return {
    park: { id: 1, name: '上野動物園' },
    lines: [
      {
        ...line,
        id: 101,
        kind: 'item',
        itemId: 11,
        name: 'ナイトツアー',
        quantities: [{ ageGroupId: 5, ageGroupName: '大人', quantity: 2, unitPrice: 1000 }],
        people: 2,
        subtotal: 1900,
        memberDiscount: 100,
        passVoucher: null,
        voucherPasses: [],
      },
      {
        ...line,
        id: 102,
        kind: 'item',
        itemId: 12,
        name: '入園券',
        quantities: [{ ageGroupId: 5, ageGroupName: '大人', quantity: 3, unitPrice: 600 }],
        people: 3,
        subtotal: 1200,
        memberDiscount: 0,
        passVoucher: { passId: 7, quantity: 1, amount: 600 },
        voucherPasses: [{ passId: 7, passNumber: 'P001-0000042', left: 1 }],
      },
    ],
    subtotal: 3100,
    memberDiscount: 700,
    expiresAt,
  };
}

async function fixture(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/v1/carts' || url.pathname === '/api/v1/carts/1',
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const cart = fixtureCart();
      const meta = { notices: [], holdMinutes: 15, serverTime: new Date().toISOString() };
      const data = route.request().url().includes('/carts/1') ? cart : [cart];
      return route.fulfill({ json: { data, meta } });
    },
  );
}

for (const lang of ['ja', 'en'] as const) {
  test(`the cart shows the member discount and a guest voucher (${lang}, 390 px)`, async ({ browser, request }) => {
    const user = await apiUser(request);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: lang === 'en' ? 'en-GB' : 'ja-JP',
    });
    const page = await context.newPage();
    if (lang === 'en') {
      const base = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
      await context.addCookies([{ name: 'locale', value: 'en', url: base }]);
    }
    await signInPage(page, user);
    await fixture(page);
    await page.goto('/cart');
    await expect(page.getByTestId('line-member-discount')).toBeVisible();
    await expect(page.getByTestId('line-guest-voucher')).toBeVisible();
    await expect(page.getByTestId('guest-vouchers')).toBeVisible();
    await expect(page.getByTestId('cart-member-discount')).toContainText('700');
    await page.screenshot({ path: `${SHOTS}/cart-${lang}-390.png`, fullPage: true });
    await context.close();
  });
}
