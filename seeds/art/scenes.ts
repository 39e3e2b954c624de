// Background scenes chosen by habitat. Each returns defs + body for a w x h canvas.
import type { Scene } from '../content/types';
import { rng } from '../util';
import { circle, ellipse, linearGradient, n, path, rect } from './svg';

export interface SceneArt {
  defs: string;
  body: string;
  /** Underwater scenes: animals float instead of standing. */
  water: boolean;
  /** y of the ground line (land scenes). */
  ground: number;
}

/** Scenes of the data plus fresh water seen from below the surface. */
export type SceneKind = Scene | 'river-water';

const UNDERWATER: SceneKind[] = ['ocean', 'reef', 'deep', 'river-water'];
export const isUnderwater = (s: SceneKind) => UNDERWATER.includes(s);

const SKY: Record<SceneKind, [string, string]> = {
  savanna: ['#ffe3a8', '#fbd38d'],
  forest: ['#d8f0e4', '#eef8ef'],
  jungle: ['#cdebd5', '#e6f5e4'],
  ice: ['#dff1fb', '#f4fbff'],
  snow: ['#dde8f2', '#f5f8fb'],
  mountain: ['#cfe6f7', '#eef6fb'],
  grassland: ['#cfeafc', '#eef8ff'],
  desert: ['#ffe4c2', '#fff1de'],
  wetland: ['#d6eef2', '#f0f9f8'],
  river: ['#d4eefa', '#f0f9fd'],
  coast: ['#cfeafa', '#f1faff'],
  ocean: ['#4aa8d8', '#1b5f94'],
  reef: ['#5fd0d8', '#1f8fb0'],
  deep: ['#173a63', '#07162c'],
  'river-water': ['#8fcfb8', '#3f8f7a'],
  farm: ['#d5eefc', '#f1faff'],
};

const GROUND: Partial<Record<SceneKind, [string, string]>> = {
  savanna: ['#e2b766', '#cf9f4c'],
  forest: ['#8cc47a', '#6aa35c'],
  jungle: ['#6fae5e', '#4f8f46'],
  ice: ['#f4fbff', '#cfe6f3'],
  snow: ['#ffffff', '#dfe9f2'],
  mountain: ['#a8c58a', '#8aab70'],
  grassland: ['#a6d47c', '#86bb5e'],
  desert: ['#f0c98a', '#e0ae68'],
  wetland: ['#9fcf8a', '#7fb46c'],
  river: ['#9fd17f', '#7fb764'],
  coast: ['#f3dca8', '#e5c585'],
  farm: ['#a9d67e', '#8cc062'],
};

function tree(x: number, y: number, s: number, leaf: string, trunk = '#8a5a3a') {
  return (
    rect(x - 3 * s, y - 30 * s, 6 * s, 30 * s, trunk) +
    circle(x, y - 38 * s, 18 * s, leaf) +
    circle(x - 12 * s, y - 30 * s, 12 * s, leaf) +
    circle(x + 12 * s, y - 30 * s, 12 * s, leaf)
  );
}
function pine(x: number, y: number, s: number, leaf: string, snow = false) {
  const p = `M${n(x)} ${n(y - 60 * s)}L${n(x + 22 * s)} ${n(y - 10 * s)}H${n(x - 22 * s)}Z`;
  return (
    rect(x - 3 * s, y - 12 * s, 6 * s, 12 * s, '#7a5238') +
    path(p, leaf) +
    (snow ? path(`M${n(x)} ${n(y - 60 * s)}L${n(x + 8 * s)} ${n(y - 42 * s)}H${n(x - 8 * s)}Z`, '#fff') : '')
  );
}
function acacia(x: number, y: number, s: number) {
  return (
    path(
      `M${n(x - 3 * s)} ${n(y)}L${n(x - 2 * s)} ${n(y - 40 * s)}L${n(x - 14 * s)} ${n(y - 52 * s)}L${n(x - 10 * s)} ${n(y - 54 * s)}L${n(x + 1 * s)} ${n(y - 45 * s)}L${n(x + 12 * s)} ${n(y - 55 * s)}L${n(x + 15 * s)} ${n(y - 52 * s)}L${n(x + 3 * s)} ${n(y - 40 * s)}L${n(x + 4 * s)} ${n(y)}Z`,
      '#7a5234',
    ) + ellipse(x, y - 58 * s, 40 * s, 10 * s, '#7f9a3a')
  );
}
function leaf(x: number, y: number, s: number, rot: number, color: string) {
  return `<path transform="translate(${n(x)} ${n(y)}) rotate(${rot}) scale(${n(s)})" d="M0 0C10-14 34-14 44 0C34 14 10 14 0 0Z" fill="${color}"/>`;
}

/** A background scene. */
export function scene(kind: SceneKind, w: number, h: number, seedText: string, idPrefix = 's'): SceneArt {
  const r = rng(`scene:${seedText}`);
  const [top, bottom] = SKY[kind];
  const id = `${idPrefix}g`;
  const defs = linearGradient(id, [
    [0, top],
    [1, bottom],
  ]);
  let body = rect(0, 0, w, h, `url(#${id})`);
  const water = isUnderwater(kind);
  const gy = Math.round(h * 0.78);
  if (water) {
    // Light rays, sea floor, bubbles.
    for (let i = 0; i < 3; i++) {
      const x = w * (0.15 + i * 0.3 + r() * 0.1);
      body += path(
        `M${n(x)} 0L${n(x + w * 0.08)} 0L${n(x + w * 0.2)} ${n(h)}L${n(x + w * 0.05)} ${n(h)}Z`,
        '#fff',
        ' opacity=".07"',
      );
    }
    const floor =
      kind === 'deep' ? '#0c2340' : kind === 'reef' ? '#f0dca8' : kind === 'river-water' ? '#7a6a4a' : '#2a6b8f';
    body += path(
      `M0 ${n(h * 0.9)}Q${n(w * 0.3)} ${n(h * 0.84)} ${n(w * 0.6)} ${n(h * 0.9)}T${n(w)} ${n(h * 0.88)}V${n(h)}H0Z`,
      floor,
    );
    if (kind === 'reef') {
      const corals = ['#f28b82', '#f6b26b', '#b27ad8', '#ff8fb1'];
      for (let i = 0; i < 5; i++) {
        const x = w * (0.08 + i * 0.21 + r() * 0.05);
        const c = corals[i % corals.length] ?? '#f28b82';
        body += path(`M${n(x)} ${n(h * 0.92)}q-6-26 -18-34q10 2 16 14q0-20 8-30q4 14 0 30q8-12 18-14q-10 10-14 34z`, c);
      }
      body += path(`M${n(w * 0.7)} ${n(h * 0.9)}c0-20 30-20 30 0z`, '#7fc8a9');
    }
    if (kind === 'river-water') {
      for (let i = 0; i < 5; i++) {
        const x = w * (0.05 + r() * 0.9);
        body += path(
          `M${n(x)} ${n(h)}q-8 -${n(h * 0.2)} 4 -${n(h * 0.4)}`,
          'none',
          ' stroke="#3f7a4a" stroke-width="4" opacity=".7"',
        );
      }
      body += ellipse(w * 0.2, h * 0.94, 26, 12, '#8a8a7a') + ellipse(w * 0.75, h * 0.95, 34, 14, '#9a9a8a');
    }
    if (kind === 'deep') {
      for (let i = 0; i < 14; i++) body += circle(r() * w, r() * h * 0.85, 1 + r() * 1.5, '#9fd3ff', ' opacity=".5"');
    } else {
      for (let i = 0; i < 6; i++)
        body += circle(
          w * (0.05 + r() * 0.9),
          h * (0.1 + r() * 0.7),
          2 + r() * 5,
          'none',
          ' stroke="#fff" stroke-width="1.5" opacity=".6"',
        );
    }
    return { defs, body, water, ground: h };
  }

  const [g1, g2] = GROUND[kind] ?? ['#a6d47c', '#86bb5e'];
  // Far layer
  switch (kind) {
    case 'savanna':
      body += circle(w * 0.8, h * 0.22, h * 0.09, '#fff3c4');
      body += acacia(w * 0.2, gy + 2, h / 300) + acacia(w * 0.88, gy + 4, h / 420);
      break;
    case 'forest':
      for (let i = 0; i < 5; i++)
        body += tree(
          w * (0.06 + i * 0.22 + r() * 0.05),
          gy + 4,
          (h / 300) * (0.9 + r() * 0.4),
          i % 2 ? '#5e9e5c' : '#4f8c50',
        );
      break;
    case 'jungle':
      for (let i = 0; i < 9; i++)
        body += leaf(
          w * r(),
          h * (0.05 + r() * 0.55),
          (h / 300) * (1 + r()),
          Math.round(r() * 360),
          i % 2 ? '#3f8f4f' : '#57a35e',
        );
      body += path(`M${n(w * 0.1)} 0q10 ${n(h * 0.3)} -4 ${n(h * 0.5)}`, 'none', ' stroke="#4a7f3a" stroke-width="3"');
      break;
    case 'ice':
      body += path(
        `M0 ${n(gy - h * 0.2)}L${n(w * 0.18)} ${n(gy - h * 0.34)}L${n(w * 0.3)} ${n(gy - h * 0.22)}L${n(w * 0.42)} ${n(gy - h * 0.3)}L${n(w * 0.55)} ${n(gy - h * 0.18)}V${n(gy)}H0Z`,
        '#eaf6fc',
      );
      body += rect(0, gy - h * 0.06, w, h * 0.06, '#6cb4dc');
      break;
    case 'snow':
    case 'mountain':
      body += path(
        `M0 ${n(gy - h * 0.15)}L${n(w * 0.22)} ${n(h * 0.25)}L${n(w * 0.42)} ${n(gy - h * 0.2)}L${n(w * 0.65)} ${n(h * 0.18)}L${n(w)} ${n(gy - h * 0.12)}V${n(gy)}H0Z`,
        kind === 'snow' ? '#c7d6e4' : '#9aa9b8',
      );
      body += path(
        `M${n(w * 0.22)} ${n(h * 0.25)}l${n(w * 0.05)} ${n(h * 0.08)}h${n(-w * 0.1)}z M${n(w * 0.65)} ${n(h * 0.18)}l${n(w * 0.06)} ${n(h * 0.09)}h${n(-w * 0.12)}z`,
        '#fff',
      );
      body +=
        pine(w * 0.08, gy + 2, h / 300, '#3f7a5a', kind === 'snow') +
        pine(w * 0.93, gy + 2, h / 340, '#3f7a5a', kind === 'snow');
      if (kind === 'snow') for (let i = 0; i < 14; i++) body += circle(r() * w, r() * gy, 1.5 + r() * 2, '#fff');
      break;
    case 'grassland':
    case 'farm':
      body += circle(w * 0.15, h * 0.2, h * 0.07, '#fff6c8');
      body += ellipse(w * 0.3, gy, w * 0.4, h * 0.14, '#bfe19a') + ellipse(w * 0.85, gy, w * 0.35, h * 0.12, '#b2da8c');
      if (kind === 'farm') {
        for (let i = 0; i < 7; i++) body += rect(w * (0.05 + i * 0.15), gy - h * 0.12, 6, h * 0.12, '#c79a66');
        body += rect(0, gy - h * 0.1, w, 5, '#d6aa74') + rect(0, gy - h * 0.05, w, 5, '#d6aa74');
      }
      break;
    case 'desert':
      body += circle(w * 0.82, h * 0.2, h * 0.08, '#fff1c0');
      body += path(
        `M0 ${n(gy - h * 0.08)}Q${n(w * 0.25)} ${n(gy - h * 0.2)} ${n(w * 0.5)} ${n(gy - h * 0.07)}T${n(w)} ${n(gy - h * 0.1)}V${n(gy)}H0Z`,
        '#f5d6a0',
      );
      body += ellipse(w * 0.12, gy - 4, 18, 10, '#c4946a') + ellipse(w * 0.9, gy - 2, 12, 7, '#c4946a');
      break;
    case 'wetland':
    case 'river':
    case 'coast':
      if (kind === 'coast')
        body +=
          rect(0, gy - h * 0.16, w, h * 0.16, '#5fb0dc') +
          path(`M0 ${n(gy - h * 0.16)}h${n(w)}`, 'none', ' stroke="#fff" stroke-width="2" opacity=".6"');
      else body += tree(w * 0.1, gy - h * 0.08, h / 360, '#6aa86a') + tree(w * 0.9, gy - h * 0.1, h / 400, '#5e9e5c');
      break;
  }
  // Ground
  const gid = `${idPrefix}d`;
  const groundDefs = linearGradient(gid, [
    [0, g1],
    [1, g2],
  ]);
  body += path(`M0 ${gy}Q${n(w * 0.25)} ${n(gy - 6)} ${n(w * 0.5)} ${gy}T${w} ${gy}V${h}H0Z`, `url(#${gid})`);
  if (kind === 'river' || kind === 'wetland') {
    body += path(
      `M0 ${n(gy + h * 0.08)}Q${n(w * 0.5)} ${n(gy + h * 0.02)} ${w} ${n(gy + h * 0.1)}V${n(gy + h * 0.18)}Q${n(w * 0.5)} ${n(gy + h * 0.12)} 0 ${n(gy + h * 0.18)}Z`,
      '#7cc3e6',
    );
    if (kind === 'wetland')
      for (let i = 0; i < 6; i++) {
        const x = w * (0.05 + r() * 0.9);
        body += path(`M${n(x)} ${n(gy + 4)}q-4-24 2-40`, 'none', ' stroke="#5a8a3a" stroke-width="3"');
      }
  }
  if (kind === 'grassland' || kind === 'savanna' || kind === 'forest' || kind === 'farm') {
    for (let i = 0; i < 8; i++) {
      const x = w * r();
      const y = gy + (h - gy) * r();
      body += path(`M${n(x)} ${n(y)}l3-8l3 8l3-10l3 10`, 'none', ` stroke="${g2}" stroke-width="2"`);
    }
  }
  return { defs: defs + groundDefs, body, water, ground: gy };
}
