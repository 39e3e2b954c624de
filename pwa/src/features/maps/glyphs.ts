import type { MapPlace } from '../../../../common/dto/map';

/** A short sign per kind, so no marker is told apart by colour only. */
export const KIND_GLYPH: Record<MapPlace['kind'], string> = {
  entrance: '⛩',
  info: 'i',
  toilet: 'WC',
  nursing_room: '🍼',
  restaurant: '🍴',
  shop: '🛍',
  rest_area: '🪑',
  first_aid: '✚',
  locker: '🔒',
  aed: 'AED',
  elevator: '⇅',
  accessible_toilet: '♿WC',
  wheelchair_rental: '♿',
  stroller_rental: '🛒',
  stairs: '⫶',
  slope: '⟋',
  animal: '🐾',
  event: '★',
  quest: '?',
  other: '📷',
};
