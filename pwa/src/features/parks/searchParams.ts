import type { ParkSearch } from './parksApi';

/** Park search conditions <-> URL query of /find/parks/result. */
export function searchFromQuery(q: URLSearchParams): ParkSearch {
  const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const kind = q.get('kind');
  const prefectures = q
    .getAll('prefecture_id')
    .map(Number)
    .filter((n) => n >= 1 && n <= 47);
  return {
    keyword: q.get('keyword')?.trim() || undefined,
    region_id: num(q.get('region_id')),
    prefecture_id: prefectures.length ? prefectures : undefined,
    kind: kind === 'zoo' || kind === 'aquarium' ? kind : undefined,
    page: num(q.get('page')) ?? 1,
  };
}

export function queryFromSearch(s: ParkSearch): string {
  const q = new URLSearchParams();
  if (s.keyword) q.set('keyword', s.keyword);
  if (s.region_id) q.set('region_id', String(s.region_id));
  for (const p of s.prefecture_id ?? []) q.append('prefecture_id', String(p));
  if (s.kind) q.set('kind', s.kind);
  if (s.page && s.page > 1) q.set('page', String(s.page));
  return q.toString();
}
