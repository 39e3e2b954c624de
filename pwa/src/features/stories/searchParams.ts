import { enumValues, StoryList } from '../../../../common/enums';
import type { StorySearch } from './storiesApi';

const LISTS = enumValues(StoryList);
const positive = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** Story search conditions <-> URL query of /find/stories/result (unknown values are dropped). */
export function searchFromQuery(q: URLSearchParams): StorySearch {
  const list = q.get('list');
  const seed = q.get('seed');
  return {
    list: LISTS.find((l) => l === list),
    keyword: q.get('keyword')?.trim().slice(0, 100) || undefined,
    park_id: positive(q.get('park_id')),
    seed: seed && /^[A-Za-z0-9-]{1,32}$/.test(seed) ? seed : undefined,
    page: positive(q.get('page')) ?? 1,
  };
}

export function queryFromSearch(s: StorySearch): string {
  const q = new URLSearchParams();
  if (s.list) q.set('list', s.list);
  if (s.keyword) q.set('keyword', s.keyword);
  if (s.park_id) q.set('park_id', String(s.park_id));
  if (s.list === 'randoms' && s.seed) q.set('seed', s.seed);
  if (s.page && s.page > 1) q.set('page', String(s.page));
  return q.toString();
}

/** m:ss of a duration in seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
