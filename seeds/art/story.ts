// Story pictures (400 x 300) and short movies (animated SVG, 360 x 640, 9:16).
import type { ParkSeed, SpeciesSeed, StaffSeed, StorySeed } from '../content/types';
import { rng } from '../util';
import { drawAnimal, isSwimmer } from './animals';
import { placeAnimal, placeUse, sceneArt } from './compose';
import { keeper } from './people';
import { scene } from './scenes';
import { circle, darken, ellipse, g, linearGradient, n, path, rect, stroke, svgDoc, text } from './svg';

export interface StoryArtContext {
  story: StorySeed;
  park: ParkSeed;
  staff: StaffSeed;
  species: SpeciesSeed | null;
  /** Another species of the park, for park-wide pictures. */
  signature: SpeciesSeed | null;
}

const W = 400;
const H = 300;

// ---------------------------------------------------------------------------------------------
// Props

const cake = (x: number, y: number) =>
  rect(x - 34, y - 30, 68, 30, '#f7d9e3', 6) +
  rect(x - 26, y - 52, 52, 24, '#fdf1f5', 6) +
  stroke(`M${x - 34} ${y - 18}q8 6 17 0t17 0t17 0t17 0`, '#e88aa8', 3) +
  circle(x - 12, y - 56, 5, '#e0302a') +
  circle(x + 10, y - 56, 5, '#f2a23a') +
  rect(x - 1.5, y - 72, 3, 14, '#f2c94c') +
  ellipse(x, y - 76, 3, 5, '#ff9a2a');
const bunting = (w: number, y = 18) => {
  let s = stroke(`M0 ${y}Q${w / 2} ${y + 26} ${w} ${y}`, '#8a6a4a', 1.5);
  const colors = ['#e0302a', '#f2c94c', '#3a9ad9', '#5ab85a', '#d4477a'];
  for (let i = 1; i < 10; i++) {
    const x = (w * i) / 10;
    const yy = y + 26 * (1 - ((2 * i) / 10 - 1) ** 2) * 0.5 + 2;
    s += path(`M${n(x - 9)} ${n(yy)}h18l-9 16z`, colors[i % colors.length] ?? '#e0302a');
  }
  return s;
};
const iceBlock = (x: number, y: number) =>
  rect(x - 30, y - 52, 60, 52, '#cdeefa', 10, ' opacity=".9" stroke="#9fd6ee" stroke-width="2"') +
  circle(x - 12, y - 34, 6, '#e0302a') +
  circle(x + 10, y - 22, 6, '#f2a23a') +
  circle(x + 6, y - 40, 5, '#7ac142') +
  path(`M${x - 22} ${y - 46}l10 -2`, 'none', ' stroke="#fff" stroke-width="3"');
const bucket = (x: number, y: number) =>
  path(`M${x - 24} ${y - 40}h48l-6 40h-36z`, '#9aa7b4') +
  ellipse(x, y - 40, 24, 6, '#7a8794') +
  path(`M${x - 10} ${y - 44}l-8 -14l8 4l4 -8l2 14z`, '#8aa8c8') +
  path(`M${x + 6} ${y - 44}l6 -16l2 8l8 -2l-8 12z`, '#a8b8cc') +
  stroke(`M${x - 22} ${y - 40}q22 -40 44 0`, '#5a6774', 2.5);
const ball = (x: number, y: number, c = '#e0302a') =>
  circle(x, y, 16, c) +
  path(`M${x - 16} ${y}q16 8 32 0`, 'none', ' stroke="#fff" stroke-width="3"') +
  circle(x - 5, y - 6, 4, '#fff', ' opacity=".6"');
const clipboard = (x: number, y: number) =>
  rect(x - 22, y - 60, 44, 58, '#c8955a', 4) +
  rect(x - 17, y - 52, 34, 46, '#fff', 2) +
  rect(x - 8, y - 64, 16, 8, '#6a6a6a', 2) +
  stroke(`M${x - 12} ${y - 40}l3 3l6 -6M${x - 12} ${y - 26}l3 3l6 -6`, '#2f9e6a', 2) +
  stroke(`M${x} ${y - 38}h10M${x} ${y - 24}h10`, '#aaa', 2);
const sparkle = (x: number, y: number, s = 1) =>
  path(`M${x} ${y - 10 * s}q2 8 10 ${10 * s}q-8 2 -10 ${10 * s}q-2 -8 -10 ${-10 * s}q8 -2 10 ${-10 * s}z`, '#ffd54a');
const snowflakes = (seed: string) => {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < 24; i++) s += circle(r() * W, r() * H * 0.8, 1.5 + r() * 2.5, '#fff', ' opacity=".9"');
  return s;
};
const heart = (x: number, y: number, c = '#e85a7a') =>
  path(`M${x} ${y + 12}c-22 -14 -18 -30 -6 -30q6 0 6 8q0 -8 6 -8c12 0 16 16 -6 30z`, c);
const nest = (x: number, y: number) =>
  ellipse(x, y, 34, 12, '#a07848') +
  ellipse(x - 10, y - 8, 8, 10, '#f6efe0') +
  ellipse(x + 8, y - 8, 8, 10, '#f0e6d2') +
  stroke(`M${x - 34} ${y}q34 10 68 0`, '#7a5a32', 3);
const lamp = (x: number) =>
  path(`M${x - 20} 0h40l-8 30h-24z`, '#5a5a5a') +
  circle(x, 34, 8, '#ffd54a') +
  path(`M${x - 14} 40l-40 90h108l-40 -90z`, '#ffe27a', ' opacity=".35"');
const rain = (seed: string) => {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < 22; i++) {
    const x = r() * W;
    const y = r() * H * 0.7;
    s += stroke(`M${n(x)} ${n(y)}l-3 9`, '#8ac8f0', 2, ' opacity=".8"');
  }
  return s;
};
const feathers = (seed: string) => {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < 6; i++)
    s += `<path transform="translate(${n(40 + r() * 320)} ${n(40 + r() * 160)}) rotate(${Math.round(r() * 180)})" d="M0 0q6 -10 14 0q-8 6 -14 0z" fill="#f0f0f0" stroke="#bbb"/>`;
  return s;
};
const footprints = (y: number) => {
  let s = '';
  for (let i = 0; i < 5; i++) s += ellipse(40 + i * 70, y + (i % 2 ? 10 : 22), 14, 8, '#000', ' opacity=".12"');
  return s;
};
const termiteMound = (x: number, y: number) =>
  path(`M${x - 30} ${y}q6 -70 30 -80q24 10 30 80z`, '#b88a5a') +
  circle(x - 6, y - 40, 4, '#6a4a2a') +
  circle(x + 8, y - 24, 4, '#6a4a2a') +
  stroke(`M${x + 30} ${y - 60}l-26 22`, '#7a5a3a', 4);
const waves = (y: number) =>
  stroke(`M0 ${y}q25 -10 50 0t50 0t50 0t50 0t50 0t50 0t50 0t50 0`, '#fff', 3, ' opacity=".7"');
const sunGlow = () =>
  circle(340, 50, 70, '#ffb74a', ' opacity=".25"') + circle(340, 50, 40, '#ffd27a', ' opacity=".5"');
const bath = (y: number) =>
  ellipse(W / 2, y - 10, 170, 40, '#7fc6e8', ' opacity=".85"') +
  [120, 170, 230, 280, 200].map((x, i) => circle(x, y - 20 + (i % 2) * 14, 9, '#f6c92a')).join('');

function propFor(topic: string, ground: number, seed: string, species: SpeciesSeed | null): string {
  switch (topic) {
    case 'birthday':
      return bunting(W) + cake(318, ground + 14);
    case 'ice-gift':
      return iceBlock(318, ground + 14);
    case 'feeding':
    case 'big-tank':
      return species && isSwimmer(species.art, species.code) ? '' : bucket(320, ground + 12);
    case 'enrichment':
      return ball(316, ground - 4, '#2a7ad8');
    case 'health':
      return clipboard(330, ground + 10);
    case 'new-arrival':
    case 'conservation':
      return (
        sparkle(320, 60) + sparkle(352, 96, 0.6) + (topic === 'conservation' ? heart(60, 50) : sparkle(60, 70, 0.8))
      );
    case 'snow-day':
      return snowflakes(seed);
    case 'winter-warm':
      return sunGlow();
    case 'yuzu-bath':
      return bath(ground + 40);
    case 'molting':
      return feathers(seed);
    case 'training':
      return ball(320, 70, '#f2c94c') + stroke('M320 88v30', '#999', 2);
    case 'cold-blooded-sun':
      return lamp(200);
    case 'amphibian':
      return rain(seed);
    case 'nesting':
      return nest(320, ground + 8);
    case 'elephant-care':
      return footprints(ground + 30);
    case 'ape-mind':
      return termiteMound(320, ground + 12);
    case 'local-waters':
      return waves(40) + waves(70);
    case 'sea-turtle':
      return [280, 320, 350].map((x, i) => ellipse(x, ground + 30 - i * 8, 9, 6, '#6a7a4a')).join('');
    default:
      return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Story pictures

function animalPicture(c: StoryArtContext, index: number): { defs: string; body: string } {
  const s = c.species as SpeciesSeed;
  const story = c.story;
  const bg = sceneArt(s, W, H, `${story.code}:${index}`, `p${index}`);
  let defs = bg.defs;
  let body = bg.body;
  const topic = story.topic;
  const sleepy = topic === 'm-nap';
  const many = ['baby', 'm-baby', 'penguin-walk', 'jelly-debut', 'big-tank'].includes(topic);
  if (many) defs += `<g id="an">${drawAnimal(s.art, { code: s.code })}</g>`;
  const copy = (p: Parameters<typeof placeUse>[4]) => placeUse('an', s, bg, H, p);
  if (topic === 'baby' || topic === 'm-baby') {
    body += copy({ cx: index === 2 ? 130 : 150, scale: index === 2 ? 1.3 : 1.05 });
    body += copy({ cx: index === 2 ? 300 : 285, scale: 0.58, dy: isSwimmer(s.art, s.code) ? 40 : 0 });
    body += heart(350, 40);
  } else if (topic === 'penguin-walk') {
    [70, 150, 230, 310].forEach((x, i) => {
      body += copy({ cx: x, scale: 0.7 - i * 0.03 });
    });
    body += footprints(bg.ground + 30);
  } else if (topic === 'jelly-debut' || topic === 'big-tank') {
    body += copy({ cx: 110, scale: 0.6, dy: -40 });
    body += copy({ cx: 300, scale: 0.55, dy: 50 });
    body += copy({ cx: 200, scale: index === 2 ? 1.5 : 1.1 });
  } else if (index === 2) {
    body += placeAnimal(s, bg, H, { cx: 200, scale: 1.75, dy: bg.water ? 0 : 60 });
    body += propFor(topic, bg.ground, story.code, s);
  } else if (index === 3) {
    body += placeAnimal(s, bg, H, { cx: 250, scale: 1.0, sleepy });
    if (!bg.water) body += keeper(80, bg.ground + 30, 1, c.staff.look.uniform, c.staff.look);
    else
      body +=
        rect(0, H - 36, W, 36, '#25344a') +
        rect(6, 6, W - 12, H - 42, 'none', 10, ' stroke="#1c2838" stroke-width="8"') +
        keeper(64, H - 8, 0.9, c.staff.look.uniform, c.staff.look);
  } else {
    body += placeAnimal(s, bg, H, { cx: 170, scale: 1.2, sleepy });
    body += propFor(topic, bg.ground, story.code, s);
  }
  return { defs, body };
}

function parkPicture(c: StoryArtContext, index: number): { defs: string; body: string } {
  const aquarium = c.park.kind === 'aquarium';
  const topic = c.story.topic;
  const kind = topic === 'volunteers' && aquarium ? 'coast' : aquarium ? 'ocean' : 'grassland';
  const bg = scene(kind, W, H, `${c.story.code}:${index}`, `q${index}`);
  let defs = bg.defs;
  let body = bg.body;
  const sig = c.signature;
  const animal = (cx: number, scale: number) => (sig ? placeAnimal(sig, bg, H, { cx, scale }) : '');
  const u = c.staff.look.uniform;
  switch (topic) {
    case 'night-event': {
      defs += linearGradient('nt', [
        [0, '#0f1d3d'],
        [1, '#33406e'],
      ]);
      body += rect(0, 0, W, H, 'url(#nt)', 0, ' opacity=".82"');
      body += circle(330, 50, 22, '#fff7c8') + circle(340, 44, 20, '#1d2a52');
      const r = rng(c.story.code);
      for (let i = 0; i < 16; i++) body += circle(r() * W, r() * 110, 1 + r() * 1.5, '#fff');
      body += animal(200, 1.0);
      body += stroke('M0 40Q200 100 400 40', '#3a3a3a', 1.5);
      for (let i = 1; i < 12; i++) {
        const x = (W * i) / 12;
        body += circle(x, 40 + 60 * (1 - ((2 * i) / 12 - 1) ** 2) * 0.5 + 4, 5, '#ffd54a', ' opacity=".95"');
      }
      body += rect(0, 0, W, H, '#0f1d3d', 0, ' opacity=".15"');
      break;
    }
    case 'backyard-tour':
      body +=
        rect(200, 70, 180, 120, '#e8dcc8') +
        path('M190 74l100 -50l100 50z', '#b0603a') +
        rect(250, 120, 44, 70, '#8a5a3a', 3) +
        rect(236, 98, 72, 18, '#fff', 3) +
        text(272, 111, 'STAFF ONLY', 10, '#b0303a', ` text-anchor="middle" font-weight="700"`);
      body += rect(320, 150, 40, 30, '#e8c878', 4) + rect(330, 130, 40, 24, '#e0bc68', 4);
      body +=
        keeper(120, bg.ground + 30, 1, u, c.staff.look) +
        keeper(60, bg.ground + 36, 0.85, '#7a8aa8', { hair: 2 }) +
        keeper(170, bg.ground + 40, 0.8, '#c8705a', { hair: 1, long: true });
      break;
    case 'autumn-festival': {
      body += bunting(W, 14) + animal(160, 1.0);
      const r = rng(c.story.code);
      for (let i = 0; i < 10; i++)
        body += `<path transform="translate(${n(r() * W)} ${n(50 + r() * 200)}) rotate(${Math.round(r() * 360)})" d="M0 0q8 -10 16 0q-8 10 -16 0z" fill="${i % 2 ? '#e0793a' : '#c8402a'}"/>`;
      body += [300, 330, 360]
        .map(
          (x, i) =>
            stroke(`M${x} ${120 + i * 6}v90`, '#999', 1) +
            ellipse(x, 110 + i * 6, 16, 20, ['#e0302a', '#3a9ad9', '#f2c94c'][i] ?? '#e0302a'),
        )
        .join('');
      break;
    }
    case 'summer-workshop':
      body += animal(280, 0.9);
      body +=
        rect(60, 190, 110, 70, '#fff', 4, ' stroke="#c8c8c8"') + stroke('M72 210h80M72 226h80M72 242h60', '#b8c8e8', 2);
      body +=
        circle(150, 160, 22, 'none', ' stroke="#5a5a5a" stroke-width="6"') +
        stroke('M166 176l22 22', '#8a5a3a', 8) +
        circle(150, 160, 18, '#cfeaff', ' opacity=".5"');
      body +=
        keeper(40, bg.ground + 40, 0.7, '#f2a23a', { hair: 1 }) +
        keeper(220, bg.ground + 44, 0.7, '#3a9ad9', { hair: 0, long: true });
      break;
    case 'volunteers':
      if (aquarium) {
        body +=
          keeper(110, bg.ground + 34, 0.95, '#3aa85a', { hair: 0, cap: true }) +
          keeper(200, bg.ground + 40, 0.85, '#3aa85a', { hair: 1, long: true });
        body +=
          ellipse(290, bg.ground + 30, 26, 30, '#4a6a8a') +
          ellipse(290, bg.ground + 2, 10, 5, '#3a5a7a') +
          rect(330, bg.ground + 20, 14, 20, '#fff', 3, ' opacity=".8"');
      } else {
        body += animal(280, 0.95);
        body +=
          keeper(90, bg.ground + 34, 1, '#3aa85a', { hair: 2, cap: true }) +
          keeper(160, bg.ground + 40, 0.8, '#d8705a', { hair: 0, long: true });
      }
      break;
    default:
      // season-guide and anything else: a map board and signpost
      body += animal(290, 0.95);
      body +=
        rect(40, 90, 150, 110, '#fffaf0', 6, ' stroke="#c8a878" stroke-width="3"') +
        stroke('M60 170q30 -50 60 -20t50 -30', '#e0793a', 4, ' stroke-dasharray="6 6"') +
        circle(170, 120, 7, '#e0302a');
      body += rect(112, 200, 6, 60, '#8a6a4a') + path('M118 206h56l10 10l-10 10h-56z', c.park.theme.primary);
      break;
  }
  return { defs, body };
}

export function storyImageSvg(c: StoryArtContext, index: number): string {
  const pic = c.species ? animalPicture(c, index) : parkPicture(c, index);
  const caption = c.story.images[index - 1]?.caption.ja ?? c.story.title.ja;
  return svgDoc(W, H, caption, pic.body, pic.defs);
}

// ---------------------------------------------------------------------------------------------
// Short movies

const MW = 360;
const MH = 640;

const anim = (type: 'translate' | 'rotate' | 'scale', values: string, dur: number, extra = '') =>
  `<animateTransform attributeName="transform" type="${type}" values="${values}" dur="${dur}s" repeatCount="indefinite"${extra}/>`;

export function movieSvg(c: StoryArtContext): string {
  const s = c.species;
  const story = c.story;
  const dur = story.durationSeconds ?? 30;
  let defs = '';
  let body = '';
  if (s) {
    const bg = sceneArt(s, MW, MH, story.code, 'm');
    defs = bg.defs;
    body = bg.body;
    const swimmer = isSwimmer(s.art, s.code);
    const topic = story.topic;
    const sleepy = topic === 'm-nap';
    const draw = drawAnimal(s.art, { code: s.code, sleepy });
    defs += `<g id="a">${draw}</g>`;
    const place = (cx: number, scale: number, dy = 0) => {
      const y = swimmer || bg.water ? MH * 0.46 - 100 * scale + dy : bg.ground + 12 - 185 * scale + dy;
      return `translate(${n(cx - 100 * scale)} ${n(y)}) scale(${n(scale)})`;
    };
    switch (topic) {
      case 'm-swim':
        body += g(place(180, 1.4), `<g>${anim('translate', '-40 0;40 -24;-40 0', 7)}<use href="#a"/></g>`);
        break;
      case 'm-jump':
        body += stroke(`M0 ${MH * 0.55}h${MW}`, '#fff', 3, ' opacity=".7"');
        body += `<g><animateMotion dur="4s" repeatCount="indefinite" rotate="auto" path="M-60 ${MH * 0.62}Q180 ${MH * 0.1} 420 ${MH * 0.62}"/><g transform="translate(-100 -100)"><use href="#a"/></g></g>`;
        break;
      case 'm-walk':
        body += g(
          place(180, 1.3),
          `<g>${anim('translate', '-90 0;-45 -6;0 0;45 -6;90 0;45 -6;0 0;-45 -6;-90 0', 10)}<use href="#a"/></g>`,
        );
        break;
      case 'm-school': {
        const spots: [number, number, number][] = [
          [90, 200, 0.55],
          [250, 260, 0.6],
          [140, 360, 0.7],
          [270, 420, 0.5],
          [110, 480, 0.55],
        ];
        spots.forEach(([x, y, sc], i) => {
          body += g(
            `translate(${n(x - 100 * sc)} ${n(y - 100 * sc)}) scale(${sc})`,
            `<g>${anim('translate', `0 0;${i % 2 ? 30 : -30} -20;0 0`, 5 + i)}<use href="#a"/></g>`,
          );
        });
        break;
      }
      case 'm-nap':
        body += g(place(180, 1.4), `<g>${anim('scale', '1 1;1 1.015;1 1', 3)}<use href="#a"/></g>`);
        for (let i = 0; i < 3; i++) {
          body += `<text x="${230 + i * 18}" y="250" font-size="${22 + i * 6}" fill="#fff" font-weight="700" opacity="0">z<animate attributeName="y" values="260;170" dur="3s" begin="${i}s" repeatCount="indefinite"/><animate attributeName="opacity" values="0;1;0" dur="3s" begin="${i}s" repeatCount="indefinite"/></text>`;
        }
        break;
      case 'm-play':
        body += g(place(160, 1.3), `<g>${anim('translate', '0 0;0 -8;0 0', 1.2)}<use href="#a"/></g>`);
        body += `<g>${anim('translate', '0 0;0 -90;0 0', 1.2)}${ball(280, bg.water ? 300 : bg.ground - 10, '#2a7ad8')}</g>`;
        break;
      case 'm-baby':
        body += g(place(140, 1.15), '<use href="#a"/>');
        body += g(place(265, 0.62), `<g>${anim('translate', '0 0;0 -12;0 0', 1.4)}<use href="#a"/></g>`);
        body += `<g>${anim('scale', '1;1.2;1', 1.4, ' additive="sum"')}${heart(290, 150)}</g>`;
        break;
      default:
        // m-eat
        body += g(place(170, 1.35), `<g>${anim('rotate', '-2 100 150;2 100 150;-2 100 150', 1.1)}<use href="#a"/></g>`);
        if (!swimmer) body += `<g>${anim('translate', '0 0;0 -6;0 0', 0.8)}${bucket(300, bg.ground + 20)}</g>`;
        break;
    }
    if (bg.water)
      for (let i = 0; i < 6; i++) {
        const x = 40 + i * 55;
        body += `<circle cx="${x}" cy="${MH}" r="${3 + (i % 3) * 2}" fill="none" stroke="#fff" stroke-width="1.5" opacity=".7"><animate attributeName="cy" values="${MH};-20" dur="${4 + (i % 3)}s" begin="${i * 0.7}s" repeatCount="indefinite"/></circle>`;
      }
  } else {
    const bg = scene(c.park.kind === 'aquarium' ? 'ocean' : 'grassland', MW, MH, story.code, 'm');
    defs = bg.defs;
    body = bg.body;
  }
  // Player chrome: top shade, progress bar
  body += rect(0, 0, MW, 80, '#000', 0, ' opacity=".12"');
  body += rect(20, MH - 26, MW - 40, 5, '#ffffff', 2.5, ' opacity=".4"');
  body += `<rect x="20" y="${MH - 26}" width="0" height="5" rx="2.5" fill="#fff"><animate attributeName="width" from="0" to="${MW - 40}" dur="${dur}s" repeatCount="indefinite"/></rect>`;
  body += circle(32, 40, 14, darken(c.park.theme.primary, 0.1)) + path('M28 33l11 7l-11 7z', '#fff');
  return svgDoc(MW, MH, story.title.ja, body, defs);
}
