// Park hero illustrations (800 x 450) and illustrated park maps (800 x 600).
import type { MapArea, ParkSeed, SpeciesSeed, Text } from '../content/types';
import { rng } from '../util';
import { isSwimmer } from './animals';
import { placeAnimal } from './compose';
import { scene } from './scenes';
import { circle, darken, g, lighten, n, path, rect, stroke, svgDoc, text } from './svg';

/** Hero image: the park's scenery with three of its animals and a name plate. */
export function parkHeroSvg(park: ParkSeed, species: SpeciesSeed[]): string {
  const W = 800;
  const H = 450;
  const aquarium = park.kind === 'aquarium';
  // Snowy scenery only for the northern parks (Hokkaido and Tohoku).
  const kind = aquarium ? 'ocean' : park.prefectureId <= 7 ? 'snow' : 'grassland';
  const bg = scene(kind, W, H, park.slug, 'h');
  let body = bg.body;
  if (!aquarium) {
    // Entrance arch with flags
    const c = park.theme.primary;
    body += rect(560, 150, 22, 190, darken(c, 0.2), 4) + rect(730, 150, 22, 190, darken(c, 0.2), 4);
    body += path('M548 160q108 -70 216 0v-24q-108 -70 -216 0z', c);
    for (let i = 0; i < 5; i++) body += path(`M${592 + i * 28} 132l10 -26l10 26z`, i % 2 ? '#f2c94c' : lighten(c, 0.4));
  } else {
    body += path('M0 70q200 -40 400 0t400 0V0H0z', '#fff', ' opacity=".15"');
  }
  // Stars of the park: swimmers for aquariums; for zoos, no farm animals or tiny creatures.
  const eligible = species.filter((s) =>
    aquarium ? isSwimmer(s.art, s.code) : s.art.scene !== 'farm' && (s.weightKg ?? 0) >= 2 && !isSwimmer(s.art, s.code),
  );
  const picks = (eligible.length >= 3 ? eligible : species).slice(0, 3);
  const slots = aquarium
    ? [
        { cx: 200, scale: 1.1, dy: -40 },
        { cx: 420, scale: 1.3, dy: 10 },
        { cx: 640, scale: 0.95, dy: -70 },
      ]
    : [
        { cx: 150, scale: 1.2, dy: 0 },
        { cx: 350, scale: 1.05, dy: 0 },
        { cx: 520, scale: 0.9, dy: 0 },
      ];
  picks.forEach((s, i) => {
    const slot = slots[i];
    if (slot) body += placeAnimal(s, { ...bg, water: aquarium || bg.water }, H * (aquarium ? 1 : 0.95), slot);
  });
  // Name plate
  body += rect(24, H - 96, 470, 72, '#ffffff', 14, ' opacity=".93"');
  body += rect(24, H - 96, 10, 72, park.theme.primary, 4);
  body += text(50, H - 56, park.name.ja, park.name.ja.length > 12 ? 26 : 30, '#222', ` font-weight="700"`);
  body += text(50, H - 33, park.name.en, 15, '#5a5a5a');
  return svgDoc(W, H, park.name.ja, body, bg.defs);
}

export interface MapAnimal {
  /** Species code (seeds/content/species*.ts). */
  code: string;
  ja: string;
  color: string;
}

export interface MapZone {
  name: MapArea['name'];
  animals: MapAnimal[];
}

/** Facility pictograms, defined once per map and placed with <use>. */
const ICON_DEFS =
  `<g id="wc">${rect(-11, -11, 22, 22, '#3a6fd8', 5)}${text(0, 4.5, 'WC', 10, '#fff', ' text-anchor="middle" font-weight="700"')}</g>` +
  `<g id="in">${circle(0, 0, 11, '#2f9e6a')}${text(0, 5, 'i', 14, '#fff', ' text-anchor="middle" font-weight="700" font-style="italic"')}</g>` +
  `<g id="fd">${circle(0, 0, 11, '#e0793a')}${stroke('M-4 -6v12M4 -6v12M-6 -6v4q2 3 4 0M2 -6q4 0 4 6h-4', '#fff', 1.8)}</g>` +
  `<g id="ad">${circle(0, 0, 11, '#d8434a')}${stroke('M0 -6v12M-6 0h12', '#fff', 3)}</g>`;
const use = (id: string) => (x: number, y: number) => `<use href="#${id}" x="${n(x)}" y="${n(y)}"/>`;
const ICON = { wc: use('wc'), info: use('in'), food: use('fd'), aid: use('ad') };

/**
 * Where the map puts its roads, zones, facilities and entrance: the picture and the walkway graph of map mode
 * (seeds/mapData.ts) are both drawn from this, so the graph lies on the drawn roads.
 */
export function parkMapLayout(zoneCount: number) {
  const W = 800;
  const H = 600;
  const cols = zoneCount > 4 ? 3 : 2;
  const rows = Math.ceil(zoneCount / cols);
  const top = 88;
  const left = 28;
  const bottom = H - 92;
  const cw = (W - 2 * left) / cols;
  const ch = (bottom - top) / rows;
  const pad = 14;
  // Roads: around the zones, in the gutters between them, and down to the entrance
  const x0 = left + pad / 2;
  const x1 = W - left - pad / 2;
  const y0 = top + pad / 2;
  const y1 = bottom - pad / 2;
  const gateX = W / 2;
  const gateY = H - 44;
  const zones = Array.from({ length: cols * rows }, (_, i) => ({
    col: i % cols,
    row: Math.floor(i / cols),
    x: left + (i % cols) * cw + pad,
    y: top + Math.floor(i / cols) * ch + pad,
    w: cw - 2 * pad,
    h: ch - 2 * pad,
  }));
  /** An animal's dot in its zone (k-th in the list); null when the zone has no room for it. */
  const animalSpot = (zone: (typeof zones)[number], k: number): [number, number] | null => {
    const ey = zone.y + 52 + k * 22;
    return ey > zone.y + zone.h - 8 ? null : [zone.x + 26, ey];
  };
  // Facilities at road corners and crossings, in this order of pictograms
  const facilityKinds = ['wc', 'food', 'info', 'wc', 'aid', 'wc'] as const;
  const spots: [number, number][] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  for (let c = 1; c < cols; c++) for (let k = 1; k < rows; k++) spots.push([left + c * cw, top + k * ch]);
  const facilities = spots.map(([x, y], i) => ({ x, y, kind: facilityKinds[i % facilityKinds.length] ?? 'wc' }));
  const roadXs = [x0, ...Array.from({ length: cols - 1 }, (_, c) => left + (c + 1) * cw), x1];
  const roadYs = [y0, ...Array.from({ length: rows - 1 }, (_, k) => top + (k + 1) * ch), y1];
  return {
    W,
    H,
    cols,
    rows,
    top,
    left,
    cw,
    ch,
    x0,
    x1,
    y0,
    y1,
    gateX,
    gateY,
    zones,
    animalSpot,
    facilities,
    roadXs,
    roadYs,
    /** The entrance's own toilet and information pictograms. */
    gateWc: [gateX - 82, gateY] as [number, number],
    gateInfo: [gateX + 82, gateY] as [number, number],
  };
}

/** An illustrated park map: zones between roads, labelled enclosures, entrance and facilities. */
export function parkMapSvg(park: ParkSeed, areas: MapZone[], title: Text): string {
  const L = parkMapLayout(areas.length);
  const { W, H, cols, rows, top, left, cw, ch, x0, x1, y0, y1, gateX, gateY } = L;
  const r = rng(`map:${park.slug}`);
  const aquarium = park.kind === 'aquarium';
  const zoneColors = aquarium
    ? ['#cfe8f7', '#d7f0ec', '#e3e0f7', '#d5e6fb', '#e0f3f7', '#f0ecd8']
    : ['#cfe8b9', '#e6efc2', '#d5ecd0', '#f0e4c4', '#cfe6d6', '#e3efcf'];
  const ground = aquarium ? '#eaf4fa' : '#e4f1d6';
  let body = rect(0, 0, W, H, ground);
  // Scattered trees (zoo) or ripples (aquarium)
  let deco = '';
  for (let i = 0; i < 14; i++) {
    const x = n(r() * W);
    const y = n(top + r() * (H - top));
    deco += aquarium ? `<path d="M${x} ${y}q6 -5 12 0t12 0"/>` : `<circle cx="${x}" cy="${y}" r="${n(5 + r() * 6)}"/>`;
  }
  body += aquarium
    ? `<g fill="none" stroke="#b9d9ec" stroke-width="2">${deco}</g>`
    : `<g fill="#a9d18c" opacity=".7">${deco}</g>`;
  let roads = `M${n(x0)} ${n(y0)}H${n(x1)}V${n(y1)}H${n(x0)}Z`;
  for (let c = 1; c < cols; c++) roads += `M${n(left + c * cw)} ${n(y0)}V${n(y1)}`;
  for (let k = 1; k < rows; k++) roads += `M${n(x0)} ${n(top + k * ch)}H${n(x1)}`;
  roads += `M${gateX} ${n(y1)}V${gateY}`;
  body += stroke(roads, '#e9d6ac', 16) + stroke(roads, '#fff7e4', 2.5, ' stroke-dasharray="8 10"');
  // Zones with their animals
  let markers = '';
  let names = '';
  L.zones.forEach((zone, i) => {
    const { x: zx, y: zy, w: zw, h: zh } = zone;
    const area = areas[i];
    if (!area) {
      // Spare cell: a plaza with a fountain
      body += rect(zx, zy, zw, zh, aquarium ? '#f3efe2' : '#eef3d8', 26);
      body +=
        circle(zx + zw / 2, zy + zh / 2, 30, '#bfe3f5', ' stroke="#9cc9e0" stroke-width="4"') +
        circle(zx + zw / 2, zy + zh / 2, 8, '#fff');
      body += text(
        zx + zw / 2,
        zy + zh / 2 + 54,
        aquarium ? '休憩スペース' : '広場',
        12,
        '#6a7a5a',
        ' text-anchor="middle"',
      );
      return;
    }
    const color = zoneColors[i % zoneColors.length] ?? '#ddd';
    body += rect(zx, zy, zw, zh, color, 26, ` stroke="${darken(color, 0.12)}" stroke-width="2"`);
    const label = area.name.ja;
    const size = label.length * 13 + 18 > zw - 16 ? 11 : 13;
    body += rect(zx + 10, zy + 10, Math.min(zw - 16, label.length * size + 18), 24, darken(color, 0.45), 12);
    body += text(zx + 19, zy + 27, label, size, '#fff', ' font-weight="700"');
    area.animals.forEach((a, k) => {
      const spot = L.animalSpot(zone, k);
      if (!spot) return;
      markers += `<circle cx="${n(spot[0])}" cy="${n(spot[1])}" r="8" fill="${a.color}"/>`;
      names += `<text x="${n(spot[0] + 14)}" y="${n(spot[1] + 4)}">${a.ja}</text>`;
    });
  });
  body += `<g stroke="#fff" stroke-width="2">${markers}</g><g font-size="11.5" fill="#2a2a2a">${names}</g>`;
  // Facilities at road corners and crossings
  for (const f of L.facilities) body += ICON[f.kind](f.x, f.y);
  // Entrance
  body += rect(gateX - 62, gateY - 16, 124, 34, park.theme.primary, 10, ' stroke="#fff" stroke-width="2"');
  body += text(gateX, gateY + 6, '入口 Entrance', 14, '#fff', ' text-anchor="middle" font-weight="700"');
  body += ICON.info(...L.gateInfo) + ICON.wc(...L.gateWc);
  // Title bar, compass, legend
  body += rect(0, 0, W, 64, park.theme.primary);
  body += text(24, 31, park.name.ja, 22, '#fff', ' font-weight="700"');
  body += text(24, 52, `${title.ja} / ${title.en}`, 13, lighten(park.theme.primary, 0.7));
  body += g(
    'translate(748 32)',
    circle(0, 0, 20, '#fff', ' opacity=".9"') +
      path('M0 -14l7 18l-7 -5l-7 5z', park.theme.primary) +
      text(0, 16, 'N', 9, park.theme.primary, ' text-anchor="middle" font-weight="700"'),
  );
  const legend = [
    [ICON.wc, 'トイレ'],
    [ICON.food, '飲食'],
    [ICON.info, '案内所'],
    [ICON.aid, '救護室'],
  ] as const;
  body += rect(W - 186, H - 66, 170, 56, '#fff', 10, ' opacity=".92"');
  legend.forEach(([f, label], i) => {
    const x = W - 168 + (i % 2) * 82;
    const y = H - 48 + Math.floor(i / 2) * 22;
    body += f(x, y) + text(x + 16, y + 4, label, 11, '#333');
  });
  return svgDoc(W, H, `${park.name.ja} ${title.ja}`, body, ICON_DEFS);
}
