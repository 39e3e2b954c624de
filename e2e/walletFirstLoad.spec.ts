// The offline wallet's first load: everything a wallet page needs to render (its code, its stylesheet, its strings)
// is asked for by index.html's boot scripts (while the document is read, or, on My Tickets, right after they have
// drawn its first cards from the stored wallet), not one import after another once the app's code has run (each step
// of such a chain is a round trip through the service worker: My Tickets took 3-4 of them). The built app is served
// as bench:wallet serves it, with no API behind it.
import { expect, test } from '@playwright/test';
import { serveDist } from '../bench/lib/distServer';
import { signedInOffline, storeWallet, walletTickets } from './support/storedWallet';
import { putWalletRows, waitForWalletDb } from './support/walletDb';

test('a wallet page opened offline asks for all of its code while the document is read', async ({ browser }) => {
  const server = await serveDist();
  const context = await browser.newContext({ baseURL: server.base, serviceWorkers: 'allow' });
  try {
    await signedInOffline(context, server.base);
    // When the page's own render first shows (index.html's first paint of a QR code has no use section; its first
    // cards of My Tickets are inside its first paint).
    await context.addInitScript(() => {
      const w = window as unknown as { __renderedAt?: number };
      new MutationObserver(() => {
        if (
          w.__renderedAt === undefined &&
          document.querySelector(
            ':not([data-first-paint]) > main [data-testid="wallet-ticket"], [data-testid="use-section"]',
          )
        ) {
          w.__renderedAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const tickets = walletTickets(20);
    await storeWallet(page, tickets);
    await context.setOffline(true);
    for (const [path, rendered] of [
      ['/my-tickets', 'wallet-ticket'],
      [`/my-tickets/ticket/${tickets[0]?.id}`, 'use-section'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(rendered).first()).toBeVisible();
      const askedLate = await page.evaluate(() => {
        const renderedAt = (window as unknown as { __renderedAt: number }).__renderedAt;
        const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
        // What the boot scripts asked for (they preload the page's chunks).
        const preloaded = new Set(
          [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map(
            (l) => new URL((l as HTMLLinkElement).href).pathname,
          ),
        );
        return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname))
          .filter((r) => r.startTime > parsed && r.responseEnd <= renderedAt)
          .map((r) => new URL(r.name).pathname)
          .filter((path) => !preloaded.has(path));
      });
      expect(
        askedLate,
        `${path}: code asked for after the document was read, by the app's code, before the page rendered`,
      ).toEqual([]);
    }
  } finally {
    await context.close();
    server.close();
  }
});

// The first cards are plain links until the app's code takes over (features/wallet/firstScreen.ts): a tap on one in
// that time opens the ticket, whenever the code arrives (the code's router takes over the address when it starts).
test("a tap on a first card before the app's code has run opens that ticket", async ({ browser }) => {
  const server = await serveDist();
  const context = await browser.newContext({ baseURL: server.base, serviceWorkers: 'block' });
  try {
    await signedInOffline(context, server.base);
    const page = await context.newPage();
    const tickets = walletTickets(6);
    await page.goto('/my-tickets');
    await waitForWalletDb(page, 15_000);
    await putWalletRows(page, {
      tickets,
      parks: [...new Map(tickets.map((t) => [t.park.id, t.park])).values()],
      meta: [{ key: 'asOf', value: new Date().toISOString() }],
    });
    for (const holdMs of [0, 150, 400, 1_000]) {
      // The app's code (every script but the boot scripts) is held back until the card has been tapped, and then
      // for holdMs more.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/(?!boot-).*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The ticket's document is slow to come (a busy server, a slow network): the code arrives in between.
      await page.route(/\/my-tickets\/ticket\//, async (route) => {
        if (route.request().resourceType() === 'document') await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto('/my-tickets', { waitUntil: 'commit' });
      const card = page.locator('#root [data-first-paint] [data-testid="wallet-ticket"] a').first();
      await expect(card).toBeVisible();
      const href = await card.getAttribute('href');
      await card.click({ noWaitAfter: true });
      setTimeout(release, holdMs);
      await expect(page, `code held ${holdMs} ms after the tap`).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByTestId('use-section'), `code held ${holdMs} ms after the tap`).toBeVisible();
      await page.unrouteAll();
    }
  } finally {
    await context.close();
    server.close();
  }
});
