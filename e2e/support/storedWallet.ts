// A wallet stored on the device as the app keeps it (IndexedDB 'zoopass-wallet' and the QR first-paint entries in
// localStorage), written straight into a page of the built app: bench:wallet and the first-load test open the
// wallet offline from it with no server behind the app.
import type { BrowserContext, Page } from '@playwright/test';
import type { WalletTicket } from '../../common/dto/wallet';
import { tokyoDate } from '../../common/time';
import { FIRST_PAINT_PREFIX, firstPaintOf } from '../../pwa/src/db/firstPaint';
import { putWalletRows, waitForWalletDb } from './walletDb';

// A realistic token: the size of a signed ticket token (65-byte binary payload + 64-byte signature, base64url).
const b64 = (n: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(Math.random() * 64)];
  return s;
};

const PARKS = [1, 2, 3, 4, 5].map((id) => ({
  id,
  name: `テスト動物園 ${id}`,
  address: null,
  mapImageUrls: [],
  timeZone: 'Asia/Tokyo' as const,
}));

/** `count` tickets of today over five parks, four to an order. */
export function walletTickets(count: number): WalletTicket[] {
  const today = tokyoDate();
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    ticketNumber: `ZP261121-${String(1000 + Math.floor(i / 4)).padStart(6, '0')}-0${(i % 4) + 1}`,
    packNumber: null,
    orderId: 1000 + Math.floor(i / 4),
    applicationNumber: `ZP261121-${String(1000 + Math.floor(i / 4)).padStart(6, '0')}`,
    park: PARKS[i % PARKS.length] as (typeof PARKS)[number],
    itemId: 1 + (i % 17),
    itemName: `入園券 ${i % 17}`,
    unitKind: 'basic',
    planName: null,
    ageGroupName: '大人',
    price: 1000,
    useDate: today,
    time: i % 3 === 0 ? '10:00' : null,
    seatCode: null,
    state: 'available',
    usageTrigger: 1,
    usedAt: null,
    token: `${b64(87)}.${b64(86)}`,
    faceImageUrl: null,
    needsCertificate: false,
    triggerUrl: null,
    cancellable: false,
    shareable: true,
    shareId: null,
    receivedFromShare: false,
  }));
}

/** Signed in as far as the app can tell offline: the readable expiry cookie. */
export async function signedInOffline(context: BrowserContext, base: string): Promise<void> {
  await context.addCookies([
    { name: 'access_token_expires_at', value: String(Math.floor(Date.now() / 1000) + 86_400), url: base },
  ]);
}

/**
 * Opens My Tickets, waits for the service worker to control the page and for the app to have made its wallet
 * database, then stores `tickets` in it with their QR first-paint entries.
 */
export async function storeWallet(page: Page, tickets: WalletTicket[]): Promise<void> {
  await page.goto('/my-tickets');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  await waitForWalletDb(page, 15_000);
  await putWalletRows(page, { tickets, parks: PARKS, meta: [{ key: 'asOf', value: new Date().toISOString() }] });
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    tickets.map((t): [string, string] => [
      FIRST_PAINT_PREFIX + t.id,
      JSON.stringify(firstPaintOf(t, '入場用QRコード')),
    ]),
  );
}
