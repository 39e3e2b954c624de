// Routes on a park's walkway graph (common/dto/map.ts), computed in the browser so they work offline: the quickest
// path for a profile, the turn-by-turn list and the time it takes. Coordinates are the map picture's pixels (y down).
import type { MapEdge, MapNode } from '../dto/map';

export const PROFILES = ['walk', 'stroller', 'wheelchair'] as const;
export type RouteProfile = (typeof PROFILES)[number];

/** Speed on the level, metres per second. */
const SPEED: Record<RouteProfile, number> = { walk: 1.2, stroller: 1.0, wheelchair: 0.9 };
/** Extra time per percent of gradient, uphill and downhill (downhill is braking, not climbing: cheaper). */
const UPHILL_PER_PERCENT: Record<RouteProfile, number> = { walk: 0.04, stroller: 0.08, wheelchair: 0.12 };
const DOWNHILL_PER_PERCENT: Record<RouteProfile, number> = { walk: 0.01, stroller: 0.02, wheelchair: 0.04 };
/** Seconds per step on foot; strollers and wheelchairs cannot take steps at all. */
const SECONDS_PER_STEP = 0.7;

interface Arc {
  edge: MapEdge;
  to: number;
  /** Rise going this way. */
  riseM: number;
}

export interface WalkGraph {
  nodes: Map<number, MapNode>;
  arcs: Map<number, Arc[]>;
}

export function buildGraph(nodes: readonly MapNode[], edges: readonly MapEdge[]): WalkGraph {
  const graph: WalkGraph = { nodes: new Map(nodes.map((n) => [n.id, n])), arcs: new Map() };
  for (const n of nodes) graph.arcs.set(n.id, []);
  for (const e of edges) {
    graph.arcs.get(e.from)?.push({ edge: e, to: e.to, riseM: e.riseM });
    graph.arcs.get(e.to)?.push({ edge: e, to: e.from, riseM: -e.riseM });
  }
  return graph;
}

/** Seconds to cross an edge in one direction, or Infinity when the profile cannot. */
export function edgeSeconds(lengthM: number, steps: number, riseM: number, profile: RouteProfile): number {
  if (steps > 0 && profile !== 'walk') return Number.POSITIVE_INFINITY;
  const percent = lengthM > 0 ? (Math.abs(riseM) / lengthM) * 100 : 0;
  const slope = riseM > 0 ? UPHILL_PER_PERCENT[profile] : DOWNHILL_PER_PERCENT[profile];
  return (lengthM / SPEED[profile]) * (1 + slope * percent) + steps * SECONDS_PER_STEP;
}

export interface RouteLeg {
  edge: MapEdge;
  from: number;
  to: number;
  riseM: number;
  seconds: number;
}

export type RouteResult =
  | { ok: true; profile: RouteProfile; nodes: number[]; legs: RouteLeg[]; lengthM: number; seconds: number }
  | { ok: false; profile: RouteProfile; reason: 'unreachable' | 'unknownPlace' };

/** A small binary heap of [cost, node]. */
class Heap {
  private items: [number, number][] = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, number]) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((a[p] as [number, number])[0] <= item[0]) break;
      a[i] = a[p] as [number, number];
      i = p;
    }
    a[i] = item;
  }
  pop(): [number, number] | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && (a[r] as [number, number])[0] < (a[l] as [number, number])[0] ? r : l;
      if ((a[c] as [number, number])[0] >= last[0]) break;
      a[i] = a[c] as [number, number];
      i = c;
    }
    a[i] = last;
    return top;
  }
}

/** The quickest path from one node to another for a profile (Dijkstra on time). */
export function findRoute(graph: WalkGraph, from: number, to: number, profile: RouteProfile): RouteResult {
  if (!graph.nodes.has(from) || !graph.nodes.has(to)) return { ok: false, profile, reason: 'unknownPlace' };
  const best = new Map<number, number>([[from, 0]]);
  const via = new Map<number, { arc: Arc; from: number; seconds: number }>();
  const done = new Set<number>();
  const heap = new Heap();
  heap.push([0, from]);
  while (heap.size) {
    const [cost, node] = heap.pop() as [number, number];
    if (done.has(node)) continue;
    done.add(node);
    if (node === to) break;
    for (const arc of graph.arcs.get(node) ?? []) {
      const seconds = edgeSeconds(arc.edge.lengthM, arc.edge.steps, arc.riseM, profile);
      if (!Number.isFinite(seconds)) continue;
      const next = cost + seconds;
      if (next < (best.get(arc.to) ?? Number.POSITIVE_INFINITY)) {
        best.set(arc.to, next);
        via.set(arc.to, { arc, from: node, seconds });
        heap.push([next, arc.to]);
      }
    }
  }
  if (!done.has(to)) return { ok: false, profile, reason: 'unreachable' };
  const legs: RouteLeg[] = [];
  for (let n = to; n !== from; ) {
    const step = via.get(n);
    if (!step) break;
    legs.push({ edge: step.arc.edge, from: step.from, to: n, riseM: step.arc.riseM, seconds: step.seconds });
    n = step.from;
  }
  legs.reverse();
  return {
    ok: true,
    profile,
    nodes: [from, ...legs.map((l) => l.to)],
    legs,
    lengthM: legs.reduce((sum, l) => sum + l.edge.lengthM, 0),
    seconds: best.get(to) ?? 0,
  };
}

/** The node nearest to a point of the map. */
export function nearestNode(graph: WalkGraph, x: number, y: number): MapNode | null {
  let best: MapNode | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const n of graph.nodes.values()) {
    const d = (n.x - x) ** 2 + (n.y - y) ** 2;
    if (d < bestD) {
      best = n;
      bestD = d;
    }
  }
  return best;
}

export interface Landmark {
  x: number;
  y: number;
  name: string;
}

export type Turn = 'left' | 'right' | 'straight';

/** One line of the turn-by-turn list: at `landmark` (or the junction) go `turn`, then walk `distanceM`. */
export interface Instruction {
  kind: 'start' | 'turn' | 'arrive';
  turn: Turn | null;
  landmark: string | null;
  distanceM: number;
  /** What the stretch after this point has: steps, the steepest uphill and downhill in percent, roofed or not. */
  steps: number;
  uphillPercent: number;
  downhillPercent: number;
  roofed: boolean;
}

/** Degrees a heading must change by to be a turn. */
const TURN_DEGREES = 30;
/** A junction takes the name of a landmark this close to it (pixels). */
const LANDMARK_RADIUS = 60;

function landmarkNear(landmarks: readonly Landmark[], node: MapNode): string | null {
  let best: Landmark | null = null;
  let bestD = LANDMARK_RADIUS ** 2;
  for (const l of landmarks) {
    const d = (l.x - node.x) ** 2 + (l.y - node.y) ** 2;
    if (d <= bestD) {
      best = l;
      bestD = d;
    }
  }
  return best?.name ?? null;
}

/** Left or right between two headings on a map whose y axis points down. */
function turnBetween(ax: number, ay: number, bx: number, by: number): Turn {
  const angle = (Math.atan2(ax * by - ay * bx, ax * bx + ay * by) * 180) / Math.PI;
  if (Math.abs(angle) < TURN_DEGREES) return 'straight';
  return angle > 0 ? 'right' : 'left';
}

/** The turn-by-turn list of a route: a line at the start, at every turn, and on arrival. */
export function directions(graph: WalkGraph, route: RouteResult, landmarks: readonly Landmark[]): Instruction[] {
  if (!route.ok) return [];
  const start = graph.nodes.get(route.nodes[0] as number);
  if (!start) return [];
  const lines: Instruction[] = [];
  const open = (kind: Instruction['kind'], turn: Turn | null, node: MapNode): Instruction => ({
    kind,
    turn,
    landmark: landmarkNear(landmarks, node),
    distanceM: 0,
    steps: 0,
    uphillPercent: 0,
    downhillPercent: 0,
    roofed: true,
  });
  let current = open('start', null, start);
  lines.push(current);
  route.legs.forEach((leg, i) => {
    const a = graph.nodes.get(leg.from) as MapNode;
    const b = graph.nodes.get(leg.to) as MapNode;
    if (i > 0) {
      const prev = route.legs[i - 1] as RouteLeg;
      const p = graph.nodes.get(prev.from) as MapNode;
      const turn = turnBetween(a.x - p.x, a.y - p.y, b.x - a.x, b.y - a.y);
      if (turn !== 'straight') {
        current = open('turn', turn, a);
        lines.push(current);
      }
    }
    const percent = leg.edge.lengthM > 0 ? (leg.riseM / leg.edge.lengthM) * 100 : 0;
    current.distanceM += leg.edge.lengthM;
    current.steps += leg.edge.steps;
    if (percent > current.uphillPercent) current.uphillPercent = percent;
    if (-percent > current.downhillPercent) current.downhillPercent = -percent;
    current.roofed &&= leg.edge.roofed;
  });
  const end = graph.nodes.get(route.nodes[route.nodes.length - 1] as number) as MapNode;
  lines.push({ ...open('arrive', null, end), roofed: false });
  return lines;
}

/** Metres rounded the way a sign would say them: to 5 m below 100 m, to 10 m above. */
export function roundMetres(m: number): number {
  if (m < 100) return Math.max(5, Math.round(m / 5) * 5);
  return Math.round(m / 10) * 10;
}

/** Whole minutes a route takes, at least 1. */
export const routeMinutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));
