// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatDuration, queryFromSearch, searchFromQuery } from './searchParams';
import { isInlineableMovie, sanitizeSvg } from './svg';

describe('story search params', () => {
  it('round-trips list, keyword, park and page; a seed only for randoms', () => {
    const s = searchFromQuery(new URLSearchParams('list=randoms&keyword=ぱんだ&park_id=4&seed=abc123&page=3'));
    expect(s).toEqual({ list: 'randoms', keyword: 'ぱんだ', park_id: 4, seed: 'abc123', page: 3 });
    expect(searchFromQuery(new URLSearchParams(queryFromSearch(s)))).toEqual(s);
    expect(queryFromSearch({ list: 'populars', seed: 'x' })).toBe('list=populars');
    expect(searchFromQuery(new URLSearchParams('list=latest&seed=a%20b')).list).toBeUndefined();
    expect(searchFromQuery(new URLSearchParams('seed=a%20b')).seed).toBeUndefined();
  });

  it('formats durations as m:ss', () => {
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(60)).toBe('1:00');
    expect(formatDuration(125.4)).toBe('2:05');
  });
});

describe('movie SVG inlining', () => {
  it('inlines only our own media files', () => {
    expect(isInlineableMovie('/media/movies/a--m-swim--penguin.svg')).toBe(true);
    expect(isInlineableMovie('https://evil.example/x.svg')).toBe(false);
    expect(isInlineableMovie('/media/../secret.svg')).toBe(false);
    expect(isInlineableMovie('/media/movies/a.png')).toBe(false);
  });

  it('keeps the animation and strips scripts, handlers and outside links', () => {
    const svg = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 360 640" onload="alert(1)">
        <defs><g id="a"><circle r="5" fill="url(#g)"/></g></defs>
        <script>alert(1)</script>
        <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
        <a href="https://evil.example"><text>x</text></a>
        <use href="#a" onclick="alert(2)"/>
        <use xlink:href="https://evil.example/s.svg#x"/>
        <rect width="0" height="5" style="fill:url(https://evil.example/p)"><animate attributeName="width" from="0" to="320" dur="30s" repeatCount="indefinite"/></rect>
      </svg>`,
    );
    expect(svg).not.toBeNull();
    const html = svg?.outerHTML ?? '';
    expect(html).not.toMatch(/script|foreignObject|onload|onclick|evil\.example/i);
    expect(html).toContain('<animate');
    expect(html).toContain('href="#a"');
    expect(html).toContain('url(#g)');
  });

  it('refuses what is not SVG', () => {
    expect(sanitizeSvg('<html><body>x</body></html>')).toBeNull();
    expect(sanitizeSvg('not xml at all <')).toBeNull();
  });
});
