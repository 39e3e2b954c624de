// Simple white pictograms in a 100 x 100 box, for ticket banners and maps.
import type { ItemIcon } from '../content/types';
import { circle, ellipse, path, rect, stroke } from './svg';

const W = '#ffffff';

export function icon(kind: ItemIcon, color = W): string {
  switch (kind) {
    case 'ticket':
      return (
        path('M14 30h72v14a8 8 0 0 0 0 16v14H14V60a8 8 0 0 0 0-16z', color) +
        stroke('M64 34v36', '#000', 2, ' opacity=".25" stroke-dasharray="4 4"')
      );
    case 'pass':
      return (
        rect(18, 22, 64, 56, color, 8) +
        circle(38, 44, 9, '#000', ' opacity=".25"') +
        rect(54, 38, 22, 5, '#000', 2, ' opacity=".25"') +
        rect(54, 48, 16, 5, '#000', 2, ' opacity=".25"') +
        rect(26, 62, 48, 5, '#000', 2, ' opacity=".25"')
      );
    case 'moon':
      return (
        path('M62 16a34 34 0 1 0 22 56a28 28 0 1 1 -22 -56z', color) +
        circle(30, 24, 3, color) +
        circle(80, 30, 2.5, color)
      );
    case 'key':
      return (
        circle(34, 50, 16, 'none', ` stroke="${color}" stroke-width="8"`) +
        stroke('M48 50h36M74 50v12M84 50v10', color, 8)
      );
    case 'hand':
      return path(
        'M30 86q-12 -20 -14 -38q0 -8 8 -6l10 14V20q0 -7 7 -7t7 7v22V14q0 -7 7 -7t7 7v28V18q0 -7 7 -7t7 7v36q0 22 -14 32z',
        color,
      );
    case 'food':
      return (
        path('M14 52h72q-4 30 -36 30t-36 -30z', color) +
        stroke('M34 44q-6 -10 0 -20M50 44q-6 -10 0 -20M66 44q-6 -10 0 -20', color, 5)
      );
    case 'camera':
      return (
        rect(12, 30, 76, 52, color, 10) +
        rect(34, 20, 32, 14, color, 4) +
        circle(50, 56, 16, '#000', ' opacity=".25"') +
        circle(50, 56, 9, color)
      );
    case 'puzzle':
      return path(
        'M18 30h20a10 10 0 1 1 20 0h20v20a10 10 0 1 1 0 20v16H58a10 10 0 1 0 -20 0H18V64a10 10 0 1 0 0 -20z',
        color,
      );
    case 'map':
      return (
        path('M12 24l24 -8l28 10l24 -8v60l-24 8l-28 -10l-24 8z', color) +
        stroke('M36 16v60M64 26v60', '#000', 2, ' opacity=".25"') +
        circle(50, 44, 6, '#e05a4a')
      );
    case 'car':
      return (
        path('M14 66v-14l10 -20h52l10 20v14z', color) +
        circle(30, 68, 9, color) +
        circle(70, 68, 9, color) +
        rect(30, 38, 40, 12, '#000', 3, ' opacity=".2"')
      );
    case 'cup':
      return (
        path('M22 30h48l-6 50H28z', color) +
        stroke('M70 40h8q8 0 8 10t-8 10h-10', color, 6) +
        stroke('M36 22q-4 -8 2 -14M50 22q-4 -8 2 -14', color, 4)
      );
    case 'gift':
      return (
        rect(16, 40, 68, 46, color, 4) +
        rect(12, 30, 76, 14, color, 4) +
        rect(46, 30, 8, 56, '#000', 0, ' opacity=".2"') +
        path('M50 30q-20 -24 -26 -8q-2 8 26 8zM50 30q20 -24 26 -8q2 8 -26 8z', color)
      );
    case 'stroller':
      return (
        path('M20 24a34 34 0 0 1 34 34H20z', color) +
        path('M20 58h56l-6 12H24z', color) +
        stroke('M76 58l8 -26', color, 6) +
        circle(30, 80, 8, color) +
        circle(68, 80, 8, color)
      );
    case 'headphones':
      return (
        stroke('M18 60q0 -40 32 -40t32 40', color, 8) + rect(12, 56, 16, 28, color, 6) + rect(72, 56, 16, 28, color, 6)
      );
    case 'wheelchair':
      return (
        circle(42, 20, 8, color) +
        stroke('M42 32v26h24l10 20M42 46h22', color, 8) +
        circle(40, 70, 20, 'none', ` stroke="${color}" stroke-width="7"`)
      );
    case 'seat':
      return path('M24 20h52v34H24z', color) + rect(16, 54, 68, 14, color, 4) + stroke('M24 68v18M76 68v18', color, 7);
    case 'fish':
      return (
        ellipse(46, 50, 30, 18, color) + path('M74 50l16 -14v28z', color) + circle(32, 46, 4, '#000', ' opacity=".35"')
      );
    case 'paw':
      return (
        ellipse(50, 62, 20, 17, color) +
        ellipse(26, 40, 8, 10, color) +
        ellipse(42, 26, 8, 10, color) +
        ellipse(58, 26, 8, 10, color) +
        ellipse(74, 40, 8, 10, color)
      );
    case 'star':
      return path('M50 10l11 26l28 3l-21 19l6 28l-24 -14l-24 14l6 -28l-21 -19l28 -3z', color);
    default:
      return circle(50, 50, 30, color);
  }
}
