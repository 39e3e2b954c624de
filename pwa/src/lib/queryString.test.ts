import Qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQueryString } from './queryString';

describe('toQueryString', () => {
  it('reads back on the server (qs) as what was sent', () => {
    const params = {
      page: 2,
      q: 'レッサーパンダ & 赤ちゃん?',
      dates: ['2026-12-24', '2026-12-25'],
      ticket_ids: ['a', 'b'],
      filter: { area: 'north', tags: ['night', 'feeding'] },
      kids: false,
    };
    expect(Qs.parse(toQueryString(params))).toEqual({
      page: '2',
      q: 'レッサーパンダ & 赤ちゃん?',
      dates: ['2026-12-24', '2026-12-25'],
      ticket_ids: ['a', 'b'],
      filter: { area: 'north', tags: ['night', 'feeding'] },
      kids: 'false',
    });
  });

  it('leaves out null and undefined, like qs with skipNulls, and writes what qs writes', () => {
    const params = { a: null, b: undefined, c: 0, d: '', e: [1, null, 3], f: { g: 'x y' } };
    expect(toQueryString(params)).toBe('c=0&d=&e%5B%5D=1&e%5B%5D=3&f%5Bg%5D=x%20y');
    expect(toQueryString(params)).toBe(Qs.stringify(params, { arrayFormat: 'brackets', skipNulls: true }));
    expect(toQueryString({})).toBe('');
  });
});
