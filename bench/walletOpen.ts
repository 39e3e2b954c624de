// Wallet open benchmark: the built PWA in headless system Chromium with its service worker, IndexedDB filled with
// 200 tickets, the network off. Measures, per navigation, the time from navigation start to the first QR code on
// screen (a ticket page, /my-tickets/ticket/:id) and to the first ticket card of My Tickets. Prints JSON with
// p50/p95; target: QR p95 under 300 ms.
//   npm run build && npm run bench:wallet        (BENCH_RUNS=40 to change the number of navigations)

import { chromium } from '@playwright/test';
import type { WalletTicket } from '../common/dto/wallet';
import { tokyoDate } from '../common/time';
import { CHROMIUM } from '../e2e/support/chromium';
import { FIRST_PAINT_PREFIX, firstPaintOf } from '../pwa/src/db/firstPaint';
import { requireBuild, serveDist } from './lib/distServer';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TICKETS = 200;
const TARGET_MS = 300;
requireBuild();
// The wallet is local: the API answers nothing.
const server = await serveDist();
const base = server.base;

// A realistic token: the size of a signed ticket token (65-byte binary payload + 64-byte signature, base64url).
const b64 = (n: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(Math.random() * 64)];
  return s;
};
const today = tokyoDate();
const parks = [1, 2, 3, 4, 5].map((id) => ({
  id,
  name: `テスト動物園 ${id}`,
  address: null,
  mapImageUrls: [],
  timeZone: 'Asia/Tokyo' as const,
}));
const tickets: WalletTicket[] = Array.from({ length: TICKETS }, (_, i) => ({
  id: crypto.randomUUID(),
  ticketNumber: `ZP261121-${String(1000 + Math.floor(i / 4)).padStart(6, '0')}-0${(i % 4) + 1}`,
  packNumber: null,
  orderId: 1000 + Math.floor(i / 4),
  applicationNumber: `ZP261121-${String(1000 + Math.floor(i / 4)).padStart(6, '0')}`,
  park: parks[i % parks.length] as (typeof parks)[number],
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

const browser = await chromium.launch({
  ...CHROMIUM,
});
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN).toFixed(1);
};

try {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    serviceWorkers: 'allow',
  });
  // Signed in as far as the app can tell offline (the readable expiry cookie).
  await context.addCookies([
    { name: 'access_token_expires_at', value: String(Math.floor(Date.now() / 1000) + 86_400), url: base },
  ]);
  // When the first QR code / ticket card appears, relative to navigation start.
  await context.addInitScript(() => {
    const w = window as unknown as { __qrAt?: number; __cardAt?: number };
    new MutationObserver(() => {
      if (w.__qrAt === undefined && document.querySelector('[data-testid="ticket-qr"]')) w.__qrAt = performance.now();
      if (w.__cardAt === undefined && document.querySelector('[data-testid="wallet-ticket"]')) {
        w.__cardAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto('/my-tickets');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  // Fill the wallet the app has opened (Dexie schema version 1 = IndexedDB version 10).
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('zoopass-wallet');
        open.onsuccess = () => {
          const ok = open.result.objectStoreNames.contains('tickets');
          open.result.close();
          resolve(ok);
        };
        open.onerror = () => resolve(false);
      }),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(
    ({ rows, parkRows, asOf }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('zoopass-wallet');
        open.onsuccess = () => {
          const tx = open.result.transaction(['tickets', 'parks', 'meta'], 'readwrite');
          for (const r of rows) tx.objectStore('tickets').put(r);
          for (const p of parkRows) tx.objectStore('parks').put(p);
          tx.objectStore('meta').put({ key: 'asOf', value: asOf });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { rows: tickets, parkRows: parks, asOf: new Date().toISOString() },
  );
  // And the QR first-paint entries the app keeps next to them (pwa/src/db/firstPaint.ts, written on refresh).
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    tickets.map((t): [string, string] => [
      FIRST_PAINT_PREFIX + t.id,
      JSON.stringify(firstPaintOf(t, '入場用QRコード')),
    ]),
  );
  await context.setOffline(true);

  const measure = async (path: string, key: '__qrAt' | '__cardAt', selector: string) => {
    await page.goto(path);
    await page.waitForSelector(selector, { timeout: 10_000 });
    return page.evaluate((k) => (window as unknown as Record<string, number>)[k] as number, key);
  };
  // Warm-up (first navigations compile the code).
  await measure(`/my-tickets/ticket/${tickets[0]?.id}`, '__qrAt', '[data-testid="ticket-qr"]');
  await measure('/my-tickets', '__cardAt', '[data-testid="wallet-ticket"]');

  const qr: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = tickets[Math.floor(Math.random() * tickets.length)] as WalletTicket;
    qr.push(await measure(`/my-tickets/ticket/${t.id}`, '__qrAt', '[data-testid="ticket-qr"]'));
    list.push(await measure('/my-tickets', '__cardAt', '[data-testid="wallet-ticket"]'));
  }
  const cards = await page.locator('[data-testid="wallet-ticket"]').count();
  const result = {
    bench: 'walletOpen',
    offline: true,
    tickets: TICKETS,
    cardsShown: cards,
    runs: RUNS,
    targetMs: TARGET_MS,
    ticketPageFirstQr: { p50: percentile(qr, 50), p95: percentile(qr, 95), max: percentile(qr, 100) },
    myTicketsFirstCard: { p50: percentile(list, 50), p95: percentile(list, 95), max: percentile(list, 100) },
    meetsTarget: percentile(qr, 95) < TARGET_MS,
  };
  console.log(JSON.stringify(result, null, 2));
  await context.close();
} finally {
  await browser.close();
  server.close();
}
