// Staff figures: avatars and keepers in scenes.
import type { StaffSeed } from '../content/types';
import { circle, darken, ellipse, lighten, path, rect, stroke, svgDoc } from './svg';

const HAIR = ['#2b2220', '#4a3326', '#6a4a35', '#1f1f2a'];
const SKIN = ['#f6d7bf', '#eac2a0', '#c8956c'];

/** A keeper standing, 60 wide x 130 tall, feet at (x, y). */
export function keeper(
  x: number,
  y: number,
  scale: number,
  uniform: string,
  look: { hair?: number; skin?: number; cap?: boolean; long?: boolean } = {},
): string {
  const hair = HAIR[look.hair ?? 0] ?? HAIR[0] ?? '#222';
  const skin = SKIN[look.skin ?? 0] ?? SKIN[0] ?? '#f6d7bf';
  const s =
    (look.long ? rect(-19, -128, 38, 40, hair, 14) : '') +
    rect(-16, -46, 13, 46, darken(uniform, 0.35), 5) +
    rect(3, -46, 13, 46, darken(uniform, 0.35), 5) +
    rect(-22, -100, 44, 60, uniform, 14) +
    rect(-30, -96, 10, 40, uniform, 5) +
    rect(20, -96, 10, 40, uniform, 5) +
    circle(-25, -54, 6, skin) +
    circle(25, -54, 6, skin) +
    circle(0, -116, 16, skin) +
    (look.cap
      ? path('M-17 -120q17 -22 34 0z', darken(uniform, 0.15)) + rect(0, -124, 24, 5, darken(uniform, 0.15), 2)
      : path('M-17 -118q2 -20 18 -18q16 0 16 18q-10 -8 -34 0z', hair)) +
    circle(-6, -116, 2, '#2a2a2a') +
    circle(6, -116, 2, '#2a2a2a') +
    stroke('M-4 -108q4 3 8 0', '#a0522d', 1.5) +
    rect(6, -92, 10, 7, lighten(uniform, 0.5), 2);
  return `<g transform="translate(${x} ${y}) scale(${scale})">${s}</g>`;
}

/** A round staff avatar, 200 x 200. */
export function avatarSvg(staff: StaffSeed, background: string): string {
  const { look } = staff;
  const hair = HAIR[look.hair] ?? HAIR[0] ?? '#222';
  const skin = SKIN[look.skin] ?? SKIN[0] ?? '#f6d7bf';
  const u = look.uniform;
  let body = circle(100, 100, 100, background);
  body +=
    circle(40, 40, 18, lighten(background, 0.4), ' opacity=".6"') +
    circle(168, 150, 26, lighten(background, 0.4), ' opacity=".5"');
  if (look.long) body += path('M52 96q-6 70 20 90h56q26 -20 20 -90z', hair);
  body += path('M30 200q4 -56 70 -60q66 4 70 60z', u);
  body += path('M82 142l18 22l18 -22z', lighten(u, 0.6));
  body += rect(88, 120, 24, 26, darken(skin, 0.08), 8);
  body += ellipse(100, 96, 40, 44, skin);
  body += circle(60, 100, 8, skin) + circle(140, 100, 8, skin);
  if (look.cap)
    body +=
      path('M58 82q0 -46 42 -46t42 46z', darken(u, 0.1)) +
      path('M96 78h62q4 8 -6 10h-56z', darken(u, 0.25)) +
      circle(100, 56, 9, lighten(u, 0.55));
  else
    body += path(
      look.long
        ? 'M58 92q-2 -52 42 -54q46 0 44 56q-20 -26 -50 -28q-18 8 -36 26z'
        : 'M60 86q0 -48 42 -48q40 2 40 46q-14 -22 -46 -22q-20 4 -36 24z',
      hair,
    );
  body +=
    circle(84, 100, 5, '#2a2a2a') +
    circle(116, 100, 5, '#2a2a2a') +
    circle(86, 98, 1.8, '#fff') +
    circle(118, 98, 1.8, '#fff');
  if (look.glasses)
    body +=
      circle(84, 100, 12, 'none', ' stroke="#3a3a3a" stroke-width="3"') +
      circle(116, 100, 12, 'none', ' stroke="#3a3a3a" stroke-width="3"') +
      stroke('M96 100h8', '#3a3a3a', 3);
  body += ellipse(74, 116, 7, 4, '#ff9a9a', ' opacity=".45"') + ellipse(126, 116, 7, 4, '#ff9a9a', ' opacity=".45"');
  body += stroke('M90 122q10 8 20 0', '#b0603a', 3);
  // Paw badge
  body +=
    circle(138, 172, 11, '#fff') +
    circle(138, 175, 4.5, u) +
    circle(132, 168, 2.2, u) +
    circle(138, 165, 2.2, u) +
    circle(144, 168, 2.2, u);
  return svgDoc(200, 200, `${staff.name.ja}（${staff.role.ja}）`, `<g>${body}</g>`);
}
