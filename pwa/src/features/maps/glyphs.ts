import type { MapPlace } from '../../../../common/dto/map';

type Glyphs = Record<MapPlace['kind'], string>;

/**
 * A short sign per kind, so no marker is told apart by colour only: one character as on Japanese park maps, and
 * Latin letters for English readers. Plain text, no emoji (devices without an emoji font draw boxes).
 */
const GLYPHS: Record<'ja' | 'en', Glyphs> = {
  ja: {
    entrance: '入',
    info: 'i',
    toilet: 'WC',
    nursing_room: '授',
    restaurant: '食',
    shop: '店',
    rest_area: '休',
    first_aid: '+',
    locker: '鍵',
    aed: 'AED',
    elevator: 'EV',
    accessible_toilet: '多',
    wheelchair_rental: '車',
    stroller_rental: 'ベ',
    stairs: '段',
    slope: '坂',
    animal: '動',
    event: '★',
    quest: '?',
    other: '他',
  },
  en: {
    entrance: 'IN',
    info: 'i',
    toilet: 'WC',
    nursing_room: 'NR',
    restaurant: 'R',
    shop: 'S',
    rest_area: 'RA',
    first_aid: '+',
    locker: 'L',
    aed: 'AED',
    elevator: 'EV',
    accessible_toilet: 'AT',
    wheelchair_rental: 'WR',
    stroller_rental: 'SR',
    stairs: 'ST',
    slope: 'SL',
    animal: 'A',
    event: '★',
    quest: '?',
    other: '…',
  },
};

export const kindGlyph = (kind: MapPlace['kind'], locale: 'ja' | 'en') => GLYPHS[locale][kind];
