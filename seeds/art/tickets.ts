// Ticket-style banners for items and ticket packs (600 x 300).
import type { ItemSeed, ParkSeed, SpeciesSeed, TicketPackSeed } from '../content/types';
import { drawAnimal } from './animals';
import { icon } from './icons';
import { circle, darken, g, lighten, n, path, rect, stroke, svgDoc, text } from './svg';

export const CATEGORY_STYLE: Record<number, { color: string; ja: string; en: string }> = {
  0: { color: '#2f7d4f', ja: '入園・入館券', en: 'ADMISSION' },
  1: { color: '#e0793a', ja: 'イベント', en: 'EVENT' },
  2: { color: '#7a57c8', ja: 'クエスト', en: 'QUEST' },
  3: { color: '#3a7bd5', ja: '施設', en: 'FACILITY' },
  4: { color: '#d4477a', ja: '引換券', en: 'VOUCHER' },
  5: { color: '#5f7184', ja: 'その他', en: 'OTHERS' },
};

const W = 600;
const H = 300;

/** The ticket outline with notches at the perforation. */
function ticketShape(x: number, y: number, w: number, h: number, cut: number, fill: string, extra = ''): string {
  const r = 16;
  return path(
    `M${x + r} ${y}H${cut - 14}a14 14 0 0 0 28 0H${x + w - r}q${r} 0 ${r} ${r}V${y + h - r}q0 ${r} -${r} ${r}H${cut + 14}a14 14 0 0 0 -28 0H${x + r}q-${r} 0 -${r} -${r}V${y + r}q0 -${r} ${r} -${r}z`,
    fill,
    extra,
  );
}

function banner(opts: {
  title: string;
  color: string;
  iconKind: ItemSeed['icon'];
  labelJa: string;
  labelEn: string;
  park: ParkSeed;
  species: SpeciesSeed | null;
  stacked?: boolean;
}): string {
  const { color } = opts;
  const cut = 214;
  let body = rect(0, 0, W, H, lighten(color, 0.82));
  for (let i = 0; i < 7; i++)
    body += circle(40 + i * 90, i % 2 ? 270 : 26, 10 + (i % 3) * 6, lighten(color, 0.65), ' opacity=".7"');
  if (opts.stacked)
    body += g('translate(16 -12) rotate(2 300 150)', ticketShape(24, 30, 552, 240, cut, lighten(color, 0.45)));
  body += ticketShape(24, 30, 552, 240, cut, '#ffffff', ' filter="url(#sh)"');
  body += path(
    `M40 30H${cut - 14}a14 14 0 0 0 28 0H${cut}V270H${cut - 14}a14 14 0 0 0 -28 0H40q-16 0 -16 -16V46q0 -16 16 -16z`,
    color,
  );
  body += stroke(`M${cut} 52V248`, darken(color, 0.2), 3, ' stroke-dasharray="6 8"');
  body += g(`translate(${n(cut / 2 + 12 - 55)} 95) scale(1.1)`, icon(opts.iconKind));
  body += text(
    cut / 2 + 12,
    226,
    opts.labelEn,
    15,
    '#ffffff',
    ` text-anchor="middle" font-weight="700" letter-spacing="2"`,
  );
  body += text(cut / 2 + 12, 250, opts.labelJa, 13, lighten(color, 0.75), ` text-anchor="middle"`);
  const tx = cut + 30;
  body += text(tx, 88, opts.park.name.ja, 26, '#2a2a2a', ` font-weight="700"`);
  body += text(tx, 116, opts.park.name.en, opts.park.name.en.length > 30 ? 12 : 15, '#6a6a6a');
  body += rect(tx, 132, 160, 4, color, 2);
  if (opts.species) {
    body += g(`translate(${W - 200} 112) scale(0.72)`, drawAnimal(opts.species.art, { code: opts.species.code }));
  }
  body +=
    circle(tx + 10, 236, 8, color, ' opacity=".3"') +
    circle(tx + 30, 236, 8, color, ' opacity=".5"') +
    circle(tx + 50, 236, 8, color, ' opacity=".7"');
  const defs =
    '<filter id="sh" x="-5%" y="-5%" width="110%" height="120%"><feDropShadow dx="0" dy="4" stdDeviation="5" flood-opacity=".18"/></filter>';
  return svgDoc(W, H, opts.title, body, defs);
}

export function itemBannerSvg(item: ItemSeed, park: ParkSeed, species: SpeciesSeed | null): string {
  const style = CATEGORY_STYLE[item.category] ?? CATEGORY_STYLE[5] ?? { color: '#5f7184', ja: '', en: '' };
  return banner({
    title: item.name.ja,
    color: style.color,
    iconKind: item.icon,
    labelJa: style.ja,
    labelEn: style.en,
    park,
    species,
  });
}

export function packBannerSvg(pack: TicketPackSeed, park: ParkSeed, species: SpeciesSeed | null): string {
  const style = CATEGORY_STYLE[pack.category] ?? CATEGORY_STYLE[0] ?? { color: '#2f7d4f', ja: '', en: '' };
  return banner({
    title: pack.name.ja,
    color: darken(style.color, 0.1),
    iconKind: 'gift',
    labelJa: 'セット券',
    labelEn: 'TICKET PACK',
    park,
    species,
    stacked: true,
  });
}
