import { describe, expect, it } from 'vitest';
import { buildGraph, findRoute } from '../common/rules/mapRoute';
import { parkMapLayout } from './art/park';
import { PARKS } from './content/parks';
import { parkMapSeed } from './mapData';

describe('parkMapSeed', () => {
  for (const park of PARKS) {
    it(`${park.slug}: every place is reachable from the entrance on foot and in a wheelchair`, () => {
      const seed = parkMapSeed(park);
      const ids = new Map(seed.nodes.map((n, i) => [n.code, i + 1]));
      const graph = buildGraph(
        seed.nodes.map((n, i) => ({ id: i + 1, x: n.x, y: n.y })),
        seed.edges.map((e, i) => ({ id: i + 1, ...e, from: ids.get(e.from) ?? 0, to: ids.get(e.to) ?? 0 })),
      );
      const entrance = ids.get('entrance') as number;
      expect(new Set(seed.places.map((p) => p.code)).size).toBe(seed.places.length);
      for (const p of seed.places) {
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(seed.width);
        expect(p.y).toBeGreaterThanOrEqual(64);
        expect(p.y).toBeLessThanOrEqual(seed.height);
        for (const profile of ['walk', 'wheelchair'] as const)
          expect(findRoute(graph, entrance, ids.get(p.node) as number, profile).ok, `${p.code} ${profile}`).toBe(true);
      }
      const kinds = new Set(seed.places.map((p) => p.kind));
      for (const k of ['toilet', 'restaurant', 'first_aid', 'nursing_room', 'stairs', 'accessible_toilet', 'animal'])
        expect(kinds, k).toContain(k);
      expect(seed.controlPoints).toHaveLength(4);
      // Across the one flight of stairs: in a wheelchair always step free; at a zoo (no lift beside the stairs) that
      // is the longer way round, while walkers take the stairs
      const flights = seed.edges.filter((e) => e.steps > 0);
      expect(flights).toHaveLength(1);
      const [flight] = flights;
      if (!flight) return;
      const [a, b] = [ids.get(flight.from) as number, ids.get(flight.to) as number];
      const walk = findRoute(graph, a, b, 'walk');
      const wheelchair = findRoute(graph, a, b, 'wheelchair');
      if (!walk.ok || !wheelchair.ok) throw new Error('no route across the stairs');
      expect(wheelchair.legs.every((l) => l.edge.steps === 0)).toBe(true);
      expect(walk.seconds).toBeLessThanOrEqual(wheelchair.seconds);
      if (park.kind === 'zoo') {
        expect(walk.legs.map((l) => l.edge.steps)).toEqual([flight.steps]);
        expect(wheelchair.lengthM).toBeGreaterThan(walk.lengthM);
      } else {
        expect(seed.places.map((p) => p.kind)).toContain('elevator');
      }
    });
  }

  it('puts the nodes on the drawn roads', () => {
    const L = parkMapLayout(6);
    const seed = parkMapSeed(PARKS[0] as (typeof PARKS)[number]);
    for (const n of seed.nodes) {
      if (n.code === 'entrance' || n.code === 'elevator') continue;
      const onVertical = L.roadXs.some((x) => Math.abs(x - n.x) < 1);
      const onHorizontal = L.roadYs.some((y) => Math.abs(y - n.y) < 1);
      expect(onVertical || onHorizontal, n.code).toBe(true);
    }
  });
});
