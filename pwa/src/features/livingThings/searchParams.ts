import { HABITATS, type Habitat, LIVING_THING_GROUPS, type LivingThingGroup } from '../../../../common/dto/livingThing';
import type { LivingThingSearch } from './livingThingsApi';

const isGroup = (v: string | null): v is LivingThingGroup => LIVING_THING_GROUPS.includes(v as LivingThingGroup);
const isHabitat = (v: string | null): v is Habitat => HABITATS.includes(v as Habitat);
const positive = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** Living-thing search conditions <-> URL query of /find/living-thing/result (unknown values are dropped). */
export function searchFromQuery(q: URLSearchParams): LivingThingSearch {
  const classification = q.get('classification');
  const habitat = q.get('habitat');
  return {
    keyword: q.get('keyword')?.trim().slice(0, 100) || undefined,
    classification: isGroup(classification) ? classification : undefined,
    habitat: isHabitat(habitat) ? habitat : undefined,
    park_id: positive(q.get('park_id')),
    page: positive(q.get('page')) ?? 1,
  };
}

export function queryFromSearch(s: LivingThingSearch): string {
  const q = new URLSearchParams();
  if (s.keyword) q.set('keyword', s.keyword);
  if (s.classification) q.set('classification', s.classification);
  if (s.habitat) q.set('habitat', s.habitat);
  if (s.park_id) q.set('park_id', String(s.park_id));
  if (s.page && s.page > 1) q.set('page', String(s.page));
  return q.toString();
}
