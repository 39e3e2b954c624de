// Friendly flat illustrations of animals. Every drawing lives in a 200 x 200 box, facing right;
// land animals stand on y = 185, swimmers are centred around y = 100.
import type { ArtSpec } from '../content/types';
import { rng } from '../util';
import { circle, darken, ellipse, lighten, n, path, rect, stroke } from './svg';

export const GROUND_Y = 185;

export interface DrawOptions {
  /** Species code, for small per-species touches. */
  code: string;
  /** Closed eyes (sleeping). */
  sleepy?: boolean;
}

const eye = (x: number, y: number, r: number, sleepy = false) =>
  sleepy
    ? stroke(`M${n(x - r)} ${n(y)}q${n(r)} ${n(r * 0.9)} ${n(r * 2)} 0`, '#2a2a2a', Math.max(1.5, r * 0.45))
    : circle(x, y, r, '#222') + circle(x + r * 0.35, y - r * 0.35, r * 0.38, '#fff');
const blush = (x: number, y: number, r: number) => ellipse(x, y, r, r * 0.6, '#ff8f8f', ' opacity=".35"');

/** Points spread inside an ellipse, deterministic. */
function inside(cx: number, cy: number, rx: number, ry: number, count: number, seed: string): [number, number][] {
  const r = rng(seed);
  const out: [number, number][] = [];
  let guard = 0;
  while (out.length < count && guard++ < count * 20) {
    const x = (r() * 2 - 1) * 0.85;
    const y = (r() * 2 - 1) * 0.8;
    if (x * x + y * y < 0.8) out.push([cx + x * rx, cy + y * ry]);
  }
  return out;
}

function bodyPattern(a: ArtSpec, cx: number, cy: number, rx: number, ry: number, code: string): string {
  const [, , c2] = a.colors;
  switch (a.pattern) {
    case 'stripes': {
      let s = '';
      for (let i = -3; i <= 3; i++) {
        const x = cx + i * rx * 0.26;
        const h = ry * Math.sqrt(Math.max(0, 1 - ((x - cx) / rx) ** 2)) * 0.85;
        s += stroke(`M${n(x - 3)} ${n(cy - h)}q6 ${n(h)} 0 ${n(h * 1.2)}`, c2, Math.max(2.5, rx * 0.07));
      }
      return s;
    }
    case 'spots':
      return inside(cx, cy, rx, ry, 9, `spots:${code}`)
        .map(([x, y]) => circle(x, y, Math.max(2, rx * 0.07), c2, ' opacity=".85"'))
        .join('');
    case 'patch':
      if (a.shape === 'giraffe' || a.shape === 'horse')
        return inside(cx, cy, rx, ry, 8, `patch:${code}`)
          .map(
            ([x, y]) =>
              `<rect x="${n(x - rx * 0.14)}" y="${n(y - ry * 0.16)}" width="${n(rx * 0.28)}" height="${n(ry * 0.3)}" rx="4" fill="${c2}" opacity=".8"/>`,
          )
          .join('');
      return '';
    default:
      return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Four-legged land animals

interface Quad {
  bx: number;
  by: number;
  bw: number;
  bh: number;
  legW: number;
  neck: number;
  neckAngle: number;
  neckW: number;
  headR: number;
  headLong?: number;
  snout: number;
  snoutH?: number;
  ears: 'round' | 'pointy' | 'long' | 'small' | 'none' | 'big';
  tail: 'long' | 'short' | 'bushy' | 'tuft' | 'none' | 'curl';
  legColor?: string;
  earColor?: string;
}

type HeadFn = (hx: number, hy: number, r: number) => string;

function quadruped(
  a: ArtSpec,
  q: Quad,
  o: DrawOptions,
  extras: { behindHead?: HeadFn; onHead?: HeadFn; onBody?: string } = {},
): string {
  const [c0, c1, c2] = a.colors;
  const legC = q.legColor ?? c0;
  const far = darken(legC, 0.14);
  const legTop = q.by + q.bh * 0.3;
  const legH = GROUND_Y - legTop;
  const xs = [q.bx - q.bw * 0.6, q.bx + q.bw * 0.55];
  let s = '';
  // Tail
  const tx = q.bx - q.bw * 0.95;
  const ty = q.by - q.bh * 0.2;
  switch (q.tail) {
    case 'long':
      s += stroke(`M${n(tx + 6)} ${n(ty)}q-24 6 -22 34q2 14 -8 20`, c0, Math.max(5, q.bh * 0.16));
      if (a.pattern === 'rings')
        s += stroke(
          `M${n(tx - 14)} ${n(ty + 12)}l6 -2M${n(tx - 16)} ${n(ty + 24)}l7 0M${n(tx - 16)} ${n(ty + 36)}l7 2`,
          c2,
          5,
        );
      break;
    case 'bushy':
      s += ellipse(tx - 8, ty + 12, q.bh * 0.32, q.bh * 0.7, c0, ` transform="rotate(35 ${n(tx - 8)} ${n(ty + 12)})"`);
      if (a.pattern === 'rings')
        s += stroke(
          `M${n(tx - 20)} ${n(ty + 2)}l16 -8M${n(tx - 24)} ${n(ty + 16)}l18 -8M${n(tx - 24)} ${n(ty + 30)}l16 -8`,
          c1,
          4,
        );
      else s += ellipse(tx - 18, ty + 30, q.bh * 0.14, q.bh * 0.18, c1);
      break;
    case 'tuft':
      s += stroke(`M${n(tx + 8)} ${n(ty)}q-12 10 -12 40`, c0, 4) + ellipse(tx - 4, ty + 44, 5, 9, c2);
      break;
    case 'short':
      s += circle(tx + 6, ty + 2, q.bh * 0.14, c0);
      break;
    case 'curl':
      s += stroke(`M${n(tx + 8)} ${n(ty + 4)}c-10 -4 -12 8 -4 8`, c0, 3);
      break;
    default:
      break;
  }
  // Far legs
  for (const x of xs) s += rect(x + 8 - q.legW / 2, legTop, q.legW, legH, far, q.legW * 0.45);
  // Body
  s += ellipse(q.bx, q.by, q.bw, q.bh, c0);
  s += ellipse(q.bx + q.bw * 0.1, q.by + q.bh * 0.45, q.bw * 0.7, q.bh * 0.45, c1, ' opacity=".55"');
  s += bodyPattern(a, q.bx, q.by, q.bw, q.bh, o.code);
  if (extras.onBody) s += extras.onBody;
  // Near legs
  for (const x of xs) {
    s += rect(x - q.legW / 2, legTop, q.legW, legH, legC, q.legW * 0.45);
    s += ellipse(x, GROUND_Y - 2, q.legW * 0.55, 4, darken(legC, 0.3));
  }
  // Neck and head
  const nx = q.bx + q.bw * 0.7;
  const ny = q.by - q.bh * 0.35;
  const ang = (q.neckAngle * Math.PI) / 180;
  const hx = nx + Math.cos(ang) * q.neck + (q.neck ? 0 : q.headR * 0.5);
  const hy = ny - Math.sin(ang) * q.neck - (q.neck ? 0 : q.headR * 0.2);
  const r = q.headR;
  if (q.neck) s += stroke(`M${n(nx - 6)} ${n(ny + 6)}L${n(hx)} ${n(hy)}`, c0, q.neckW);
  if (extras.behindHead) s += extras.behindHead(hx, hy, r);
  const earC = q.earColor ?? c0;
  switch (q.ears) {
    case 'round':
      s +=
        circle(hx - r * 0.55, hy - r * 0.78, r * 0.34, earC) +
        circle(hx - r * 0.55, hy - r * 0.78, r * 0.17, q.earColor ? earC : c1);
      break;
    case 'pointy':
      s += path(
        `M${n(hx - r * 0.9)} ${n(hy - r * 0.3)}L${n(hx - r * 0.7)} ${n(hy - r * 1.45)}L${n(hx - r * 0.1)} ${n(hy - r * 0.75)}Z`,
        earC,
      );
      s += path(
        `M${n(hx - r * 0.72)} ${n(hy - r * 0.5)}L${n(hx - r * 0.65)} ${n(hy - r * 1.15)}L${n(hx - r * 0.3)} ${n(hy - r * 0.75)}Z`,
        c1,
      );
      break;
    case 'long':
      s += ellipse(
        hx - r * 0.6,
        hy - r * 1.1,
        r * 0.22,
        r * 0.7,
        earC,
        ` transform="rotate(-25 ${n(hx - r * 0.6)} ${n(hy - r * 1.1)})"`,
      );
      break;
    case 'small':
      s += ellipse(hx - r * 0.55, hy - r * 0.8, r * 0.2, r * 0.3, earC);
      break;
    case 'big':
      s += ellipse(hx - r * 0.75, hy + r * 0.15, r * 0.85, r * 1.05, darken(c0, 0.08));
      break;
    default:
      break;
  }
  const hl = q.headLong ?? 0;
  if (hl)
    s += ellipse(hx + hl * 0.35, hy + r * 0.1, r + hl * 0.5, r * 0.78, c0, ` transform="rotate(22 ${n(hx)} ${n(hy)})"`);
  else s += circle(hx, hy, r, c0);
  const sx = hx + r * 0.75 + hl * 0.7;
  const sy = hy + r * 0.35 + hl * 0.3;
  if (q.snout) {
    s += ellipse(sx, sy, q.snout, q.snoutH ?? q.snout * 0.7, c1);
    s += ellipse(
      sx + q.snout * 0.7,
      sy - (q.snoutH ?? q.snout * 0.7) * 0.35,
      Math.max(2.5, q.snout * 0.28),
      Math.max(2, q.snout * 0.2),
      '#2b2222',
    );
  }
  if (extras.onHead) s += extras.onHead(hx, hy, r);
  s += eye(hx + r * 0.25 + hl * 0.1, hy - r * 0.2, Math.max(2.6, r * 0.14), o.sleepy);
  s += blush(hx + r * 0.25, hy + r * 0.35, r * 0.18);
  return s;
}

function quadFor(a: ArtSpec, o: DrawOptions): string | null {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'bear':
      return quadruped(
        a,
        {
          bx: 92,
          by: 122,
          bw: 58,
          bh: 38,
          legW: 22,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 27,
          snout: 11,
          ears: 'round',
          tail: 'short',
        },
        o,
        {
          onBody: a.pattern === 'patch' ? path('M138 96q8 12 -2 22q-6-10 2-22z', c2, ' opacity=".9"') : '',
        },
      );
    case 'panda':
      return quadruped(
        a,
        {
          bx: 92,
          by: 124,
          bw: 56,
          bh: 38,
          legW: 22,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 28,
          snout: 9,
          ears: 'round',
          tail: 'short',
          legColor: c2,
          earColor: c2,
        },
        o,
        {
          onBody: ellipse(118, 106, 30, 14, c2, ' transform="rotate(-25 118 106)"'),
          onHead: (hx, hy, r) =>
            ellipse(
              hx + r * 0.25,
              hy - r * 0.15,
              r * 0.26,
              r * 0.32,
              c2,
              ` transform="rotate(-20 ${n(hx + r * 0.25)} ${n(hy - r * 0.15)})"`,
            ),
        },
      );
    case 'redpanda':
      return quadruped(
        a,
        {
          bx: 90,
          by: 132,
          bw: 50,
          bh: 26,
          legW: 13,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 24,
          snout: 8,
          ears: 'pointy',
          tail: 'bushy',
          legColor: c2,
        },
        o,
        {
          onHead: (hx, hy, r) =>
            ellipse(hx + r * 0.25, hy - r * 0.45, r * 0.22, r * 0.14, c1) +
            ellipse(hx + r * 0.2, hy + r * 0.15, r * 0.25, r * 0.35, c2, ' opacity=".45"'),
        },
      );
    case 'cat': {
      const maned = a.pattern === 'mane';
      return quadruped(
        a,
        {
          bx: 88,
          by: 128,
          bw: 56,
          bh: 27,
          legW: 14,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 24,
          snout: 9,
          ears: maned ? 'round' : 'pointy',
          tail: 'long',
        },
        o,
        {
          behindHead: maned ? (hx, hy) => circle(hx - 4, hy + 2, 36, c2) : undefined,
        },
      );
    }
    case 'dog':
      return quadruped(
        a,
        {
          bx: 88,
          by: 130,
          bw: 52,
          bh: 25,
          legW: 12,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 21,
          snout: 13,
          snoutH: 8,
          ears: 'pointy',
          tail: 'bushy',
        },
        o,
        {
          behindHead:
            o.code === 'fennec-fox'
              ? (hx, hy, r) =>
                  path(
                    `M${n(hx - r * 1.2)} ${n(hy - r * 0.2)}L${n(hx - r * 1.3)} ${n(hy - r * 2.4)}L${n(hx)} ${n(hy - r * 0.8)}Z`,
                    c0,
                  ) +
                  path(
                    `M${n(hx - r * 1.05)} ${n(hy - r * 0.5)}L${n(hx - r * 1.15)} ${n(hy - r * 2)}L${n(hx - r * 0.3)} ${n(hy - r * 0.85)}Z`,
                    '#f2c8b8',
                  )
              : undefined,
        },
      );
    case 'otter':
      return quadruped(
        a,
        {
          bx: 92,
          by: 152,
          bw: 62,
          bh: 20,
          legW: 11,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 19,
          snout: 9,
          ears: 'small',
          tail: 'long',
        },
        o,
        {
          onHead: (hx, hy, r) =>
            stroke(
              `M${n(hx + r * 1.2)} ${n(hy + r * 0.3)}l14 -3M${n(hx + r * 1.2)} ${n(hy + r * 0.45)}l14 3`,
              '#ffffff',
              1.2,
            ),
        },
      );
    case 'elephant':
      return quadruped(
        a,
        {
          bx: 86,
          by: 110,
          bw: 62,
          bh: 46,
          legW: 26,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 34,
          snout: 0,
          ears: 'big',
          tail: 'tuft',
        },
        o,
        {
          onHead: (hx, hy, r) =>
            path(
              `M${n(hx + r * 0.55)} ${n(hy + r * 0.05)}q${n(r * 0.75)} ${n(r * 0.3)} ${n(r * 0.6)} ${n(r * 1.3)}q-2 ${n(r * 0.4)} ${n(r * 0.3)} ${n(r * 0.5)}q${n(-r * 0.55)} ${n(r * 0.1)} ${n(-r * 0.6)} ${n(-r * 0.4)}q0 ${n(-r * 0.75)} ${n(-r * 0.55)} ${n(-r * 0.9)}z`,
              c0,
            ) +
            (a.pattern === 'tusks'
              ? path(
                  `M${n(hx + r * 0.45)} ${n(hy + r * 0.75)}q${n(r * 0.4)} ${n(r * 0.3)} ${n(r * 0.8)} ${n(-r * 0.05)}q${n(-r * 0.35)} ${n(r * 0.1)} ${n(-r * 0.7)} ${n(-r * 0.2)}z`,
                  c2,
                )
              : ''),
        },
      );
    case 'giraffe':
      return quadruped(
        a,
        {
          bx: 76,
          by: 104,
          bw: 44,
          bh: 26,
          legW: 10,
          neck: 74,
          neckAngle: 62,
          neckW: 16,
          headR: 13,
          headLong: 10,
          snout: 7,
          ears: 'small',
          tail: 'tuft',
        },
        o,
        {
          onHead: (hx, hy) =>
            stroke(`M${n(hx - 4)} ${n(hy - 10)}v-12M${n(hx + 3)} ${n(hy - 11)}v-10`, darken(c2, 0.1), 4),
          onBody: [0.35, 0.6, 0.85]
            .map((t) => {
              const ang = (62 * Math.PI) / 180;
              const x = 76 + 44 * 0.7 + Math.cos(ang) * 74 * t - 4;
              const y = 104 - 26 * 0.35 - Math.sin(ang) * 74 * t - 4;
              return `<rect x="${n(x)}" y="${n(y)}" width="9" height="9" rx="2" fill="${c2}" opacity=".8"/>`;
            })
            .join(''),
        },
      );
    case 'hippo':
      return quadruped(
        a,
        {
          bx: 90,
          by: 134,
          bw: 64,
          bh: 36,
          legW: 22,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 28,
          headLong: 12,
          snout: 20,
          snoutH: 16,
          ears: 'small',
          tail: 'short',
        },
        o,
      );
    case 'rhino':
      return quadruped(
        a,
        {
          bx: 88,
          by: 128,
          bw: 64,
          bh: 36,
          legW: 22,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 26,
          headLong: 14,
          snout: 12,
          ears: 'pointy',
          tail: 'tuft',
        },
        o,
        {
          onHead: (hx, hy, r) =>
            path(
              `M${n(hx + r * 1.1)} ${n(hy - r * 0.1)}l${n(r * 0.55)} ${n(-r * 1.1)}l${n(r * 0.15)} ${n(r * 1.2)}z`,
              c2,
            ) +
            path(
              `M${n(hx + r * 0.6)} ${n(hy - r * 0.5)}l${n(r * 0.22)} ${n(-r * 0.55)}l${n(r * 0.2)} ${n(r * 0.55)}z`,
              c2,
            ),
        },
      );
    case 'horse':
      return quadruped(
        a,
        {
          bx: 86,
          by: 114,
          bw: 50,
          bh: 26,
          legW: 11,
          neck: 40,
          neckAngle: 55,
          neckW: 18,
          headR: 15,
          headLong: 16,
          snout: 9,
          ears: 'pointy',
          tail: 'tuft',
        },
        o,
        {
          behindHead:
            o.code === 'okapi'
              ? undefined
              : (hx, hy) =>
                  path(
                    `M${n(hx - 6)} ${n(hy - 14)}q-22 10 -30 40l8 4q8 -26 26 -36z`,
                    o.code === 'grants-zebra' ? c2 : darken(c0, 0.2),
                  ),
          onBody: o.code === 'okapi' ? stroke('M46 132v22M54 134v24M120 134v22M128 132v24', c1, 3) : '',
        },
      );
    case 'deer':
      return quadruped(
        a,
        {
          bx: 86,
          by: 118,
          bw: 46,
          bh: 24,
          legW: 9,
          neck: 36,
          neckAngle: 58,
          neckW: 14,
          headR: 14,
          headLong: 10,
          snout: 7,
          ears: 'long',
          tail: 'short',
        },
        o,
        {
          onHead: (hx, hy) =>
            a.pattern === 'antlers'
              ? stroke(
                  `M${n(hx - 4)} ${n(hy - 12)}l-8 -26l-10 -6m10 6l4 -14M${n(hx + 4)} ${n(hy - 12)}l4 -24l10 -8m-10 8l-2 -10`,
                  c2,
                  3.5,
                )
              : '',
          onBody: inside(86, 112, 40, 16, 6, `deer:${o.code}`)
            .map(([x, y]) => circle(x, y, 2.5, '#fff', ' opacity=".7"'))
            .join(''),
        },
      );
    case 'goat':
      return quadruped(
        a,
        {
          bx: 88,
          by: 128,
          bw: 46,
          bh: 26,
          legW: 11,
          neck: 16,
          neckAngle: 55,
          neckW: 16,
          headR: 15,
          headLong: 8,
          snout: 8,
          ears: 'long',
          tail: 'short',
        },
        o,
        {
          onHead: (hx, hy) =>
            (o.code === 'eland'
              ? stroke(`M${n(hx - 2)} ${n(hy - 12)}l-8 -30M${n(hx + 4)} ${n(hy - 12)}l-2 -30`, c2, 4)
              : stroke(`M${n(hx - 4)} ${n(hy - 12)}q-6 -22 -24 -16`, c2, 5)) +
            (o.code === 'goat' ? path(`M${n(hx + 18)} ${n(hy + 16)}l-2 12l-4 -10z`, c1) : ''),
        },
      );
    case 'camel': {
      const alpaca = o.code === 'alpaca';
      const humps = o.code === 'bactrian-camel' ? path('M52 100q10 -34 24 -4q10 -30 26 2z', c0) : '';
      return (
        humps +
        quadruped(
          a,
          {
            bx: 84,
            by: alpaca ? 124 : 112,
            bw: alpaca ? 40 : 50,
            bh: alpaca ? 28 : 24,
            legW: 11,
            neck: alpaca ? 42 : 38,
            neckAngle: alpaca ? 80 : 40,
            neckW: alpaca ? 20 : 14,
            headR: 13,
            headLong: 8,
            snout: 7,
            ears: alpaca ? 'pointy' : 'small',
            tail: 'short',
          },
          o,
        )
      );
    }
    case 'pig': {
      const tapir = o.code === 'malayan-tapir';
      return quadruped(
        a,
        {
          bx: 90,
          by: 136,
          bw: 56,
          bh: 30,
          legW: 14,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 22,
          headLong: 8,
          snout: 9,
          snoutH: 9,
          ears: tapir ? 'round' : 'pointy',
          tail: 'curl',
          earColor: tapir ? c0 : undefined,
        },
        o,
        {
          onBody: tapir ? ellipse(74, 132, 32, 28, c1) : '',
        },
      );
    }
    case 'rodent': {
      if (o.code === 'domestic-rabbit')
        return quadruped(
          a,
          {
            bx: 96,
            by: 152,
            bw: 40,
            bh: 26,
            legW: 14,
            neck: 0,
            neckAngle: 0,
            neckW: 0,
            headR: 22,
            snout: 6,
            ears: 'none',
            tail: 'short',
          },
          o,
          {
            behindHead: (hx, hy) =>
              ellipse(hx - 8, hy - 34, 7, 24, c0, ` transform="rotate(-15 ${n(hx - 8)} ${n(hy - 34)})"`) +
              ellipse(hx - 8, hy - 34, 3.5, 16, c2, ` transform="rotate(-15 ${n(hx - 8)} ${n(hy - 34)})"`) +
              ellipse(hx + 4, hy - 32, 7, 24, c0, ` transform="rotate(10 ${n(hx + 4)} ${n(hy - 32)})"`),
          },
        );
      const spiky = o.code === 'north-american-porcupine';
      const armadillo = o.code === 'southern-three-banded-armadillo';
      const big = o.code === 'capybara' || o.code === 'common-wombat';
      let extra = '';
      if (spiky)
        for (let i = 0; i < 12; i++)
          extra += stroke(`M${58 + i * 6} ${136 - Math.abs(i - 6) * 2}l${-10 + i} -20`, c2, 2.5);
      if (armadillo) extra += stroke('M80 134v32M94 132v36M108 134v32', c2, 3);
      if (o.code === 'ezo-flying-squirrel') extra += path('M58 160q40 14 78 0l-6 12q-34 10 -66 0z', c0);
      return quadruped(
        a,
        {
          bx: 94,
          by: big ? 134 : 152,
          bw: big ? 60 : 42,
          bh: big ? 34 : 24,
          legW: big ? 16 : 10,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: big ? 26 : 19,
          headLong: big ? 14 : 4,
          snout: big ? 12 : 6,
          snoutH: big ? 12 : 5,
          ears: 'small',
          tail: o.code === 'ezo-flying-squirrel' || o.code === 'black-tailed-prairie-dog' ? 'bushy' : 'none',
        },
        o,
        { onBody: extra },
      );
    }
    case 'anteater':
      return quadruped(
        a,
        {
          bx: 84,
          by: 128,
          bw: 54,
          bh: 30,
          legW: 14,
          neck: 0,
          neckAngle: 0,
          neckW: 0,
          headR: 16,
          headLong: 30,
          snout: 0,
          ears: 'small',
          tail: 'bushy',
        },
        o,
        {
          onBody:
            path('M104 102l38 18l-6 10l-42 -18z', c2) +
            path('M104 110l34 16', 'none', ` stroke="${c1}" stroke-width="3"`),
        },
      );
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Other body plans

function upright(a: ArtSpec, o: DrawOptions): string {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'meerkat':
      return (
        stroke('M92 170q-18 8 -26 14', c0, 7) +
        ellipse(100, 138, 22, 42, c0) +
        ellipse(104, 146, 13, 28, c1) +
        ellipse(100, 182, 14, 5, darken(c0, 0.3)) +
        stroke('M88 120l6 14M112 120l-4 14', c0, 7) +
        ellipse(104, 86, 17, 15, c0) +
        path('M114 82l18 6l-16 8z', c0) +
        circle(131, 88, 3, '#222') +
        ellipse(108, 84, 6, 5, c2) +
        eye(109, 84, 2.6, o.sleepy) +
        circle(94, 78, 4, c2)
      );
    case 'kangaroo':
      return (
        stroke('M70 160q-40 6 -56 24', c0, 12) +
        ellipse(92, 130, 30, 42, c0) +
        ellipse(100, 140, 18, 28, c1) +
        ellipse(86, 172, 26, 14, darken(c0, 0.1)) +
        rect(90, 178, 46, 8, darken(c0, 0.2), 4) +
        stroke('M112 112l12 14', c0, 7) +
        ellipse(112, 80, 17, 15, c0) +
        ellipse(128, 86, 11, 8, c0) +
        circle(138, 84, 3, '#222') +
        ellipse(102, 58, 6, 15, c0, ' transform="rotate(-15 102 58)"') +
        ellipse(112, 56, 6, 15, c0, ' transform="rotate(10 112 56)"') +
        eye(118, 76, 3, o.sleepy) +
        blush(122, 88, 4)
      );
    case 'koala':
      return (
        stroke('M10 150L190 128', '#8a6a4a', 12) +
        ellipse(100, 150, 34, 30, c0) +
        ellipse(100, 156, 20, 18, c1) +
        circle(100, 96, 32, c0) +
        circle(70, 80, 15, c0) +
        circle(70, 80, 9, c1) +
        circle(130, 80, 15, c0) +
        circle(130, 80, 9, c1) +
        ellipse(100, 104, 9, 12, c2) +
        eye(86, 92, 3.5, o.sleepy) +
        eye(114, 92, 3.5, o.sleepy) +
        blush(80, 106, 5) +
        blush(120, 106, 5) +
        ellipse(74, 150, 9, 7, c0) +
        ellipse(126, 146, 9, 7, c0)
      );
    case 'sloth':
      return (
        stroke('M0 40L200 36', '#8a6a4a', 10) +
        stroke('M80 42q-4 30 6 50M120 40q6 30 -6 52', c0, 11) +
        ellipse(100, 110, 30, 36, c0) +
        circle(100, 80, 22, c0) +
        ellipse(100, 84, 17, 14, c1) +
        ellipse(92, 82, 7, 4, c2) +
        ellipse(108, 82, 7, 4, c2) +
        eye(92, 82, 2.4, true) +
        eye(108, 82, 2.4, true) +
        ellipse(100, 90, 3, 2, '#2a2222') +
        stroke('M80 140q-6 20 4 36M120 140q8 20 -2 36', c0, 10)
      );
    case 'ape': {
      const orang = o.code === 'bornean-orangutan';
      return (
        ellipse(100, 146, 44, 38, c0) +
        (orang ? path('M56 130q-10 30 4 52M144 130q10 30 -4 52', 'none', ` stroke="${c0}" stroke-width="12"`) : '') +
        stroke('M62 120q-16 30 -6 62M138 120q16 30 6 62', c0, 16) +
        ellipse(100, 160, 24, 20, lighten(c0, 0.15)) +
        circle(100, 86, 30, c0) +
        circle(72, 88, 8, c1) +
        circle(128, 88, 8, c1) +
        ellipse(100, 94, 22, 20, c1) +
        eye(91, 86, 3.4, o.sleepy) +
        eye(109, 86, 3.4, o.sleepy) +
        ellipse(100, 98, 6, 3, darken(c1, 0.5)) +
        stroke('M92 106q8 5 16 0', darken(c1, 0.5), 2) +
        ellipse(76, 182, 16, 6, darken(c0, 0.2)) +
        ellipse(124, 182, 16, 6, darken(c0, 0.2))
      );
    }
    case 'monkey': {
      const ring = a.pattern === 'rings';
      let tail = stroke('M70 166q-40 0 -36 -40q4 -30 26 -30', c0, 8);
      if (ring)
        for (let i = 0; i < 6; i++) tail += circle(44 + i * 0.5 - (i > 3 ? 6 : 0), 160 - i * 12, 4.5, i % 2 ? c2 : c1);
      const mandrill = o.code === 'mandrill';
      const nose = o.code === 'proboscis-monkey' ? ellipse(100, 106, 9, 12, c2) : '';
      return (
        tail +
        ellipse(100, 148, 32, 34, c0) +
        ellipse(100, 156, 18, 20, lighten(c0, 0.25)) +
        stroke('M74 130q-10 24 0 50M126 130q10 24 0 50', c0, 10) +
        circle(100, 96, 26, c0) +
        circle(76, 96, 7, c1) +
        circle(124, 96, 7, c1) +
        ellipse(100, 100, 19, 17, c1) +
        (mandrill ? ellipse(100, 104, 5, 12, c2) + ellipse(91, 104, 4, 9, c1) + ellipse(109, 104, 4, 9, c1) : '') +
        eye(92, 94, 3.2, o.sleepy) +
        eye(108, 94, 3.2, o.sleepy) +
        nose +
        stroke('M94 110q6 4 12 0', darken(c1, 0.5), 2) +
        ellipse(82, 182, 12, 5, darken(c0, 0.2)) +
        ellipse(118, 182, 12, 5, darken(c0, 0.2))
      );
    }
    default:
      return '';
  }
}

function bird(a: ArtSpec, o: DrawOptions): string {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'penguin': {
      let s = ellipse(100, 118, 38, 62, c0) + ellipse(100, 130, 26, 48, c1);
      s += path('M64 104q-16 26 -10 50q10-6 14-34z', c0) + path('M136 104q16 26 10 50q-10-6 -14-34z', c0);
      s +=
        ellipse(88, 180, 12, 5, c2 === '#ffffff' ? '#f0a060' : c2) +
        ellipse(112, 180, 12, 5, c2 === '#ffffff' ? '#f0a060' : c2);
      s += eye(90, 76, 4, o.sleepy) + eye(110, 76, 4, o.sleepy);
      s += path('M94 86l6 12l6 -12z', c2 === '#ffffff' || c2 === '#1a1a1a' || c2 === '#2a2a2a' ? '#333' : c2);
      if (a.pattern === 'crest') {
        if (o.code === 'gentoo-penguin') s += path('M86 64q14 -8 28 0l-4 6q-10 -4 -20 0z', '#fff');
        else s += stroke('M84 70q-10 -6 -18 -2M116 70q10 -6 18 -2', c2, 4);
      }
      if (a.pattern === 'patch')
        s += ellipse(78, 80, 6, 10, c2) + ellipse(122, 80, 6, 10, c2) + ellipse(100, 100, 16, 8, c2, ' opacity=".6"');
      if (a.pattern === 'rings')
        s +=
          circle(90, 76, 7, 'none', ' stroke="#fff" stroke-width="3"') +
          circle(110, 76, 7, 'none', ' stroke="#fff" stroke-width="3"');
      if (a.pattern === 'stripes') s += stroke('M80 92q20 12 40 0', c2, 2);
      if (a.pattern === 'spots') s += circle(92, 128, 3, c0) + circle(110, 140, 2.5, c0) + circle(104, 120, 2, c0);
      if (o.code === 'humboldt-penguin' || o.code === 'african-penguin') s += stroke('M76 104q24 18 48 0', c0, 5);
      if (o.code === 'humboldt-penguin') s += ellipse(100, 88, 12, 5, c2, ' opacity=".5"');
      return s;
    }
    case 'owl': {
      let s = stroke('M20 170H180', '#8a6a4a', 10);
      s += ellipse(100, 118, 42, 50, c0) + ellipse(100, 126, 28, 34, c1);
      if (a.pattern === 'stripes') for (let i = 0; i < 4; i++) s += stroke(`M86 ${112 + i * 10}q14 4 28 0`, c0, 2);
      if (a.pattern === 'spots')
        for (const [x, y] of inside(100, 120, 34, 40, 8, `owl:${o.code}`))
          s += circle(x, y, 2.5, '#333', ' opacity=".5"');
      s += circle(84, 88, 15, c1) + circle(116, 88, 15, c1) + circle(84, 88, 9, c2) + circle(116, 88, 9, c2);
      s += o.sleepy
        ? stroke('M76 88q8 6 16 0M108 88q8 6 16 0', '#222', 3)
        : circle(84, 88, 5, '#111') +
          circle(116, 88, 5, '#111') +
          circle(86, 86, 1.8, '#fff') +
          circle(118, 86, 1.8, '#fff');
      s += path('M96 98l4 10l4 -10z', '#6a4a2a');
      if (o.code === 'blakistons-fish-owl') s += path('M66 74l-4 -18l16 12zM134 74l4 -18l-16 12z', c0);
      s += path('M88 166l-4 8M94 166v8M106 166v8M112 166l4 8', 'none', ' stroke="#d8a030" stroke-width="3"');
      return s;
    }
    case 'wader': {
      const flamingo = o.code.includes('flamingo');
      const shoebill = o.code === 'shoebill';
      let s = stroke('M92 128v56M106 128l4 56', flamingo ? '#f07a8a' : shoebill ? '#6a6a6a' : '#2a2a2a', 4);
      if (flamingo) s += circle(94, 156, 3.5, '#e0506a');
      s += ellipse(96, 118, 36, 22, c0, ' transform="rotate(-12 96 118)"');
      s += path(
        'M62 112q-16 8 -22 20q16 -4 30 -8z',
        o.code === 'red-crowned-crane' || o.code === 'oriental-stork' ? c2 : darken(c0, 0.2),
      );
      s += stroke(
        flamingo ? 'M124 108q22 -18 4 -40q-14 -18 8 -34' : shoebill ? 'M122 108q6 -20 4 -36' : 'M122 108q14 -30 8 -62',
        c0,
        shoebill ? 14 : 9,
      );
      const hx = flamingo ? 138 : shoebill ? 128 : 132;
      const hy = flamingo ? 32 : shoebill ? 62 : 42;
      s += circle(hx, hy, shoebill ? 16 : 10, c0);
      if (flamingo)
        s +=
          path(`M${hx + 6} ${hy - 2}l16 6q2 8 -8 14l-2 -8z`, '#f6e6d8') +
          path(`M${hx + 18} ${hy + 4}q2 8 -6 14l-2 -6z`, '#222');
      else if (shoebill)
        s += path(`M${hx + 8} ${hy - 6}q30 4 30 14q-10 10 -32 4z`, c2) + path(`M${hx - 6} ${hy - 16}l-6 -6l10 2z`, c0);
      else s += path(`M${hx + 7} ${hy - 2}l30 4l-30 4z`, o.code === 'red-crowned-crane' ? '#6a7a6a' : '#e0a030');
      if (o.code === 'red-crowned-crane')
        s += circle(hx - 1, hy - 8, 4.5, '#e0302a') + stroke(`M${hx - 2} ${hy + 8}q-6 20 -8 40`, c2, 8);
      s += eye(hx + 2, hy - 2, 2.6, o.sleepy);
      return s;
    }
    case 'ostrich': {
      const emu = o.code === 'emu';
      let s = stroke('M88 118l-6 66M108 118l8 66', emu ? '#6a5a48' : '#e8c0a8', 7);
      s += ellipse(96, 108, 44, 30, c0);
      if (!emu) s += path('M54 100q-12 -10 -14 -24q16 4 24 16zM60 112q-18 -2 -22 -14q16 0 26 6z', c2);
      s += stroke('M126 96q8 -36 0 -62', emu ? c0 : c1, emu ? 12 : 8);
      s +=
        ellipse(128, 30, 11, 9, emu ? c0 : c1) + path('M136 30l14 3l-14 4z', '#6a5a4a') + eye(130, 28, 2.6, o.sleepy);
      if (emu) s += circle(126, 40, 4, c2, ' opacity=".8"');
      return s;
    }
    case 'bird': {
      // Perching bird, side view
      const big = o.code.includes('eagle') || o.code === 'indian-peafowl' || o.code === 'scarlet-macaw';
      const longTail = o.code === 'scarlet-macaw' || o.code === 'indian-peafowl';
      let s = stroke('M20 156H180', '#8a6a4a', 9);
      if (o.code === 'indian-peafowl') {
        for (let i = -3; i <= 3; i++) {
          const x2 = 50 + i * 22;
          s +=
            stroke(`M86 132L${x2} 60`, '#2a8a5a', 10) +
            circle(x2, 60, 9, '#2a8a5a') +
            circle(x2, 60, 5, '#1a5ab8') +
            circle(x2, 60, 2.5, '#e8c23a');
        }
      }
      if (longTail && o.code === 'scarlet-macaw')
        s +=
          path('M78 128l-26 48l8 2l24 -40z', c2 === '#1a5ad8' ? '#1a5ad8' : c0) +
          path('M80 128l-14 50l8 0l12 -40z', c0);
      s += ellipse(100, 120, big ? 34 : 28, big ? 30 : 24, c0, ' transform="rotate(-20 100 120)"');
      s += ellipse(106, 130, big ? 18 : 16, big ? 18 : 14, c1);
      s += path('M72 110q-6 24 20 30q-4 -20 -20 -30z', a.pattern === 'patch' ? c2 : darken(c0, 0.15));
      s += circle(
        124,
        90,
        big ? 20 : 17,
        o.code === 'white-tailed-eagle'
          ? c1
          : o.code === 'stellers-sea-eagle'
            ? c0
            : o.code === 'tufted-puffin'
              ? c0
              : c0,
      );
      if (o.code === 'tufted-puffin')
        s += ellipse(128, 92, 10, 8, '#fff') + path('M124 84q-18 -2 -26 8q14 -2 26 0z', '#f2d23a');
      if (a.pattern === 'crest' && o.code !== 'tufted-puffin')
        s += path('M116 72l-4 -14l8 8l2 -12l6 14z', c2 === '#e8c23a' ? '#1a5ab8' : c2);
      if (o.code === 'rock-ptarmigan') s += path('M124 80q6 -6 12 0z', c2);
      const beakColor =
        o.code === 'toco-toucan'
          ? c2
          : o.code === 'tufted-puffin'
            ? c2
            : o.code.includes('eagle')
              ? c2
              : o.code === 'scarlet-macaw'
                ? '#f2eee6'
                : darken(c0, 0.4);
      if (o.code === 'toco-toucan')
        s += path('M138 84q34 -2 40 12q-20 6 -40 4z', beakColor) + circle(177, 92, 3, '#222');
      else if (o.code.includes('eagle') || o.code === 'scarlet-macaw')
        s += path('M140 84q14 2 12 18q-6 -6 -14 -4z', beakColor);
      else s += path('M140 86l14 5l-14 6z', beakColor);
      s += eye(130, 86, 3, o.sleepy);
      s += path('M96 146l-2 10M108 146l2 10', 'none', ' stroke="#c89030" stroke-width="3"');
      return s;
    }
    default:
      return '';
  }
}

function marine(a: ArtSpec, o: DrawOptions): string {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'dolphin': {
      let s = path('M24 98q-10 -16 -4 -30q8 10 16 24q8 -14 18 -20q2 14 -12 30z', c0);
      s += path('M30 100q40 -40 110 -22q20 6 34 16l16 6l-16 4q-30 16 -70 14q-50 -2 -74 -18z', c0);
      s += path('M60 108q50 10 108 -6q-20 18 -60 20q-30 0 -48 -14z', c1);
      s += path('M96 76q8 -22 26 -26q-6 14 -4 28z', c0);
      s += path('M104 112q-6 18 -20 24q4 -14 4 -24z', darken(c0, 0.1));
      if (a.pattern === 'patch') s += path('M70 92q30 -8 60 4q-30 4 -60 -4z', c1);
      if (a.pattern === 'spots')
        for (const [x, y] of inside(120, 110, 30, 6, 6, `d:${o.code}`)) s += circle(x, y, 1.6, c2);
      s += eye(158, 90, 3.4, o.sleepy) + blush(160, 100, 5);
      return s;
    }
    case 'whale': {
      const orca = o.code === 'orca';
      const beluga = o.code === 'beluga';
      let s = path('M22 96q-12 -18 -4 -32q10 10 18 24q10 -14 22 -18q0 14 -16 28z', c0);
      s += path(`M28 98q30 -48 110 -40q40 6 48 34q2 20 -30 28q-60 14 -128 -22z`, c0);
      if (beluga) s += ellipse(160, 66, 22, 14, c0);
      if (orca) s += path('M92 62q4 -40 20 -50q-2 30 4 48z', c0);
      else if (!beluga && o.code !== 'finless-porpoise') s += path('M96 64q8 -18 24 -22q-6 12 -4 24z', c0);
      s += path('M58 110q60 18 122 -8q-14 20 -60 22q-40 2 -62 -14z', orca ? c1 : lighten(c0, 0.3));
      if (orca)
        s +=
          ellipse(150, 70, 12, 6, c1, ' transform="rotate(-10 150 70)"') +
          path('M74 86q20 -6 30 4q-16 4 -30 -4z', '#b8bec4');
      s += path('M118 116q-4 20 -18 28q2 -16 2 -26z', darken(c0, 0.1));
      s += eye(164, 84, 3.6, o.sleepy) + blush(168, 96, 6);
      s += stroke('M170 100q8 4 16 0', darken(c0, 0.4), 2);
      return s;
    }
    case 'seal': {
      const sealion = o.code.includes('sea-lion');
      const walrus = o.code === 'walrus';
      let s = '';
      if (sealion) {
        s += path('M40 176q-10 -8 -4 -18l20 10z', darken(c0, 0.2));
        s += path('M44 170q0 -40 40 -60q24 -14 30 -50q26 -6 34 18q4 30 -16 56q-20 30 -30 40z', c0);
        s += path('M110 150l26 28l-34 4z', darken(c0, 0.15));
        s += ellipse(134, 60, 22, 18, c0) + ellipse(152, 66, 12, 9, lighten(c0, 0.15)) + circle(162, 64, 3, '#222');
        s += ellipse(124, 52, 3, 5, darken(c0, 0.3)) + eye(136, 54, 3.2, o.sleepy);
        if (a.pattern === 'mane') s += path('M112 60q-8 30 8 52q12 -30 10 -52z', darken(c0, 0.1), ' opacity=".7"');
        return s;
      }
      s += path('M24 168q-12 -14 -2 -26q10 8 20 16z', darken(c0, 0.1));
      s += path('M30 168q10 -40 80 -50q50 -6 62 24q6 20 -20 28q-60 10 -122 -2z', c0);
      s += ellipse(150, 132, 30, 26, c0);
      s += ellipse(100, 166, 30, 6, lighten(c0, 0.2));
      s += path('M104 160q10 16 28 18q-14 -14 -14 -22z', darken(c0, 0.15));
      s += bodyPattern(a, 96, 146, 50, 14, o.code);
      s += ellipse(166, 140, 12, 9, walrus ? lighten(c0, 0.15) : lighten(c0, 0.2)) + circle(176, 136, 3, '#222');
      s += stroke('M168 144l14 2M168 148l14 6', walrus ? c2 : '#fff', 1.2);
      if (walrus) s += path('M160 148l2 30l5 -2l-1 -28zM170 148l2 30l5 -2l-1 -28z', c2);
      s += eye(152, 124, 4, o.sleepy) + eye(166, 124, 3.4, o.sleepy);
      return s;
    }
    case 'seaotter':
      return (
        ellipse(96, 112, 58, 20, c0) +
        ellipse(100, 106, 36, 12, c1) +
        stroke('M40 110q-18 -2 -30 6', c0, 10) +
        circle(152, 96, 20, c1) +
        circle(140, 80, 5, c0) +
        circle(164, 80, 5, c0) +
        eye(146, 94, 2.8, o.sleepy) +
        eye(160, 94, 2.8, o.sleepy) +
        ellipse(153, 102, 4, 3, '#2a2222') +
        stroke('M140 104l-12 2M166 104l12 2', '#999', 1) +
        ellipse(112, 96, 10, 7, '#c89a6a') +
        stroke('M104 96l8 -2M112 94l6 4', '#8a6a4a', 1.5) +
        ellipse(102, 100, 8, 5, c0) +
        ellipse(122, 100, 8, 5, c0) +
        stroke('M20 126q15 -6 30 0t30 0t30 0t30 0t30 0', '#ffffff', 3, ' opacity=".8"')
      );
    case 'manatee': {
      const dugong = o.code === 'dugong';
      let s = dugong
        ? path('M22 84q-14 -14 -6 -26q10 10 20 26q10 -18 22 -22q-2 16 -18 30z', c0)
        : ellipse(34, 100, 20, 26, c0);
      s += path('M36 100q20 -34 90 -34q50 0 56 30q4 24 -30 28q-60 10 -116 -24z', c0);
      s += path('M110 118q-2 18 -14 26q0 -14 0 -24z', darken(c0, 0.15));
      s += ellipse(172, 100, 16, 14, lighten(c0, 0.1));
      s += circle(176, 96, 1.5, '#333') + circle(182, 100, 1.5, '#333') + circle(176, 104, 1.5, '#333');
      s += eye(156, 86, 2.6, o.sleepy) + blush(160, 96, 5);
      return s;
    }
    default:
      return '';
  }
}

function reptile(a: ArtSpec, o: DrawOptions): string {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'turtle': {
      let s = path('M60 82q-30 -30 -40 -16q10 16 40 28z', c1) + path('M70 130q-26 20 -30 34q18 -4 38 -24z', c1);
      s += path('M128 80q34 -34 48 -22q-10 18 -44 30z', c1) + path('M126 126q22 16 26 30q-16 -4 -32 -22z', c1);
      s += ellipse(96, 104, 46, 32, c0);
      s += path(
        'M76 88l20 -8l20 8l-4 20h-32zM60 104l16 4M132 104l-16 4M80 124l8 -16M112 124l-8 -16',
        'none',
        ` stroke="${c2}" stroke-width="2.5"`,
      );
      if (a.pattern === 'spots')
        for (const [x, y] of inside(96, 104, 40, 26, 8, `t:${o.code}`)) s += circle(x, y, 3, c2, ' opacity=".6"');
      s += ellipse(156, 104, 18, 14, c1) + eye(162, 100, 3, o.sleepy) + blush(164, 110, 4);
      return s;
    }
    case 'tortoise': {
      let s = rect(62, 150, 16, 32, c0, 7) + rect(118, 150, 16, 32, c0, 7);
      s += path('M42 160q4 -80 58 -84q54 4 58 84z', c0);
      s += path('M50 160q2 -14 100 0', 'none', ` stroke="${c2}" stroke-width="4"`);
      s += path(
        'M72 96l28 -8l28 8l-6 30h-44zM62 150l10 -24M138 150l-10 -24M100 126v34',
        'none',
        ` stroke="${c2}" stroke-width="3"`,
      );
      if (a.pattern === 'stripes')
        for (const [x, y] of [
          [86, 108],
          [114, 108],
          [100, 140],
          [74, 140],
          [126, 140],
        ] as const)
          s += stroke(`M${x} ${y}l-8 -8M${x} ${y}l8 -8M${x} ${y}v10`, c1, 2.5);
      s += rect(84, 150, 14, 32, c0, 7) + rect(140, 152, 14, 30, darken(c0, 0.1), 7);
      s += path('M150 140q20 -20 34 -10q6 14 -10 20q-14 4 -24 0z', c1) + eye(172, 132, 2.8, o.sleepy);
      return s;
    }
    case 'croc':
      return (
        path('M10 160q30 -10 60 -12', 'none', ` stroke="${c0}" stroke-width="14" stroke-linecap="round"`) +
        ellipse(100, 156, 50, 16, c0) +
        path('M140 146l50 4q4 8 -4 12l-46 6z', c0) +
        path('M150 160l38 0', 'none', ` stroke="${darken(c0, 0.3)}" stroke-width="2"`) +
        path('M156 160l3 4l3 -4l3 4l3 -4l3 4l3 -4', 'none', ' stroke="#fff" stroke-width="1.5"') +
        rect(70, 164, 10, 20, c0, 4) +
        rect(120, 164, 10, 20, c0, 4) +
        path(
          'M60 144l6 -6l6 6l6 -6l6 6l6 -6l6 6l6 -6l6 6l6 -6l6 6',
          'none',
          ` stroke="${darken(c0, 0.2)}" stroke-width="3"`,
        ) +
        ellipse(100, 164, 40, 5, c1, ' opacity=".6"') +
        circle(150, 142, 6, c0) +
        eye(150, 141, 2.8, o.sleepy)
      );
    case 'lizard': {
      const chameleon = o.code === 'panther-chameleon';
      let s = stroke('M10 166H190', '#8a6a4a', 8);
      s += chameleon
        ? stroke('M62 140q-30 0 -30 -24q0 -16 14 -14q10 2 6 12', c0, 8)
        : stroke('M60 150q-30 6 -54 2', c0, 8);
      s += ellipse(100, 142, 44, 18, c0);
      if (a.pattern === 'crest')
        s += path(
          'M64 128l6 -10l6 10l6 -10l6 10l6 -10l6 10l6 -10l6 10l6 -10l6 10',
          'none',
          ` stroke="${c2}" stroke-width="3"`,
        );
      if (a.pattern === 'stripes') s += stroke('M80 134v16M96 130v20M112 130v20', c1, 3);
      s += rect(74, 150, 9, 16, c0, 4) + rect(118, 150, 9, 16, c0, 4);
      s += ellipse(150, 130, 20, 13, c0) + eye(154, 126, 3.6, o.sleepy);
      if (!chameleon) s += ellipse(136, 146, 8, 10, c1, ' opacity=".8"');
      else s += path('M144 118l10 -12l6 10z', c2);
      return s;
    }
    case 'snake':
      return (
        stroke('M40 170q40 -20 80 0t60 -10', c0, 18) +
        stroke('M60 150q-30 -30 10 -50q40 -14 60 10', c0, 16) +
        bodyPattern(a, 110, 160, 50, 8, o.code) +
        ellipse(140, 100, 18, 12, c0) +
        eye(146, 96, 2.6, o.sleepy) +
        path('M156 104l12 2l4 -4M168 106l4 4', 'none', ' stroke="#d83a3a" stroke-width="1.6"')
      );
    case 'frog': {
      let s = stroke('M10 176H190', '#6a9a4a', 6, ' opacity=".6"');
      s += ellipse(100, 144, 46, 32, c0);
      s += ellipse(100, 154, 30, 20, c1);
      s += circle(78, 108, 14, c0) + circle(122, 108, 14, c0);
      s += eye(78, 108, 7, o.sleepy) + eye(122, 108, 7, o.sleepy);
      s += stroke('M86 140q14 8 28 0', darken(c0, 0.4), 2.5);
      s += ellipse(66, 174, 18, 6, c0) + ellipse(134, 174, 18, 6, c0);
      if (o.code === 'strawberry-poison-frog') s += ellipse(66, 174, 18, 6, c2) + ellipse(134, 174, 18, 6, c2);
      return s + blush(76, 136, 6) + blush(124, 136, 6);
    }
    case 'salamander': {
      const axolotl = o.code === 'axolotl';
      let s = stroke('M60 140q-30 10 -50 0', c0, 12);
      s += ellipse(100, 136, 46, 16, c0);
      if (a.pattern === 'spots')
        for (const [x, y] of inside(100, 134, 40, 12, 7, `sal:${o.code}`)) s += circle(x, y, 3, c2, ' opacity=".6"');
      if (o.code === 'japanese-fire-belly-newt') s += ellipse(100, 146, 34, 5, c1);
      s += rect(70, 142, 8, 18, c0, 4) + rect(118, 142, 8, 18, c0, 4);
      s += ellipse(148, 130, axolotl ? 22 : 20, axolotl ? 17 : 13, c0);
      if (axolotl) s += stroke('M136 116l-8 -12M142 114l-2 -14M148 114l4 -12M136 146l-10 8M142 148l-4 10', c2, 3);
      s += eye(156, 124, 2.8, o.sleepy) + stroke('M156 138q8 2 12 -2', darken(c0, 0.4), 2);
      return s;
    }
    default:
      return '';
  }
}

function fishy(a: ArtSpec, o: DrawOptions): string {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'fish': {
      const slim = [
        'pacific-bluefin-tuna',
        'japanese-sardine',
        'japanese-amberjack',
        'ayu',
        'chum-salmon',
        'japanese-sea-bass',
        'arapaima',
        'japanese-lates',
      ].includes(o.code);
      const ry = slim ? 22 : 34;
      let s = path(
        `M52 100l-30 -${slim ? 26 : 30}q6 ${slim ? 26 : 30} 0 ${slim ? 52 : 60}z`,
        c2 === '#e8c34a' || c2 === '#f2d22a' ? c2 : c0,
      );
      s +=
        o.code === 'red-lionfish'
          ? path('M80 88l-10 -46l16 40l6 -44l8 44l10 -40l0 46z', lighten(c0, 0.3)) +
            path('M96 116l-20 50l28 -44l14 40l-4 -46z', lighten(c0, 0.2))
          : '';
      s += path(`M70 ${100 - ry + 4}q24 -${ry * 0.6} 50 -4l-10 ${ry * 0.4}z`, darken(c0, 0.1));
      s += ellipse(100, 100, 62, ry, c0);
      s += ellipse(108, 100 + ry * 0.4, 48, ry * 0.45, c1, ' opacity=".85"');
      if (a.pattern === 'stripes') {
        if (o.code === 'ocellaris-clownfish')
          s +=
            stroke('M80 72q8 28 0 56M118 68q10 32 0 64M150 80q6 20 0 40', c1, 9) +
            stroke('M80 72q8 28 0 56M118 68q10 32 0 64', c2, 2);
        else s += stroke('M60 96h90', c2, 4);
      }
      if (a.pattern === 'spots')
        for (const [x, y] of inside(96, 94, 54, ry * 0.7, 9, `f:${o.code}`))
          s += circle(x, y, 2.6, c2, ' opacity=".8"');
      if (a.pattern === 'crest')
        s += path('M138 76q12 -16 22 4z', darken(c0, 0.15)) + stroke('M150 92l14 -4M150 98l14 2', c2, 2);
      if (o.code === 'blue-tang') s += path('M70 90q30 -24 70 -6q-20 2 -30 14q-20 -8 -40 -8z', c1);
      s += path('M100 112q10 10 0 22q-6 -10 0 -22z', darken(c0, 0.15));
      s += circle(140, 92, 7, '#fff') + eye(141, 92, 4.2, o.sleepy);
      if (o.code === 'japanese-lates') s += circle(141, 92, 4.2, c2, ' opacity=".6"');
      s += stroke('M156 106q4 2 6 -2', darken(c0, 0.4), 2);
      return s;
    }
    case 'shark': {
      const hammer = o.code === 'scalloped-hammerhead';
      const whale = o.code === 'whale-shark';
      let s = path('M36 98l-26 -40q22 10 34 34z', c0) + path('M36 100l-20 28q16 -4 26 -22z', c0);
      s += path('M30 98q40 -34 120 -30q36 4 42 28q-6 24 -42 28q-80 4 -120 -26z', c0);
      s += path('M60 110q60 22 130 -8q-8 18 -40 22q-50 6 -90 -14z', c1);
      s += path('M96 72q6 -26 24 -34q-4 20 0 34z', c0);
      s += path('M112 118q-8 18 -22 26q6 -16 6 -26z', darken(c0, 0.1));
      if (a.pattern === 'spots')
        for (const [x, y] of inside(110, 88, 64, 14, whale ? 18 : 9, `sh:${o.code}`))
          s += circle(x, y, whale ? 2.6 : 3, whale ? '#fff' : c2, ' opacity=".85"');
      if (whale)
        s +=
          stroke('M70 90q4 10 0 20M80 88q4 12 0 24M90 86q4 12 0 26', darken(c0, 0.2), 1.5) +
          stroke('M170 106q12 2 20 -4', '#222', 2);
      if (hammer)
        s += path('M166 80l10 -18l10 2l-4 22q10 10 0 22l4 22l-10 2l-10 -18z', c0) + eye(180, 66, 2.8, o.sleepy);
      else s += eye(164, 88, 3.4, o.sleepy);
      return s;
    }
    case 'ray':
      return (
        stroke('M100 130q4 30 -4 60', c0, 4) +
        path('M100 60q40 4 96 44q-40 10 -70 30q-14 10 -26 10q-12 0 -26 -10q-30 -20 -70 -30q56 -40 96 -44z', c0) +
        path('M84 120q16 14 32 0q-8 -30 -16 -30q-8 0 -16 30z', c1) +
        path('M86 62q-8 -14 -4 -20q8 4 10 18zM114 62q8 -14 4 -20q-8 4 -10 18z', c0) +
        eye(86, 76, 3, o.sleepy) +
        eye(114, 76, 3, o.sleepy) +
        stroke('M90 92q10 6 20 0', c1, 3)
      );
    case 'eel': {
      if (o.code === 'spotted-garden-eel') {
        let s = path('M0 180q100 -14 200 0v20H0z', '#f0dca8');
        for (const [x, h, lean] of [
          [60, 70, -8],
          [100, 96, 6],
          [146, 60, 10],
        ] as const) {
          s += stroke(`M${x} 182q${lean} ${-h / 2} ${lean / 2} ${-h}`, c0, 12);
          for (let k = 1; k < 4; k++) s += circle(x + (lean * k) / 8, 182 - (h * k) / 4, 2, c2);
          s += eye(x + lean / 2 + 3, 182 - h + 4, 2.6, o.sleepy);
        }
        return s;
      }
      if (o.code === 'moray-eel')
        return (
          path('M0 120q30 -40 80 -10v90H0z', '#8a7a6a') +
          stroke('M40 150q40 -50 90 -44q30 4 40 20', c0, 28) +
          bodyPattern(a, 100, 130, 50, 14, o.code) +
          path('M160 120q20 4 26 14q-16 2 -30 -4z', darken(c0, 0.3)) +
          eye(150, 112, 3.4, o.sleepy)
        );
      return (
        stroke('M14 120q30 -40 60 0t60 0q20 -20 40 -16', c0, 16) +
        stroke('M20 124q30 -36 60 0t60 0', c1, 4) +
        eye(172, 100, 3, o.sleepy)
      );
    }
    case 'sunfish': {
      if (o.code === 'porcupinefish') {
        let s = '';
        for (let i = 0; i < 16; i++) {
          const ang = (i / 16) * Math.PI * 2;
          s += stroke(
            `M${n(100 + Math.cos(ang) * 40)} ${n(100 + Math.sin(ang) * 40)}l${n(Math.cos(ang) * 12)} ${n(Math.sin(ang) * 12)}`,
            c2,
            3,
          );
        }
        return (
          s +
          path('M58 100l-18 -14v28z', c0) +
          circle(100, 100, 42, c0) +
          ellipse(104, 114, 30, 18, c1) +
          bodyPattern(a, 100, 96, 36, 24, o.code) +
          circle(126, 88, 8, '#fff') +
          eye(127, 88, 5, o.sleepy) +
          stroke('M138 104q4 2 6 -2', '#333', 2)
        );
      }
      return (
        path('M96 50l16 -40l14 42z', c0) +
        path('M96 150l16 40l14 -42z', c0) +
        path('M44 70q-14 30 0 60q10 -30 0 -60z', darken(c0, 0.1)) +
        ellipse(100, 100, 60, 54, c0) +
        ellipse(106, 116, 44, 28, c1, ' opacity=".8"') +
        circle(140, 86, 7, '#fff') +
        eye(141, 86, 4.2, o.sleepy) +
        ellipse(160, 100, 5, 4, darken(c0, 0.3))
      );
    }
    case 'seahorse': {
      let s = stroke('M96 60q30 10 18 50q-10 30 -24 40q-20 14 -6 30q10 8 16 -2', c0, 22);
      s += stroke('M104 70q14 16 6 40', c1, 6);
      s += ellipse(104, 50, 16, 14, c0) + path('M114 48l28 4l-2 8l-26 0z', c0);
      s += path('M88 40l4 -14l6 12l6 -14l4 16z', a.pattern === 'crest' ? c2 : c0);
      if (a.pattern === 'crest')
        s += path(
          'M116 84q20 -4 30 8q-18 2 -26 -2zM84 112q-22 0 -30 10q20 2 28 -4zM112 128q16 6 18 18q-14 -6 -18 -12z',
          c2,
        );
      s += eye(106, 46, 3.4, o.sleepy);
      return s;
    }
    default:
      return '';
  }
}

function invertebrate(a: ArtSpec, o: DrawOptions): string {
  const [c0, c1, c2] = a.colors;
  switch (a.shape) {
    case 'jelly': {
      if (o.code === 'sea-angel')
        return (
          path('M100 60q22 0 20 40q-2 40 -20 60q-18 -20 -20 -60q-2 -40 20 -40z', c0, ' opacity=".9"') +
          circle(100, 110, 10, c2, ' opacity=".8"') +
          path('M82 90q-26 -18 -30 6q14 4 30 2zM118 90q26 -18 30 6q-14 4 -30 2z', c0, ' opacity=".9"') +
          eye(94, 74, 2.4, o.sleepy) +
          eye(106, 74, 2.4, o.sleepy)
        );
      let s = '';
      const tent = o.code === 'pacific-sea-nettle' ? 8 : 10;
      for (let i = 0; i < tent; i++) {
        const x = 62 + i * (76 / (tent - 1));
        s += stroke(
          `M${n(x)} 96q${i % 2 ? 8 : -8} 24 0 48t0 ${o.code === 'pacific-sea-nettle' ? 40 : 24}`,
          c2,
          1.6,
          ' opacity=".8"',
        );
      }
      s += stroke('M92 96q-10 40 4 80M108 96q12 40 -2 80', c1, 6, ' opacity=".7"');
      s += path(
        'M50 96q0 -54 50 -54q50 0 50 54q-10 8 -25 0q-12 8 -25 0q-13 8 -25 0q-15 8 -25 0z',
        c0,
        ' opacity=".92"',
      );
      if (o.code === 'moon-jellyfish')
        for (const [x, y] of [
          [84, 70],
          [100, 62],
          [116, 70],
          [100, 80],
        ] as const)
          s += circle(x, y, 7, 'none', ` stroke="${c2}" stroke-width="3"`);
      if (a.pattern === 'spots')
        for (const [x, y] of inside(100, 72, 40, 20, 7, `j:${o.code}`)) s += circle(x, y, 3, '#fff', ' opacity=".8"');
      if (o.code === 'crystal-jelly') s += stroke('M54 94q46 8 92 0', c2, 3);
      s += eye(90, 78, 2.8, o.sleepy) + eye(110, 78, 2.8, o.sleepy) + blush(82, 86, 4) + blush(118, 86, 4);
      return s;
    }
    case 'crab': {
      const spider = o.code === 'japanese-spider-crab';
      const lobster = o.code === 'japanese-spiny-lobster';
      const horseshoe = o.code === 'horseshoe-crab';
      if (horseshoe)
        return (
          stroke('M100 150l70 30', c0, 5) +
          path('M30 150q6 -70 70 -74q64 4 70 74z', c0) +
          path('M60 150q10 -40 40 -44q30 4 40 44z', c1, ' opacity=".6"') +
          eye(80, 118, 3, o.sleepy) +
          eye(120, 118, 3, o.sleepy)
        );
      if (lobster)
        return (
          stroke('M150 110q30 -40 40 -90M146 114q40 -30 50 -70', c2, 3) +
          ellipse(100, 120, 56, 20, c0) +
          bodyPattern({ ...a, pattern: 'stripes' }, 90, 120, 40, 18, o.code) +
          path('M46 120l-30 -16v32z', c0) +
          stroke('M80 136l-6 24M100 138v24M120 136l6 24', c0, 4) +
          eye(146, 110, 3, o.sleepy)
        );
      let s = '';
      const legLen = spider ? 70 : 34;
      for (let i = 0; i < 3; i++) {
        s += stroke(`M70 ${120 + i * 8}q-${legLen * 0.6} -${10 - i * 6} -${legLen} ${20 + i * 12}`, c0, spider ? 5 : 6);
        s += stroke(`M130 ${120 + i * 8}q${legLen * 0.6} -${10 - i * 6} ${legLen} ${20 + i * 12}`, c0, spider ? 5 : 6);
      }
      s += stroke('M80 108q-20 -30 -30 -40M120 108q20 -30 30 -40', c0, 7);
      s += ellipse(50, 66, 12, 9, c0) + ellipse(150, 66, 12, 9, c0);
      s += ellipse(100, 122, 40, 28, c0) + ellipse(100, 130, 28, 14, c1, ' opacity=".6"');
      s += stroke('M90 96v-12M110 96v-12', c0, 3) + eye(90, 82, 3.4, o.sleepy) + eye(110, 82, 3.4, o.sleepy);
      return s + blush(82, 118, 5) + blush(118, 118, 5);
    }
    case 'octopus': {
      let s = '';
      for (let i = 0; i < 8; i++) {
        const x = 56 + i * 12.5;
        s += stroke(`M${n(x)} 120q${i % 2 ? 14 : -14} 30 ${i < 4 ? -10 : 10} 60`, c0, 10);
      }
      s += ellipse(100, 84, 44, 46, c0) + ellipse(100, 122, 40, 12, c0);
      for (const [x, y] of inside(100, 70, 34, 24, 5, `oc:${o.code}`)) s += circle(x, y, 3, c1, ' opacity=".6"');
      s += eye(86, 100, 4, o.sleepy) + eye(114, 100, 4, o.sleepy) + blush(78, 110, 6) + blush(122, 110, 6);
      return s;
    }
    case 'squid':
      return (
        stroke('M56 100q-20 -10 -40 0M56 104q-20 6 -40 20M56 96q-20 -20 -36 -22M56 108q-16 14 -30 36', c0, 6) +
        path('M54 100q30 -40 110 -30q24 4 24 30t-24 30q-80 10 -110 -30z', c0) +
        path('M60 100q30 -48 120 -40', 'none', ` stroke="${c1}" stroke-width="6"`) +
        path('M60 100q30 48 120 40', 'none', ` stroke="${c1}" stroke-width="6"`) +
        bodyPattern(a, 120, 100, 40, 16, o.code) +
        circle(74, 96, 8, '#fff') +
        eye(75, 96, 5, o.sleepy)
      );
    case 'star': {
      let d = 'M';
      for (let i = 0; i < 10; i++) {
        const ang = -Math.PI / 2 + (i * Math.PI) / 5;
        const r = i % 2 ? 28 : 74;
        d += `${n(100 + Math.cos(ang) * r)} ${n(110 + Math.sin(ang) * r)}${i < 9 ? 'L' : 'Z'}`;
      }
      let s = `<path d="${d}" fill="${c0}" stroke="${c2}" stroke-width="3" stroke-linejoin="round"/>`;
      for (const [x, y] of inside(100, 110, 50, 50, 12, `st:${o.code}`)) s += circle(x, y, 2.4, c1);
      return s + eye(90, 108, 3.4, o.sleepy) + eye(110, 108, 3.4, o.sleepy);
    }
    case 'urchin': {
      if (o.code === 'sea-squirt')
        return (
          rect(80, 160, 40, 26, '#7a6a5a', 6) +
          path('M70 166q-16 -60 30 -100q46 40 30 100z', c0) +
          inside(100, 120, 26, 40, 10, 'sq')
            .map(([x, y]) => circle(x, y, 5, c1))
            .join('') +
          rect(92, 56, 14, 20, c2, 4) +
          rect(122, 92, 18, 12, c2, 4)
        );
      let s = '';
      for (let i = 0; i < 24; i++) {
        const ang = (i / 24) * Math.PI * 2;
        s += stroke(
          `M${n(100 + Math.cos(ang) * 34)} ${n(130 + Math.sin(ang) * 30)}l${n(Math.cos(ang) * 30)} ${n(Math.sin(ang) * 30)}`,
          c1,
          3,
        );
      }
      return s + ellipse(100, 130, 40, 34, c0) + eye(90, 124, 3, o.sleepy) + eye(110, 124, 3, o.sleepy);
    }
    case 'shell': {
      let s = stroke('M64 120q-30 10 -40 30M66 128q-22 20 -24 40M70 134q-8 24 0 42', '#c89a6a', 4);
      s += circle(110, 100, 56, c0);
      for (let i = 0; i < 6; i++) s += stroke(`M${60 + i * 14} 60q10 40 0 80`, c2, 5, ' opacity=".75"');
      s +=
        stroke('M110 100m-20 0a20 20 0 1 1 20 20', c1, 5) +
        path('M56 110q10 -30 30 -20q-6 30 -30 20z', lighten(c0, 0.1));
      return s + eye(74, 106, 3, o.sleepy);
    }
    case 'coral': {
      let s = rect(40, 172, 120, 14, '#d8c8a0', 6);
      const branches = [
        [70, 0],
        [100, 1],
        [130, 0],
      ] as const;
      for (const [x, k] of branches) {
        s += stroke(
          `M${x} 176v-60M${x} 130l-20 -30M${x} 120l18 -34M${x - 20} 100l-6 -20M${x + 18} 86l6 -18`,
          k ? c2 : c0,
          12,
        );
        s += circle(x, 114, 6, c1) + circle(x - 26, 80, 5, c1) + circle(x + 24, 68, 5, c1);
      }
      return s;
    }
    case 'insect': {
      if (o.code === 'giant-isopod') {
        let s = '';
        for (let i = 0; i < 7; i++) s += stroke(`M${60 + i * 14} 150l-6 16`, darken(c0, 0.2), 4);
        s += ellipse(100, 124, 70, 30, c0);
        for (let i = 0; i < 7; i++) s += stroke(`M${52 + i * 16} 98v50`, c2, 2);
        s += path('M30 110q-10 -12 -22 -10q4 14 20 18z', c0) + eye(156, 114, 4, o.sleepy);
        return s + stroke('M168 116q14 -10 24 -6', c2, 2);
      }
      let s = stroke('M76 150l-16 24M100 152v26M124 150l16 24', c0, 5);
      s += ellipse(100, 130, 46, 28, c0) + path('M100 102v56', 'none', ` stroke="${c2}" stroke-width="3"`);
      s += ellipse(150, 120, 18, 14, c1);
      if (a.pattern === 'horns')
        s += stroke('M160 112q20 -20 20 -50M176 70l8 -8M176 70l-8 -6', c0, 7) + stroke('M152 108q6 -10 16 -10', c0, 5);
      s += eye(154, 118, 3, o.sleepy);
      return s;
    }
    default:
      return '';
  }
}

/** The animal drawing (no background), 200 x 200 box. */
export function drawAnimal(a: ArtSpec, o: DrawOptions): string {
  return (
    quadFor(a, o) ??
    (upright(a, o) ||
      bird(a, o) ||
      marine(a, o) ||
      reptile(a, o) ||
      fishy(a, o) ||
      invertebrate(a, o) ||
      circle(100, 120, 40, a.colors[0]))
  );
}

/** Swimmers are drawn floating in water, centred. */
export const isSwimmer = (a: ArtSpec, code: string): boolean =>
  [
    'dolphin',
    'whale',
    'manatee',
    'turtle',
    'fish',
    'shark',
    'ray',
    'sunfish',
    'seahorse',
    'jelly',
    'octopus',
    'squid',
  ].includes(a.shape) ||
  (a.shape === 'eel' && code !== 'spotted-garden-eel' && code !== 'moray-eel');
