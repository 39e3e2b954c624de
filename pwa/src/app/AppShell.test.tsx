// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { WalletTicket } from '../../../common/dto/wallet';
import { FIRST_PAINT_PREFIX, firstPaintOf } from '../db/firstPaint';
import { AppShell } from './AppShell';

// pwa/index.html paints the header (and on a park or item page the page's picture) before the app's code has
// loaded, with its boot scripts as the build inlines them (pwa/src/boot, built by pwa/src/test/bootScripts.ts with
// these chunks and words); AppShell draws the same until the first page is ready. Any difference is a jump on screen.
const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const rootMarkup = html.match(/<div id="root">.*<\/div>/)?.[0] ?? '';
const { head: inline, body: walletInline } = inject('bootScripts');

/** Opens `path` as index.html does, its first read answering `answer`. */
function openIndex(path: string, answer: unknown) {
  document.head.innerHTML = '';
  document.body.innerHTML = rootMarkup;
  window.history.replaceState(null, '', path);
  const fetch = () => Promise.resolve(new Response(JSON.stringify(answer)));
  new Function('fetch', inline)(fetch);
}

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
const preloadedStyles = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="style"]')].map((l) => l.getAttribute('href'));

/** The first paint as index.html left it, next to AppShell's markup, both serialised by the same DOM. */
function compare() {
  const shell = document.querySelector('#root > [data-first-paint]');
  if (!shell) throw new Error('index.html drew no first paint');
  const painted = shell.cloneNode(true) as Element;
  painted.removeAttribute('data-first-paint');
  const react = document.createElement('div');
  react.innerHTML = renderToStaticMarkup(<AppShell />);
  // React's server renderer adds preload hints for images ahead of the markup; a browser's React does not.
  for (const link of react.querySelectorAll('link')) link.remove();
  return { painted: painted.outerHTML, react: react.innerHTML };
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
  document.cookie = 'locale=; path=/; max-age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
  document.cookie = 'access_token_expires_at=; path=/; max-age=0';
  delete window.zoopassFirstScreen;
  delete window.zoopassFirstPictureShown;
  delete window.zoopassEarlyReads;
});

describe("index.html's first paint and AppShell", () => {
  it('draw the same header where no picture is drawn, and the code is asked for at once', () => {
    openIndex('/find/parks', {});
    const { painted, react } = compare();
    expect(painted).toBe(react);
    expect(painted).toContain('site-nav');
    expect(preloaded()).toEqual(['/assets/start.js']);
  });

  it("draw the same park picture in the park page's place; the code is asked for once it is on screen", async () => {
    openIndex('/profile/park/3', { data: { id: 3, imageUrl: '/media/parks/ueno.webp' } });
    const picture = await vi.waitFor(() => {
      const img = document.querySelector<HTMLImageElement>('#root main .park-profile .park-hero img');
      if (!img) throw new Error('no picture yet');
      return img;
    });
    expect(picture.getAttribute('src')).toBe('/media/parks/ueno.webp');
    expect(window.zoopassFirstScreen).toMatchObject({
      path: '/profile/park/3',
      page: 'park',
      tiles: [{ id: 3, image: '/media/parks/ueno.webp' }],
    });
    const { painted, react } = compare();
    expect(painted).toBe(react);
    expect(preloaded()).toEqual([]);
    picture.dispatchEvent(new Event('load'));
    await window.zoopassFirstPictureShown;
    expect(preloaded()).toEqual(['/assets/start.js', '/assets/park.js']);
  });

  it("draw the item's picture in the item page's place", async () => {
    openIndex('/items/12', { data: { id: 12, imageUrl: '/media/items/pass.webp', availableFrom: '2020-01-01' } });
    const picture = await vi.waitFor(() => {
      const img = document.querySelector<HTMLImageElement>('#root main .item-page .park-hero img');
      if (!img) throw new Error('no picture yet');
      return img;
    });
    const { painted, react } = compare();
    expect(painted).toBe(react);
    // Settled here: its 500 ms timer would otherwise ask for the code into the next test's document (flaky under load).
    picture.dispatchEvent(new Event('load'));
    await window.zoopassFirstPictureShown;
  });

  it("draw the home's welcome and first tickets on sale in the visitor's language, their pictures first", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = 'locale=en; path=/';
    const items = [1, 2, 3, 4].map((id) => ({ id, imageUrl: `/media/items/${id}.webp` }));
    openIndex('/', { data: items });
    const first = await vi.waitFor(() => {
      const img = document.querySelector<HTMLImageElement>('#root main .park-tiles img');
      if (!img) throw new Error('no first screen yet');
      return img;
    });
    const { painted, react } = compare();
    expect(painted).toBe(react);
    expect(painted).toContain('Welcome');
    expect(painted).toContain('href="/items/3"');
    expect(painted).not.toContain('/media/items/4.webp');
    expect(preloaded()).toEqual([]);
    first.dispatchEvent(new Event('load'));
    await window.zoopassFirstPictureShown;
    expect(preloaded()).toEqual(['/assets/start.js', '/assets/home.js']);
  });

  it("a signed-in visitor's home (it may start with the parks near them) is not drawn early; the code comes at once", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = 'access_token_expires_at=2000000000; path=/';
    openIndex('/', { data: [{ id: 1, imageUrl: '/media/items/1.webp' }] });
    expect(window.zoopassFirstPictureShown).toBeUndefined();
    expect(preloaded()).toEqual(['/assets/start.js', '/assets/home.js']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('#root main')).toBeNull();
  });

  it('a wallet page asks for its code and stylesheet at once (My Tickets: once its first cards are drawn)', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = 'access_token_expires_at=2000000000; path=/';
    openIndex('/my-tickets/history', {});
    // Not My Tickets nor a ticket: every wallet page's code.
    expect(preloaded()).toEqual(['/assets/start.js', '/assets/walletAll.js']);
    expect(preloadedStyles()).toEqual(['/assets/wallet.css']);
  });

  it('a ticket whose QR code is stored: the code is asked for once the QR code is drawn, not competing with it', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = 'access_token_expires_at=2000000000; path=/';
    const id = '0b9c6f9e-6d43-4a54-9a4c-5d1f1f0c2a11';
    const entry = firstPaintOf(
      { id, token: 'TOKEN.SIGNATURE', itemName: '入園券', ticketNumber: 'ZP-1' } as WalletTicket,
      'QR',
    );
    localStorage.setItem(FIRST_PAINT_PREFIX + id, JSON.stringify(entry));
    try {
      openIndex(`/my-tickets/ticket/${id}`, {});
      expect(preloaded()).toEqual([]);
      new Function(walletInline)();
      expect(document.querySelector('#root [data-testid="ticket-qr"]')).not.toBeNull();
      expect(preloaded()).toEqual(['/assets/start.js', '/assets/ticket.js']);
    } finally {
      localStorage.clear();
    }
  });

  it('AppShell draws no picture for another page than the one index.html drew it for', () => {
    window.zoopassFirstScreen = { path: '/profile/park/3', page: 'park', tiles: [{ image: '/media/parks/ueno.webp' }] };
    window.history.replaceState(null, '', '/profile/park/4');
    expect(renderToStaticMarkup(<AppShell />)).not.toContain('ueno');
  });

  it('a park whose read fails keeps the header alone, and the code is asked for without waiting', async () => {
    document.head.innerHTML = '';
    document.body.innerHTML = rootMarkup;
    window.history.replaceState(null, '', '/profile/park/3');
    new Function('fetch', inline)(() => Promise.reject(new TypeError('offline')));
    await window.zoopassFirstPictureShown;
    expect(document.querySelector('#root main')).toBeNull();
    expect(preloaded()).toEqual(['/assets/start.js', '/assets/park.js']);
  });
});
