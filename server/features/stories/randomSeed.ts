/**
 * The `randoms` story list is ordered by `md5(stories.id || seed)`: a shuffle that is deterministic for one
 * seed, so paging through it never repeats or skips a story, and one URL gives one answer that can be cached
 * (ETag, CDN). Without an explicit `seed` the seed changes every minute, so the list differs between calls a
 * minute apart yet costs no more than hashing the matching rows (a few hundred per filter in the catalogue);
 * a client that wants a new shuffle at once sends its own `seed`, and pages on with `meta.seed`.
 * A random OFFSET was the other option: cheaper on huge tables but it shows a slice in a fixed order and
 * cannot page without repeats.
 */
export const SEED_PATTERN = /^[A-Za-z0-9-]{1,32}$/;

export function minuteSeed(now: number = Date.now()): string {
  return `m${Math.floor(now / 60_000)}`;
}
