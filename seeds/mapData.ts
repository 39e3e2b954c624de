// Map mode's data for each park (places, walkway graph, GPS control points), derived from the same layout that draws
// the park's illustrated map (seeds/art/park.ts parkMapLayout), so nodes lie on the drawn roads, animals on their
// dots and facilities on their pictograms. Natural keys only; seeds/index.ts turns them into rows.
import type { PlaceKind } from '../common/dto/map';
import { mapZones, parkSpecies } from './art/index';
import { parkMapLayout } from './art/park';
import { ITEMS } from './content/items';
import { PARK_ANIMALS } from './content/park-animals';
import { speciesByCode } from './content/species';
import type { ParkSeed, Text } from './content/types';
import { rng } from './util';

export interface SeedMapNode {
  code: string;
  x: number;
  y: number;
}
export interface SeedMapEdge {
  from: string;
  to: string;
  lengthM: number;
  steps: number;
  riseM: number;
  roofed: boolean;
}
export interface SeedMapPlace {
  code: string;
  kind: PlaceKind;
  name: Text;
  x: number;
  y: number;
  node: string;
  parkAnimalCode: string | null;
  itemCode: string | null;
}
export interface SeedControlPoint {
  x: number;
  y: number;
  latitude: number;
  longitude: number;
}
export interface ParkMapSeed {
  width: number;
  height: number;
  metresPerPx: number;
  nodes: SeedMapNode[];
  edges: SeedMapEdge[];
  places: SeedMapPlace[];
  controlPoints: SeedControlPoint[];
}

const T = (ja: string, en: string): Text => ({ ja, en });
const round1 = (v: number) => Math.round(v * 10) / 10;
const METRES_PER_DEGREE = 111_320;
/** A step's height, for counting the steps of a flight of stairs. */
const STEP_HEIGHT_M = 0.16;
/** From this gradient on, a walkway is marked as a slope on the barrier-free map. */
export const MARKED_SLOPE_PERCENT = 4;

const FACILITY: Record<'wc' | 'food' | 'info' | 'aid', { kind: PlaceKind; name: Text }> = {
  wc: { kind: 'toilet', name: T('トイレ', 'Toilets') },
  food: { kind: 'restaurant', name: T('レストラン', 'Restaurant') },
  info: { kind: 'info', name: T('案内所', 'Information') },
  aid: { kind: 'first_aid', name: T('救護室', 'First aid') },
};

/** Which way is uphill along an edge, as a compass word (the map is drawn north up). */
function uphillWord(dx: number, dy: number): Text {
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? T('東', 'east') : T('西', 'west');
  return dy < 0 ? T('北', 'north') : T('南', 'south');
}

export function parkMapSeed(park: ParkSeed): ParkMapSeed {
  const zones = mapZones(park.slug, parkSpecies(park.slug));
  const L = parkMapLayout(zones.length);
  const aquarium = park.kind === 'aquarium';
  // An aquarium's floor map is drawn larger than a zoo's grounds.
  const metresPerPx = aquarium ? 0.2 : 0.75;
  const r = rng(`mapdata:${park.slug}`);

  // Ground height: zoos climb towards the north (away from the entrance) and lean east or west; an aquarium's top
  // row of halls is an upper floor.
  const hill = 3 + r() * 9;
  const tilt = (r() - 0.5) * 6;
  const upperFloorBelow = (L.roadYs[1] ?? L.y1) - 1;
  const elevation = (x: number, y: number) =>
    aquarium
      ? y < upperFloorBelow
        ? 4
        : 0
      : hill * ((L.y1 - y) / (L.y1 - L.y0)) + tilt * ((x - L.x0) / (L.x1 - L.x0));

  const nodes: SeedMapNode[] = [];
  const nodeAt = new Map<string, SeedMapNode>();
  const addNode = (code: string, x: number, y: number) => {
    const key = `${Math.round(x)}:${Math.round(y)}`;
    const have = nodeAt.get(key);
    if (have) return have;
    const node = { code, x: round1(x), y: round1(y) };
    nodes.push(node);
    nodeAt.set(key, node);
    return node;
  };

  // Junctions of the road grid (every road runs the grid's full width or height), the zones' doors on the outer roads (top row: north road; bottom row: south road),
  // and the entrance with its road.
  L.roadYs.forEach((y, j) => {
    L.roadXs.forEach((x, i) => {
      addNode(`j-${i}-${j}`, x, y);
    });
  });
  const doors = L.zones.map((z, i) => {
    const y = z.row === 0 ? L.y0 : z.row === L.rows - 1 ? L.y1 : (L.roadYs[z.row] ?? L.y0);
    return addNode(`door-${i}`, z.x + z.w / 2, y);
  });
  const gateJunction = addNode('gate-road', L.gateX, L.y1);
  const entrance = addNode('entrance', L.gateX, L.gateY);

  // Edges: split every road at the nodes that lie on it.
  const edges: SeedMapEdge[] = [];
  const link = (a: SeedMapNode, b: SeedMapNode, extra: Partial<SeedMapEdge> = {}) => {
    const lengthM = round1(Math.hypot(b.x - a.x, b.y - a.y) * metresPerPx);
    const riseM = round1(elevation(b.x, b.y) - elevation(a.x, a.y));
    edges.push({ from: a.code, to: b.code, lengthM, steps: 0, riseM, roofed: aquarium, ...extra });
  };
  const along = (fixed: 'x' | 'y', value: number, from: number, to: number) => {
    const other = fixed === 'x' ? 'y' : 'x';
    const on = nodes
      .filter((n) => Math.abs(n[fixed] - value) < 1 && n[other] >= from - 1 && n[other] <= to + 1)
      .sort((a, b) => a[other] - b[other]);
    for (let k = 1; k < on.length; k++) link(on[k - 1] as SeedMapNode, on[k] as SeedMapNode);
  };
  for (const y of L.roadYs) along('y', y, L.x0, L.x1);
  for (const x of L.roadXs) along('x', x, L.y0, L.y1);

  // Stairs: one inner north-south stretch is a flight of steps (a short cut the step-free profiles go round).
  const inner = edges.filter((e) => {
    const a = nodes.find((n) => n.code === e.from) as SeedMapNode;
    const b = nodes.find((n) => n.code === e.to) as SeedMapNode;
    return Math.abs(a.x - b.x) < 1 && a.x > L.x0 + 1 && a.x < L.x1 - 1;
  });
  const stairs = inner[Math.floor(r() * inner.length)] as SeedMapEdge;
  stairs.steps = Math.max(8, Math.round(Math.abs(stairs.riseM) / STEP_HEIGHT_M));
  link(gateJunction, entrance, { roofed: false });

  const byCode = new Map(nodes.map((n) => [n.code, n]));
  const nearest = (x: number, y: number) =>
    nodes.reduce((best, n) => ((n.x - x) ** 2 + (n.y - y) ** 2 < (best.x - x) ** 2 + (best.y - y) ** 2 ? n : best));

  const places: SeedMapPlace[] = [];
  const place = (code: string, kind: PlaceKind, name: Text, x: number, y: number, more: Partial<SeedMapPlace> = {}) =>
    places.push({
      code,
      kind,
      name,
      x: round1(x),
      y: round1(y),
      node: nearest(x, y).code,
      parkAnimalCode: null,
      itemCode: null,
      ...more,
    });

  // Entrance and the facilities drawn on the map; what stands by the entrance is reached through it
  const atGate = { node: entrance.code };
  place('entrance', 'entrance', T('入口', 'Entrance'), L.gateX, L.gateY);
  place('gate-toilet', 'toilet', T('入口トイレ', 'Entrance toilets'), ...L.gateWc, atGate);
  place('gate-info', 'info', T('入口案内所', 'Entrance information'), ...L.gateInfo, atGate);
  L.facilities.forEach((f, i) => {
    const { kind, name } = FACILITY[f.kind];
    place(`${kind}-${i + 1}`, kind, name, f.x, f.y);
  });
  // Facilities the picture has no pictogram for, beside the ones it has
  const firstAid = places.find((p) => p.kind === 'first_aid') ?? (places[0] as SeedMapPlace);
  const mainInfo = places.find((p) => p.code.startsWith('info-')) ?? (places[0] as SeedMapPlace);
  const firstToilet = places.find((p) => p.code.startsWith('toilet-')) ?? (places[0] as SeedMapPlace);
  place(
    'nursing-room',
    'nursing_room',
    T('授乳室・おむつ替え', 'Nursing & changing room'),
    mainInfo.x - 22,
    mainInfo.y - 20,
  );
  place('shop', 'shop', T('ショップ', 'Gift shop'), L.gateX + 96, L.gateY - 28, atGate);
  place('lockers', 'locker', T('コインロッカー', 'Coin lockers'), L.gateX - 110, L.gateY - 26, atGate);
  place('aed-gate', 'aed', T('AED（入口）', 'AED (entrance)'), L.gateX + 60, L.gateY - 26, atGate);
  place('aed-first-aid', 'aed', T('AED（救護室）', 'AED (first aid)'), firstAid.x + 20, firstAid.y - 18);
  place('rest-area', 'rest_area', T('休憩所', 'Rest area'), L.gateX, (L.roadYs[1] ?? L.y0) - 18);
  // Barrier-free features
  place(
    'accessible-toilet-gate',
    'accessible_toilet',
    T('多目的トイレ（入口）', 'Accessible toilet (entrance)'),
    L.gateWc[0],
    L.gateWc[1] - 24,
    atGate,
  );
  place(
    'accessible-toilet',
    'accessible_toilet',
    T('多目的トイレ', 'Accessible toilet'),
    firstToilet.x + 22,
    firstToilet.y + 20,
  );
  place(
    'wheelchair-rental',
    'wheelchair_rental',
    T('車いす貸出', 'Wheelchair rental'),
    L.gateInfo[0] + 26,
    L.gateInfo[1] - 20,
    atGate,
  );
  place(
    'stroller-rental',
    'stroller_rental',
    T('ベビーカー貸出', 'Stroller rental'),
    L.gateInfo[0] + 26,
    L.gateInfo[1] + 14,
    atGate,
  );
  const stairsA = byCode.get(stairs.from) as SeedMapNode;
  const stairsB = byCode.get(stairs.to) as SeedMapNode;
  place(
    'stairs',
    'stairs',
    T(`階段（${stairs.steps}段）`, `Stairs (${stairs.steps} steps)`),
    (stairsA.x + stairsB.x) / 2,
    (stairsA.y + stairsB.y) / 2,
  );
  if (aquarium) {
    // Beside the stairs, a lift between the two floors: step free, slow only by its wait.
    const lower = stairsA.y > stairsB.y ? stairsA : stairsB;
    const upper = lower === stairsA ? stairsB : stairsA;
    const lift = addNode('elevator', lower.x + 18, lower.y - 12);
    link(lower, lift, { lengthM: 5, riseM: 0 });
    link(lift, upper, { lengthM: 15, riseM: round1(elevation(upper.x, upper.y) - elevation(lower.x, lower.y)) });
    place('elevator', 'elevator', T('エレベーター', 'Elevator'), lift.x, lift.y);
  }
  let slopeNo = 0;
  for (const e of edges) {
    if (e.steps > 0 || e.lengthM <= 0) continue;
    const percent = (Math.abs(e.riseM) / e.lengthM) * 100;
    if (percent < MARKED_SLOPE_PERCENT || e.lengthM < 20) continue;
    const a = byCode.get(e.from) as SeedMapNode | undefined;
    const b = byCode.get(e.to) as SeedMapNode | undefined;
    if (!a || !b) continue;
    const [lowX, lowY, highX, highY] = e.riseM > 0 ? [a.x, a.y, b.x, b.y] : [b.x, b.y, a.x, a.y];
    const up = uphillWord(highX - lowX, highY - lowY);
    slopeNo++;
    place(
      `slope-${slopeNo}`,
      'slope',
      T(`坂（${up.ja}へ上り ${Math.round(percent)}%）`, `Slope (uphill to the ${up.en}, ${Math.round(percent)}%)`),
      (a.x + b.x) / 2 + 10,
      (a.y + b.y) / 2,
    );
  }

  // Animals on their dots, each linked to the park's first animal of that species
  zones.forEach((zone, i) => {
    const z = L.zones[i];
    const door = doors[i];
    if (!z || !door) return;
    zone.animals.forEach((a, k) => {
      const spot = L.animalSpot(z, k) ?? [z.x + z.w - 30, z.y + z.h - 20];
      const s = speciesByCode(a.code);
      const animal = PARK_ANIMALS.find((p) => p.parkSlug === park.slug && p.speciesCode === a.code);
      place(`animal-${a.code}`, 'animal', T(s.name.ja.replace(/（.*）$/, ''), s.name.en), spot[0], spot[1], {
        node: door.code,
        parkAnimalCode: animal?.code ?? null,
      });
    });
  });

  // Events, quests and other items: in the zone of the species their code names, else by the entrance
  const kindOf: Partial<Record<number, PlaceKind>> = { 1: 'event', 2: 'quest', 5: 'other' };
  ITEMS.filter((it) => it.parkSlug === park.slug && kindOf[it.category] && !it.isPrivate).forEach((it, k) => {
    const words = it.code.split('--')[1]?.split('-') ?? [];
    const zoneIndex = zones.findIndex((z) =>
      z.animals.some((a) => a.code.split('-').some((w) => w !== 'sea' && w.length > 2 && words.includes(w))),
    );
    const z = L.zones[zoneIndex];
    const door = doors[zoneIndex];
    const [x, y] = z ? [z.x + z.w - 34, z.y + 22 + (k % 3) * 26] : [L.gateX - 150 + (k % 3) * 40, L.gateY - 30];
    place(`item-${it.code.split('--')[1]}`, kindOf[it.category] as PlaceKind, it.name, x, y, {
      itemCode: it.code,
      ...(door ? { node: door.code } : {}),
    });
  });
  place('photo-spot', 'other', T('記念撮影スポット', 'Photo spot'), L.gateX + 150, L.gateY - 8, atGate);

  // GPS control points: the four outer corners of the road grid, the map drawn north up around the park's location
  const mPerDegLon = METRES_PER_DEGREE * Math.cos((park.latitude * Math.PI) / 180);
  const controlPoints = [
    [L.x0, L.y0],
    [L.x1, L.y0],
    [L.x1, L.y1],
    [L.x0, L.y1],
  ].map(([x = 0, y = 0]) => ({
    x: round1(x),
    y: round1(y),
    latitude: Number((park.latitude - ((y - L.H / 2) * metresPerPx) / METRES_PER_DEGREE).toFixed(7)),
    longitude: Number((park.longitude + ((x - L.W / 2) * metresPerPx) / mPerDegLon).toFixed(7)),
  }));

  return { width: L.W, height: L.H, metresPerPx, nodes, edges, places, controlPoints };
}
