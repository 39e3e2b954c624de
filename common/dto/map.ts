// Map mode (GET api/v1/parks/{id}/map): a park's illustrated map with its markers, walkway graph and GPS control
// points, in the picture's pixels (x right, y down).

/** Facilities (the "places" tab). */
export const FACILITY_KINDS = [
  'entrance',
  'info',
  'toilet',
  'nursing_room',
  'restaurant',
  'shop',
  'rest_area',
  'first_aid',
  'locker',
  'aed',
] as const;
/** Barrier-free features (the barrier-free map); accessible toilets and nursing rooms are facilities too. */
export const BARRIER_FREE_KINDS = [
  'elevator',
  'accessible_toilet',
  'wheelchair_rental',
  'stroller_rental',
  'stairs',
  'slope',
] as const;
export const MARKER_KINDS = ['animal', 'event', 'quest', 'other'] as const;
export const PLACE_KINDS = [...FACILITY_KINDS, ...BARRIER_FREE_KINDS, ...MARKER_KINDS] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The spec's map tabs that list markers. */
export type MapLayer = 'animals' | 'places' | 'events' | 'quests' | 'others' | 'barrierFree';

export function layerOf(kind: PlaceKind): MapLayer {
  switch (kind) {
    case 'animal':
      return 'animals';
    case 'event':
      return 'events';
    case 'quest':
      return 'quests';
    case 'other':
      return 'others';
    default:
      return (BARRIER_FREE_KINDS as readonly string[]).includes(kind) ? 'barrierFree' : 'places';
  }
}

/** Kinds shown on the barrier-free map besides the barrier-free ones. */
export const BARRIER_FREE_ALSO: readonly PlaceKind[] = ['nursing_room', 'entrance'];

export interface MapPlace {
  id: number;
  /** Stable name of the place within its park: what a place's QR plate carries (/maps/{parkId}?at={code}). */
  code: string;
  kind: PlaceKind;
  name: string;
  x: number;
  y: number;
  /** The walkway node a route to this place ends at. */
  nodeId: number;
  /** Animals: the park's living thing (/profile/park-living-thing/{id}). */
  parkLivingThingId: number | null;
  /** Events, quests and others: the item (/items/{id}). */
  itemId: number | null;
}

export interface MapNode {
  id: number;
  x: number;
  y: number;
}

export interface MapEdge {
  id: number;
  from: number;
  to: number;
  lengthM: number;
  /** Steps on the way (0: step free). */
  steps: number;
  /** Height gained going from `from` to `to`, in metres (negative: downhill). */
  riseM: number;
  roofed: boolean;
}

export interface MapControlPoint {
  x: number;
  y: number;
  latitude: number;
  longitude: number;
}

export interface MapEventTime {
  start: string;
  end: string;
}

/** An event or quest on the day, with its times (empty: all day). */
export interface MapEvent {
  itemId: number;
  category: 'event' | 'quest';
  name: string;
  placeId: number | null;
  times: MapEventTime[];
}

export interface ParkMap {
  park: { id: number; name: string; kind: 'zoo' | 'aquarium' };
  image: { url: string; width: number; height: number; metresPerPx: number };
  /** When the park's map data last changed (ISO). */
  updatedAt: string;
  /** The Asia/Tokyo day `events` are for. */
  date: string;
  places: MapPlace[];
  nodes: MapNode[];
  edges: MapEdge[];
  controlPoints: MapControlPoint[];
  events: MapEvent[];
}

/** GET api/v1/staff/parks/{parkId}/map: the park's map data as its editors edit it (names in both languages). */
export interface OfficeMap {
  parkId: number;
  imageUrl: string;
  width: number;
  height: number;
  metresPerPx: number;
  updatedAt: string;
  places: {
    id: number;
    code: string;
    kind: PlaceKind;
    nameJa: string;
    nameEn: string | null;
    x: number;
    y: number;
    nodeId: number;
  }[];
  nodes: { id: number; code: string; x: number; y: number }[];
  edges: MapEdge[];
  controlPoints: MapControlPoint[];
}
