// Small SVG helpers: escaping, colour maths, document wrapper.

export const FONT = "'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans JP','Yu Gothic',Meiryo,sans-serif";

/** Escape text for XML content and attribute values. */
export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Round for compact output. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

/** A complete SVG document with width/height/viewBox and a <title>. */
export function svgDoc(width: number, height: number, title: string, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${esc(title)}</title>${body.includes('<text') ? `<style>text{font-family:${FONT}}</style>` : ''}${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`
  );
}

function parse(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mix a colour towards another by t (0..1). */
export const mix = (a: string, b: string, t: number): string => {
  const x = parse(a);
  const y = parse(b);
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t));
};
export const darken = (c: string, t = 0.25) => mix(c, '#000000', t);
export const lighten = (c: string, t = 0.25) => mix(c, '#ffffff', t);

/** Relative luminance 0..1. */
export const luminance = (c: string): number => {
  const [r, g, b] = parse(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/** Elements */
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${r ? ` rx="${n(r)}"` : ''} fill="${fill}"${extra}/>`;
export const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
export const stroke = (d: string, color: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
export const text = (x: number, y: number, s: string, size: number, fill: string, extra = '') =>
  `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" fill="${fill}"${extra}>${esc(s)}</text>`;
export const g = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

export const linearGradient = (id: string, stops: [number, string][], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
