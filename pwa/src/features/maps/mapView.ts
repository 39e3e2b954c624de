// What map mode shows: the markers of each tab, search within the map, sorting by distance, and reading a place's
// QR plate URL. Pure functions of the map data.
import { BARRIER_FREE_ALSO, layerOf, type MapPlace, type ParkMap } from '../../../../common/dto/map';

export const MAP_TABS = ['all', 'animals', 'places', 'events', 'quests', 'others', 'barrierFree', 'parks'] as const;
export type MapTab = (typeof MAP_TABS)[number];

export const isMapTab = (v: string | null): v is MapTab => MAP_TABS.includes(v as MapTab);

/** The markers a tab shows (the overall map: every one; switch park: none). */
export function markersOf(map: ParkMap, tab: MapTab): MapPlace[] {
  if (tab === 'parks') return [];
  if (tab === 'all') return map.places;
  if (tab === 'barrierFree')
    return map.places.filter((p) => layerOf(p.kind) === 'barrierFree' || BARRIER_FREE_ALSO.includes(p.kind));
  return map.places.filter((p) => layerOf(p.kind) === tab);
}

/** Places whose name (or kind's name) contains the words typed, case and width folded. */
export function searchPlaces(places: readonly MapPlace[], query: string, kindName: (p: MapPlace) => string) {
  const fold = (s: string) => s.normalize('NFKC').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return places.filter((p) => {
    const text = fold(`${p.name} ${kindName(p)}`);
    return words.every((w) => text.includes(w));
  });
}

export interface Position {
  x: number;
  y: number;
  /** Radius of uncertainty in pixels (0 when the visitor chose a place). */
  accuracyPx: number;
  /** The place chosen with "I am at", if any. */
  placeCode: string | null;
}

/** Straight-line metres from a position to a place. */
export const metresTo = (map: ParkMap, from: Position, p: MapPlace) =>
  Math.hypot(p.x - from.x, p.y - from.y) * map.image.metresPerPx;

/** The places, nearest first when the position is known (else in the map's order). */
export function byDistance(map: ParkMap, places: readonly MapPlace[], from: Position | null): MapPlace[] {
  if (!from) return [...places];
  return places
    .map((p) => ({ p, d: metresTo(map, from, p) }))
    .sort((a, b) => a.d - b.d)
    .map((x) => x.p);
}

/** The place code a QR plate URL names (/maps/{parkId}?at={code}), if it is of this park and this map has it. */
export function placeFromPlate(map: ParkMap, text: string, origin: string): MapPlace | null {
  let url: URL;
  try {
    url = new URL(text.trim(), origin);
  } catch {
    return null;
  }
  const m = /^\/maps\/(\d+)\/?$/.exec(url.pathname);
  if (!m || Number(m[1]) !== map.park.id) return null;
  const code = url.searchParams.get('at');
  return map.places.find((p) => p.code === code) ?? null;
}
