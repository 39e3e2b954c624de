import { describe, expect, it } from 'vitest';
import { ReadCache } from './readCache';

describe('ReadCache', () => {
  it('serialises once, shares concurrent misses, and expires', async () => {
    const cache = new ReadCache(50);
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return { data: calls };
    };
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(a.body.toString()).toBe('{"data":1}');
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect((await cache.get('k', compute)).body.toString()).toBe('{"data":1}');
    await new Promise((r) => setTimeout(r, 60));
    expect((await cache.get('k', compute)).body.toString()).toBe('{"data":2}');
  });

  it('keeps no more than its bound', async () => {
    const cache = new ReadCache(10_000, 2);
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    let recomputed = false;
    await cache.get('a', async () => {
      recomputed = true;
      return 'a';
    });
    expect(recomputed).toBe(true);
  });
});
