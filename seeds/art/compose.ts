// Places an animal drawing into a scene.
import type { SpeciesSeed } from '../content/types';
import { drawAnimal, GROUND_Y, isSwimmer } from './animals';
import { isUnderwater, type SceneArt, type SceneKind, scene } from './scenes';
import { n } from './svg';

/** Shapes that sit on the sea floor in underwater scenes. */
const FLOOR_SHAPES = ['crab', 'star', 'urchin', 'coral', 'shell', 'insect', 'eel'];

/** The scene an animal is drawn in: swimmers always get water. */
export function sceneFor(s: SpeciesSeed): SceneKind {
  const swimmer = isSwimmer(s.art, s.code);
  if (swimmer && !isUnderwater(s.art.scene))
    return s.art.scene === 'river' || s.art.scene === 'wetland' ? 'river-water' : 'ocean';
  return s.art.scene;
}

export interface Placement {
  /** Horizontal centre of the 200-wide drawing. */
  cx: number;
  scale: number;
  flip?: boolean;
  sleepy?: boolean;
  /** Extra vertical offset. */
  dy?: number;
}

/** The transform that places the 200 x 200 animal drawing into a scene of height h. */
export function placement(s: SpeciesSeed, bg: SceneArt, h: number, p: Placement): string {
  const swimmer = isSwimmer(s.art, s.code);
  const sc = p.scale;
  let y: number;
  if (swimmer) y = h * 0.48 - 100 * sc;
  else if (bg.water && FLOOR_SHAPES.includes(s.art.shape)) y = h * 0.95 - GROUND_Y * sc;
  else if (bg.water) y = h * 0.5 - 110 * sc;
  else if (s.art.shape === 'seaotter') y = bg.ground - h * 0.07 - 118 * sc;
  else y = bg.ground + 10 - GROUND_Y * sc;
  y += p.dy ?? 0;
  const x = p.cx - 100 * sc;
  const flip = p.flip ? ` translate(${n(200 * sc)} 0) scale(-1 1)` : '';
  return `translate(${n(x)} ${n(y)})${flip} scale(${n(sc)})`;
}

/** The animal as a transformed group inside a scene of height h. */
export function placeAnimal(s: SpeciesSeed, bg: SceneArt, h: number, p: Placement): string {
  return `<g transform="${placement(s, bg, h, p)}">${drawAnimal(s.art, { code: s.code, sleepy: p.sleepy })}</g>`;
}

/** A placed copy of a drawing defined once in <defs> with the given id. */
export const placeUse = (id: string, s: SpeciesSeed, bg: SceneArt, h: number, p: Placement): string =>
  `<use href="#${id}" transform="${placement(s, bg, h, p)}"/>`;

export function sceneArt(s: SpeciesSeed, w: number, h: number, seedText: string, idPrefix = 's'): SceneArt {
  return scene(sceneFor(s), w, h, seedText, idPrefix);
}
