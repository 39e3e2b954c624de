// Wallet open benchmark: the built PWA in headless system Chromium with its service worker, IndexedDB filled with
// 200 tickets, the network off. Measures, per navigation, the time from navigation start to the first QR code on
// screen (a ticket page, /my-tickets/ticket/:id) and to the first ticket card of My Tickets, and where the time went
// (medianBreakdown). Prints JSON with p50/p95 and the load average; targets: QR p95 under 120 ms, first card p95 under
// 250 ms. Chromium has a Japanese system font, as a phone does (BENCH_BARE_FONTS=1: none).
//   npm run build && npm run bench:wallet        (BENCH_RUNS=40 to change the number of navigations)

import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import type { WalletTicket } from '../common/dto/wallet';
import { CHROMIUM } from '../e2e/support/chromium';
import { signedInOffline, storeWallet, walletTickets } from '../e2e/support/storedWallet';
import { requireBuild, serveDist } from './lib/distServer';
import { FONTS_NOTE, phoneFontsEnv } from './lib/phoneFonts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TICKETS = 200;
const TARGET_QR_MS = 120;
const TARGET_CARD_MS = 250;
requireBuild();
// The wallet is local: the API answers nothing.
const server = await serveDist();
const base = server.base;
const tickets = walletTickets(TICKETS);

// A Japanese system font, as a phone has (BENCH_BARE_FONTS=1: none).
const browser = await chromium.launch({ ...CHROMIUM, env: phoneFontsEnv() });
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
  await signedInOffline(context, base);
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
  await storeWallet(page, tickets);
  await context.setOffline(true);

  // Per navigation: the time to the mark, and where it went (the bench's breakdown): the document's arrival, the
  // end of its parsing (inline scripts, the stylesheet they wait for), the last script or stylesheet that arrived
  // before the mark, and how many of those were asked for only after the document was parsed (a chain of requests:
  // each waited for the code that named it).
  const measure = async (path: string, key: '__qrAt' | '__cardAt', selector: string) => {
    await page.goto(path);
    await page.waitForSelector(selector, { timeout: 10_000 });
    return page.evaluate((k) => {
      const at = (window as unknown as Record<string, number>)[k] as number;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const code = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => /\.(js|css)$/.test(new URL(r.name).pathname) && r.responseEnd <= at,
      );
      return {
        at,
        documentEnd: nav.responseEnd,
        parsed: nav.domInteractive,
        lastCodeEnd: Math.max(0, ...code.map((r) => r.responseEnd)),
        askedAfterParse: code.filter((r) => r.startTime > nav.domInteractive).length,
      };
    }, key);
  };
  type Sample = Awaited<ReturnType<typeof measure>>;
  const summary = (xs: Sample[]) => {
    const of = (field: keyof Sample, p: number) =>
      percentile(
        xs.map((x) => x[field]),
        p,
      );
    return {
      p50: of('at', 50),
      p95: of('at', 95),
      max: of('at', 100),
      medianBreakdown: {
        documentEnd: of('documentEnd', 50),
        parsed: of('parsed', 50),
        lastCodeEnd: of('lastCodeEnd', 50),
        askedAfterParse: of('askedAfterParse', 50),
      },
    };
  };
  // Warm-up (first navigations compile the code).
  await measure(`/my-tickets/ticket/${tickets[0]?.id}`, '__qrAt', '[data-testid="ticket-qr"]');
  await measure('/my-tickets', '__cardAt', '[data-testid="wallet-ticket"]');

  const loadBefore = loadavg();
  const qr: Sample[] = [];
  const list: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = tickets[Math.floor(Math.random() * tickets.length)] as WalletTicket;
    qr.push(await measure(`/my-tickets/ticket/${t.id}`, '__qrAt', '[data-testid="ticket-qr"]'));
    list.push(await measure('/my-tickets', '__cardAt', '[data-testid="wallet-ticket"]'));
  }
  const cards = await page.locator('[data-testid="wallet-ticket"]').count();
  const firstQr = summary(qr);
  const firstCard = summary(list);
  const result = {
    bench: 'walletOpen',
    offline: true,
    tickets: TICKETS,
    cardsShown: cards,
    runs: RUNS,
    fonts: FONTS_NOTE,
    // This machine is shared: the figures move with its load (1, 5 and 15 minute averages, before and after).
    loadAverage: { before: loadBefore.map((l) => +l.toFixed(2)), after: loadavg().map((l) => +l.toFixed(2)) },
    targetsMs: { ticketPageFirstQrP95: TARGET_QR_MS, myTicketsFirstCardP95: TARGET_CARD_MS },
    ticketPageFirstQr: firstQr,
    myTicketsFirstCard: firstCard,
    meetsTarget: firstQr.p95 < TARGET_QR_MS && firstCard.p95 < TARGET_CARD_MS,
  };
  console.log(JSON.stringify(result, null, 2));
  await context.close();
} finally {
  await browser.close();
  server.close();
}
