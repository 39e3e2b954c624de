// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from './AppShell';

// pwa/index.html paints the header (and on a park or item page the page's picture) before the app's code has
// loaded; AppShell draws the same until the first page is ready. Any difference is a jump on screen.
const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const rootMarkup = html.match(/<div id="root">.*<\/div>/)?.[0] ?? '';
const CHUNKS = { start: ['/assets/start.js'], home: ['/assets/home.js'], park: ['/assets/park.js'], item: [] };
const inline = (html.match(/<script>\s*(\/\/ The catalogue reads[\s\S]*?)<\/script>/)?.[1] ?? '').replace(
  "'__PAGE_CHUNKS__'",
  JSON.stringify(CHUNKS),
);

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
  delete window.zoopassFirstPicture;
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
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run));
    openIndex('/profile/park/3', { data: { id: 3, imageUrl: '/media/parks/ueno.webp' } });
    const picture = await vi.waitFor(() => {
      const img = document.querySelector<HTMLImageElement>('#root main .park-profile .park-hero img');
      if (!img) throw new Error('no picture yet');
      return img;
    });
    expect(picture.getAttribute('src')).toBe('/media/parks/ueno.webp');
    expect(window.zoopassFirstPicture).toEqual({ path: '/profile/park/3', image: '/media/parks/ueno.webp' });
    const { painted, react } = compare();
    expect(painted).toBe(react);
    expect(preloaded()).toEqual([]);
    picture.dispatchEvent(new Event('load'));
    await window.zoopassFirstPictureShown;
    expect(preloaded()).toEqual(['/assets/start.js', '/assets/park.js']);
    vi.unstubAllGlobals();
  });

  it("draw the item's picture in the item page's place", async () => {
    openIndex('/items/12', { data: { id: 12, imageUrl: '/media/items/pass.webp', availableFrom: '2020-01-01' } });
    await vi.waitFor(() => {
      if (!document.querySelector('#root main .item-page .park-hero img')) throw new Error('no picture yet');
    });
    const { painted, react } = compare();
    expect(painted).toBe(react);
  });

  it('AppShell draws no picture for another page than the one index.html drew it for', () => {
    window.zoopassFirstPicture = { path: '/profile/park/3', image: '/media/parks/ueno.webp' };
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
