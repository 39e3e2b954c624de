// @vitest-environment jsdom
import { afterEach, describe, expect, inject, it } from 'vitest';
import { tokyoDate } from '../../../common/time';
import { apiPath, availabilityQuery, firstReads, itemCalendarRange, takeEarlyRead } from './earlyData';

// The head's boot script as the build inlines it into index.html (pwa/src/boot/head.ts, built by
// pwa/src/test/bootScripts.ts with pwa/src/boot/build.ts).
const { head } = inject('bootScripts');

/** Runs the head's boot script at a location; answers the URLs it fetched and their headers. */
function runInline(path: string, cookie = '', answer = '{}') {
  const calls: { url: string; init: RequestInit }[] = [];
  const url = new URL(path, 'http://localhost');
  const fakeWindow: { zoopassEarlyReads?: unknown } = {};
  const fakeFetch = (u: string, init: RequestInit) => {
    calls.push({ url: u, init });
    return Promise.resolve(new Response(answer));
  };
  const fakeDocument = {
    cookie,
    readyState: 'complete',
    querySelector: () => null,
    createElement: () => ({ setAttribute: () => undefined }),
    head: { append: () => undefined },
  };
  new Function('location', 'document', 'fetch', 'window', 'localStorage', head)(
    { pathname: url.pathname, search: url.search },
    fakeDocument,
    fakeFetch,
    fakeWindow,
    { getItem: () => null },
  );
  return { calls, reads: fakeWindow.zoopassEarlyReads };
}

afterEach(() => {
  delete window.zoopassEarlyReads;
});

describe('early reads', () => {
  it("index.html's head script asks for exactly what firstReads says, in the chosen language", () => {
    expect(head).toContain('zoopassEarlyReads');
    for (const path of [
      '/',
      '/profile/park/3',
      '/items/12',
      '/items/12?link_id=x',
      '/maps/4',
      '/maps/4/route',
      '/find/parks',
      '/items/x',
    ]) {
      const url = new URL(path, 'http://localhost');
      const expected = firstReads(url.pathname, url.search).map(apiPath);
      expect(
        runInline(path).calls.map((c) => c.url),
        path,
      ).toEqual(expected);
    }
    expect(firstReads('/').length).toBe(4);
    const [call] = runInline('/items/5', 'a=1; locale=en').calls;
    expect(call?.init.headers).toMatchObject({ 'Accept-Language': 'en' });
    expect(runInline('/items/5').calls[0]?.init.headers).toMatchObject({ 'Accept-Language': 'ja' });
  });

  it('the head script reads every answer to its end at once, taken or not', async () => {
    const { reads } = runInline('/', '', '{"data":[]}');
    const entries = Object.values(reads as Record<string, { response: Promise<unknown> }>);
    expect(entries).toHaveLength(4);
    for (const entry of entries) expect(await entry.response).toEqual({ status: 200, text: '{"data":[]}' });
  });

  it("once an item has come, the script asks for its calendar's first month as the item page does", async () => {
    const today = tokyoDate();
    const nextYear = `${Number(today.slice(0, 4)) + 1}-03-15`;
    for (const availableFrom of ['2020-01-01', today, nextYear]) {
      const item = { id: 12, availableFrom, imageUrl: '/media/items/x.svg' };
      const { calls, reads } = runInline('/items/12', '', JSON.stringify({ data: item }));
      await new Promise((r) => setTimeout(r, 10));
      const range = itemCalendarRange(availableFrom, today);
      if (!range) throw new Error('no range');
      const expected = apiPath(availabilityQuery(12, range));
      expect(calls.map((c) => c.url)).toEqual(['/api/v1/items/12', expected]);
      expect(Object.keys(reads as object)).toContain(expected);
    }
    expect(itemCalendarRange(nextYear, today)).toEqual({
      from: `${nextYear.slice(0, 7)}-01`,
      to: `${nextYear.slice(0, 7)}-31`,
    });
    // Not on the other pages.
    const park = runInline('/profile/park/3', '', JSON.stringify({ data: { id: 3, availableFrom: today } }));
    await new Promise((r) => setTimeout(r, 10));
    expect(park.calls).toHaveLength(3);
  });

  it("a map page's picture is asked for as soon as its map has come", async () => {
    const preloaded: Record<string, string>[] = [];
    const url = new URL('/maps/4', 'http://localhost');
    const fakeDocument = {
      cookie: '',
      readyState: 'complete',
      querySelector: () => null,
      createElement: () => {
        const link: Record<string, string> = {};
        return Object.assign(link, { setAttribute: (k: string, v: string) => Object.assign(link, { [k]: v }) });
      },
      head: { append: (el: Record<string, string>) => preloaded.push(el) },
    };
    const answer = JSON.stringify({ data: { image: { url: '/media/parks/x-map.svg' }, places: [] } });
    const calls: string[] = [];
    new Function('location', 'document', 'fetch', 'window', 'localStorage', head)(
      { pathname: url.pathname, search: '' },
      fakeDocument,
      (u: string) => {
        calls.push(u);
        return Promise.resolve(new Response(answer));
      },
      {},
      { getItem: () => null },
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual(['/api/v1/parks/4/map']);
    const picture = preloaded.find((l) => l.as === 'image');
    expect(picture).toMatchObject({ rel: 'preload', href: '/media/parks/x-map.svg', fetchPriority: 'high' });
  });

  it('an early answer is taken once, and not when it is stale', async () => {
    const response = { status: 200, text: '{"data":1}' };
    window.zoopassEarlyReads = {
      '/api/v1/items/5': { at: 1000, response: Promise.resolve(response) },
      '/api/v1/items/6': { at: 1000, response: Promise.resolve(response) },
    };
    expect(await takeEarlyRead('/api/v1/items/5', 2000)).toBe(response);
    expect(takeEarlyRead('/api/v1/items/5', 2000)).toBeUndefined();
    expect(takeEarlyRead('/api/v1/items/6', 1000 + 60_000)).toBeUndefined();
    expect(takeEarlyRead('/api/v1/items/7')).toBeUndefined();
  });
});
