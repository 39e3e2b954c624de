// The spec's "last map route" storage key: the route last shown, so map mode opens it again (also offline).
import { PROFILES, type RouteProfile } from '../../../../common/rules/mapRoute';

export const LAST_MAP_ROUTE_KEY = 'last_map_route';

export interface SavedRoute {
  parkId: number;
  /** Place codes; `from` null means "where I am" (GPS). */
  from: string | null;
  to: string;
  profile: RouteProfile;
}

export function saveLastRoute(route: SavedRoute, storage: Storage = localStorage): void {
  try {
    storage.setItem(LAST_MAP_ROUTE_KEY, JSON.stringify(route));
  } catch {
    // Storage full or refused: the route still shows, it is only not remembered.
  }
}

/** The last route, when it is of this park and well formed. */
export function loadLastRoute(parkId: number, storage: Storage = localStorage): SavedRoute | null {
  try {
    const raw = JSON.parse(storage.getItem(LAST_MAP_ROUTE_KEY) ?? 'null') as Partial<SavedRoute> | null;
    if (!raw || raw.parkId !== parkId || typeof raw.to !== 'string') return null;
    if (!PROFILES.includes(raw.profile as RouteProfile)) return null;
    return {
      parkId,
      from: typeof raw.from === 'string' ? raw.from : null,
      to: raw.to,
      profile: raw.profile as RouteProfile,
    };
  } catch {
    return null;
  }
}
