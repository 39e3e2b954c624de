import { describe, expect, it } from 'vitest';
import type { MapPlace, ParkMap } from '../../../../common/dto/map';
import { byDistance, markersOf, placeFromPlate, searchPlaces } from './mapView';

const place = (id: number, kind: MapPlace['kind'], name: string, x: number, y: number): MapPlace => ({
  id,
  code: `${kind}-${id}`,
  kind,
  name,
  x,
  y,
  nodeId: 1,
  parkLivingThingId: null,
  itemId: null,
});
const map: ParkMap = {
  park: { id: 7, name: '上野動物園', kind: 'zoo' },
  image: { url: '/m.svg', width: 800, height: 600, metresPerPx: 0.5 },
  updatedAt: '2026-11-25T00:00:00Z',
  date: '2026-11-25',
  places: [
    place(1, 'animal', 'アジアゾウ', 100, 100),
    place(2, 'toilet', 'トイレ', 400, 500),
    place(3, 'stairs', '階段（20段）', 300, 300),
    place(4, 'nursing_room', '授乳室', 600, 500),
    place(5, 'event', 'ペンギンのおさんぽ', 700, 100),
  ],
  nodes: [],
  edges: [],
  controlPoints: [],
  events: [],
};

describe('map tabs', () => {
  it('shows each layer on its tab, barrier-free features with nursing rooms on the barrier-free map', () => {
    expect(markersOf(map, 'all')).toHaveLength(5);
    expect(markersOf(map, 'animals').map((p) => p.id)).toEqual([1]);
    expect(markersOf(map, 'places').map((p) => p.id)).toEqual([2, 4]);
    expect(markersOf(map, 'barrierFree').map((p) => p.id)).toEqual([3, 4]);
    expect(markersOf(map, 'events').map((p) => p.id)).toEqual([5]);
    expect(markersOf(map, 'parks')).toEqual([]);
  });

  it('searches names and kinds, full-width and case folded', () => {
    const kind = (p: MapPlace) => (p.kind === 'toilet' ? 'Toilets' : '');
    expect(searchPlaces(map.places, 'ゾウ', kind).map((p) => p.id)).toEqual([1]);
    expect(searchPlaces(map.places, 'ＴＯＩＬＥＴ', kind).map((p) => p.id)).toEqual([2]);
    expect(searchPlaces(map.places, '  ', kind)).toEqual([]);
  });

  it('sorts by distance from the position when it is known', () => {
    const here = { x: 620, y: 480, accuracyPx: 10, placeCode: null };
    expect(byDistance(map, map.places, here).map((p) => p.id)).toEqual([4, 2, 3, 5, 1]);
    expect(byDistance(map, map.places, null).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("reads a place's QR plate URL of this park only", () => {
    const origin = 'https://zoopass.example';
    expect(placeFromPlate(map, 'https://zoopass.example/maps/7?at=toilet-2', origin)?.id).toBe(2);
    expect(placeFromPlate(map, '/maps/7?at=toilet-2', origin)?.id).toBe(2);
    expect(placeFromPlate(map, '/maps/8?at=toilet-2', origin)).toBeNull();
    expect(placeFromPlate(map, '/maps/7?at=nowhere', origin)).toBeNull();
  });
});
