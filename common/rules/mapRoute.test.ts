import { describe, expect, it } from 'vitest';
import type { MapEdge, MapNode } from '../dto/map';
import { buildGraph, directions, edgeSeconds, findRoute, roundMetres, routeMinutes } from './mapRoute';

const node = (id: number, x: number, y: number): MapNode => ({ id, x, y });
let edgeId = 0;
const edge = (from: number, to: number, lengthM: number, more: Partial<MapEdge> = {}): MapEdge => ({
  id: ++edgeId,
  from,
  to,
  lengthM,
  steps: 0,
  riseM: 0,
  roofed: false,
  ...more,
});

// A square with a short cut: 1 -> 2 is 40 m of stairs; 1 -> 3 -> 4 -> 2 is 150 m step free.
//   3 ---- 4
//   |      |
//   1 -==- 2   (stairs)
const nodes = [node(1, 0, 100), node(2, 100, 100), node(3, 0, 0), node(4, 100, 0)];
const stairs = edge(1, 2, 40, { steps: 12 });
const square = [stairs, edge(1, 3, 50), edge(3, 4, 50), edge(4, 2, 50)];

describe('findRoute', () => {
  it('takes the stairs on foot but goes round them in a wheelchair or with a stroller, even though longer', () => {
    const g = buildGraph(nodes, square);
    const walk = findRoute(g, 1, 2, 'walk');
    expect(walk.ok && walk.nodes).toEqual([1, 2]);
    for (const profile of ['wheelchair', 'stroller'] as const) {
      const r = findRoute(g, 1, 2, profile);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.nodes).toEqual([1, 3, 4, 2]);
      expect(r.lengthM).toBe(150);
      expect(r.legs.every((l) => l.edge.steps === 0)).toBe(true);
    }
  });

  it('costs more uphill than downhill on the same slope, for every profile', () => {
    for (const profile of ['walk', 'stroller', 'wheelchair'] as const) {
      expect(edgeSeconds(100, 0, 5, profile)).toBeGreaterThan(edgeSeconds(100, 0, -5, profile));
      expect(edgeSeconds(100, 0, -5, profile)).toBeGreaterThan(edgeSeconds(100, 0, 0, profile));
    }
    // A hill on one side of a loop: going up it is slower than going down it, so a wheelchair climbs the other way.
    const hill = [edge(1, 2, 100, { riseM: 8 }), edge(1, 3, 60), edge(3, 2, 60, { riseM: 8 })];
    const g = buildGraph(nodes, hill);
    const up = findRoute(g, 1, 2, 'wheelchair');
    const down = findRoute(g, 2, 1, 'wheelchair');
    expect(up.ok && down.ok).toBe(true);
    if (!up.ok || !down.ok) return;
    expect(up.seconds).toBeGreaterThan(down.seconds);
    expect(up.legs[0]?.riseM).toBeGreaterThan(0);
    expect(down.legs[0]?.riseM).toBeLessThan(0);
  });

  it('says a place is unreachable when only stairs lead there, and unknown when the node does not exist', () => {
    const g = buildGraph(nodes, [stairs, edge(3, 4, 50)]);
    expect(findRoute(g, 1, 2, 'wheelchair')).toEqual({ ok: false, profile: 'wheelchair', reason: 'unreachable' });
    expect(findRoute(g, 1, 4, 'walk')).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(findRoute(g, 1, 99, 'walk')).toMatchObject({ ok: false, reason: 'unknownPlace' });
    expect(findRoute(g, 1, 2, 'walk').ok).toBe(true);
  });

  it('a route to where one stands is empty and takes no time', () => {
    const r = findRoute(buildGraph(nodes, square), 3, 3, 'stroller');
    expect(r).toMatchObject({ ok: true, nodes: [3], legs: [], lengthM: 0, seconds: 0 });
  });
});

describe('directions', () => {
  it('lists the start, each turn named after the landmark at it with the distance after it, and the arrival', () => {
    const g = buildGraph(nodes, square);
    const r = findRoute(g, 1, 2, 'wheelchair');
    const landmarks = [
      { x: 0, y: 5, name: 'ゾウ舎' },
      { x: 100, y: 5, name: 'トイレ' },
    ];
    const lines = directions(g, r, landmarks);
    expect(lines.map((l) => [l.kind, l.turn, l.landmark, l.distanceM])).toEqual([
      ['start', null, null, 50],
      // Going up (north, y decreasing) then east: a right turn at the elephant house.
      ['turn', 'right', 'ゾウ舎', 50],
      // East then south: right again.
      ['turn', 'right', 'トイレ', 50],
      ['arrive', null, null, 0],
    ]);
  });

  it('marks steps and slopes of each stretch', () => {
    const g = buildGraph(nodes, [edge(1, 2, 40, { steps: 12 }), edge(2, 4, 100, { riseM: -6, roofed: true })]);
    const lines = directions(g, findRoute(g, 1, 4, 'walk'), []);
    expect(lines[0]).toMatchObject({ kind: 'start', steps: 12, distanceM: 40 });
    expect(lines[1]).toMatchObject({ kind: 'turn', turn: 'left', downhillPercent: 6, uphillPercent: 0, roofed: true });
  });
});

describe('rounding', () => {
  it('rounds metres like a sign and minutes up from nothing', () => {
    expect(roundMetres(42)).toBe(40);
    expect(roundMetres(1)).toBe(5);
    expect(roundMetres(236)).toBe(240);
    expect(routeMinutes(10)).toBe(1);
    expect(routeMinutes(150)).toBe(3);
  });
});
