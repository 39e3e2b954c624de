// @vitest-environment jsdom
// My Tickets' first screen, drawn by the body's boot script from the stored wallet before the app's code has loaded
// (features/wallet/firstScreen.ts), must be what MyTicketsPage's first render shows: any difference is a jump on
// screen. The boot script runs as index.html inlines it (built by pwa/src/test/bootScripts.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { WalletTicket } from '../../../../common/dto/wallet';
import { addDays, tokyoDate } from '../../../../common/time';
import { AppShell } from '../../app/AppShell';
import { makeStore } from '../../app/store';
import { walletDb } from '../../db/wallet';
import { ensureFeatureStrings, initI18n } from '../../lib/i18n';
import MyTicketsPage from './MyTicketsPage';
import { snapshot } from './prime';

const html = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');
const rootMarkup = html.match(/<div id="root">.*<\/div>/)?.[0] ?? '';
const { head: headScript, body: bodyScript, wallet: walletScript } = inject('bootScripts');

const PARKS = [
  { id: 1, name: '旭山動物園', code: 'asahiyama', mapImageUrls: ['/media/parks/asahiyama/map.png'] },
  { id: 2, name: 'Sendai Umino-Mori', code: 'sendai', mapImageUrls: [] },
];

function ticket(i: number, extra: Partial<WalletTicket> = {}): WalletTicket {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ticketNumber: `ZP261121-001000-0${i}`,
    packNumber: null,
    orderId: 1000,
    applicationNumber: 'ZP261121-001000',
    park: PARKS[i % 2] as unknown as WalletTicket['park'],
    itemId: 1,
    itemName: `入園券 <${i}> & "co"`,
    unitKind: 'basic',
    planName: null,
    ageGroupName: '大人',
    price: 1000,
    useDate: addDays(tokyoDate(), i % 3),
    time: i % 4 === 0 ? '10:00' : null,
    seatCode: i === 5 ? 'A-12' : null,
    state: 'available',
    usageTrigger: 1,
    usedAt: null,
    token: i === 6 ? null : `token-${i}`,
    faceImageUrl: null,
    needsCertificate: false,
    triggerUrl: null,
    cancellable: false,
    shareable: true,
    shareId: null,
    receivedFromShare: false,
    ...extra,
  } as WalletTicket;
}

// 15 tickets over two parks and three days: more than the first 12 cards; an add-on voucher, a seat, a ticket with
// no QR, a used one, one with a usage mark waiting to be sent.
const TICKETS = Array.from({ length: 15 }, (_, i) =>
  ticket(
    i + 1,
    i === 2
      ? { unitKind: 'additional', planName: '餌やり体験', ageGroupName: null }
      : i === 3
        ? { state: 'used' as WalletTicket['state'] }
        : {},
  ),
);
const OUTBOX = [
  {
    clientId: 'c1',
    ticketId: TICKETS[0]?.id as string,
    usedAt: new Date().toISOString(),
    state: 'pending' as const,
    attempts: 0,
  },
];

async function storeWallet() {
  const db = walletDb();
  await db.tickets.bulkPut(TICKETS);
  await db.outbox.bulkPut(OUTBOX as never);
  await db.meta.bulkPut([
    { key: 'asOf', value: '2026-11-27T09:00:00.000Z' },
    { key: 'owner', value: '7' },
    { key: 'account', value: '7' },
  ]);
}

/** Opens /my-tickets as index.html does, signed in: answers the root once the boot script has drawn. */
async function openMyTickets(locale: 'ja' | 'en', walletScriptFirst = false) {
  // biome-ignore lint/suspicious/noDocumentCookie: the readable expiry cookie the boot script looks for
  document.cookie = `access_token_expires_at=${Math.floor(Date.now() / 1000) + 3600}; path=/`;
  // biome-ignore lint/suspicious/noDocumentCookie: the language cookie
  document.cookie = `locale=${locale}; path=/`;
  document.head.innerHTML = '';
  document.body.innerHTML = rootMarkup;
  window.history.replaceState(null, '', '/my-tickets');
  new Function('fetch', headScript)(() => Promise.reject(new TypeError('offline')));
  // The head's script asked for the wallet's (jsdom loads no script file: run as the browser would, before or after
  // the body's script has started the read).
  expect(document.head.querySelector('script[src="/assets/boot-wallet.js"]')).not.toBeNull();
  if (walletScriptFirst) new Function(walletScript)();
  new Function(bodyScript)();
  if (!walletScriptFirst) new Function(walletScript)();
  await window.zoopassWalletEarly;
  await new Promise((r) => setTimeout(r, 0));
  return document.getElementById('root') as HTMLElement;
}

/** MyTicketsPage's first render (no effect has run) from the same wallet, in `locale`. */
async function pageFirstRender(locale: 'ja' | 'en') {
  const i18n = await initI18n(locale);
  await ensureFeatureStrings('wallet');
  snapshot.tickets = TICKETS;
  snapshot.outbox = OUTBOX as never;
  snapshot.meta = { asOf: '2026-11-27T09:00:00.000Z', owner: '7', account: '7' };
  const store = makeStore();
  const out = document.createElement('div');
  out.innerHTML = renderToStaticMarkup(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/my-tickets']}>
          <MyTicketsPage />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return out;
}

afterEach(async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
  document.cookie = 'access_token_expires_at=; path=/; max-age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
  document.cookie = 'locale=; path=/; max-age=0';
  delete window.zoopassWalletFirstScreen;
  delete window.zoopassWalletEarly;
  delete window.zoopassDrawMyTickets;
  delete window.zoopassMyTicketsDrawn;
  delete window.zoopassFirstPictureShown;
  const db = walletDb();
  await Promise.all([db.tickets.clear(), db.outbox.clear(), db.meta.clear()]);
});

describe("My Tickets' first screen", () => {
  for (const locale of ['ja', 'en'] as const) {
    it(`the boot script draws the page's first cards, heading and days as its first render does (${locale})`, async () => {
      await storeWallet();
      // In Japanese the wallet's script comes after the body's has started the read; in English before.
      const root = await openMyTickets(locale, locale === 'en');
      const drawn = root.querySelector('[data-testid="my-tickets"]');
      expect(drawn, root.innerHTML.slice(0, 300)).not.toBeNull();
      expect(root.querySelectorAll('[data-testid="wallet-ticket"]')).toHaveLength(12);
      expect(root.querySelector('[data-first-paint]')?.className).toBe('layout layout--map');
      // The app's code is asked for once they are drawn (boot/head.ts), not while the wallet is read.
      await window.zoopassFirstPictureShown;
      expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/wallet.js"]')).not.toBeNull();

      const page = await pageFirstRender(locale);
      const pick = (el: ParentNode, selector: string) => [...el.querySelectorAll(selector)];
      for (const selector of ['.wallet-head', '.wallet-park', '[data-testid="wallet-waiting"]']) {
        const mine = pick(root, selector);
        const react = pick(page, selector);
        expect(mine.length, selector).toBe(react.length);
        expect(mine.length, selector).toBeGreaterThan(0);
        mine.forEach((el, i) => {
          const other = react[i] as Element;
          // Attribute order may differ; isEqualNode does not look at it.
          if (!el.isEqualNode(other)) expect(el.outerHTML).toBe(other.outerHTML);
        });
      }
      // The text is escaped, not markup.
      expect(root.querySelector('.wallet-ticket__name')?.textContent).toMatch(/^入園券 <\d+> & "co"$/);
      // The QR icon is an SVG element (the HTML parser puts it in SVG's namespace).
      expect(root.querySelector('.wallet-ticket__qr svg')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    });
  }

  it('AppShell draws the same layout until the page is ready', async () => {
    await storeWallet();
    const root = await openMyTickets('ja');
    const drawn = root.firstElementChild?.cloneNode(true) as Element;
    drawn.removeAttribute('data-first-paint');
    const shell = document.createElement('div');
    shell.innerHTML = renderToStaticMarkup(<AppShell />);
    // React's server renderer adds preload hints for images ahead of the markup; a browser's React does not.
    for (const link of shell.querySelectorAll('link')) link.remove();
    if (!shell.firstElementChild?.isEqualNode(drawn)) expect(shell.innerHTML).toBe(drawn.outerHTML);
  });

  it('draws nothing with no stored tickets, with member cards (the page draws them first), signed out, or once the app has drawn', async () => {
    let root = await openMyTickets('ja');
    expect(root.querySelector('[data-testid="wallet-ticket"]')).toBeNull();

    await storeWallet();
    await walletDb().memberCards.put({ key: '1:1', passId: 1, holderId: 1 } as never);
    root = await openMyTickets('ja');
    expect(root.querySelector('[data-testid="wallet-ticket"]')).toBeNull();
    await walletDb().memberCards.clear();
    delete window.zoopassWalletFirstScreen;

    await storeWallet();
    // biome-ignore lint/suspicious/noDocumentCookie: signed out
    document.cookie = 'access_token_expires_at=; path=/; max-age=0';
    document.head.innerHTML = '';
    document.body.innerHTML = rootMarkup;
    new Function('fetch', headScript)(() => Promise.reject(new TypeError('offline')));
    new Function(bodyScript)();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.head.querySelector('script[src]')).toBeNull();
    expect(document.querySelector('[data-testid="wallet-ticket"]')).toBeNull();

    // biome-ignore lint/suspicious/noDocumentCookie: signed in again
    document.cookie = `access_token_expires_at=${Math.floor(Date.now() / 1000) + 3600}; path=/`;
    document.body.innerHTML = rootMarkup;
    new Function(bodyScript)();
    (document.getElementById('root') as HTMLElement).innerHTML = '<div class="layout">the app</div>';
    new Function(walletScript)();
    await window.zoopassWalletEarly;
    await new Promise((r) => setTimeout(r, 0));
    root = document.getElementById('root') as HTMLElement;
    expect(root.textContent).toBe('the app');
  });
});
