import type { Habitat } from '../../../common/dto/livingThing';
import { normalizeForSearch } from '../../../common/search/normalize';

/**
 * Words that put a species' habitat text (ja and en) into a habitat group. A species can be in several groups
 * ("北極圏の海氷上と沿岸" is polar and sea). Matched after the same normalisation as keyword search.
 */
const HABITAT_WORDS: Record<Habitat, string[]> = {
  forest: ['森', '林', 'タイガ', 'forest', 'jungle', 'woodland', 'taiga'],
  grassland: ['草原', 'サバンナ', '草むら', '農耕地', '農地', 'savanna', 'grassland', 'prairie', 'farmland'],
  desert: ['砂漠', '乾燥', 'desert', 'arid', 'dry'],
  mountain: ['山', '高原', '高地', '岩場', 'mountain', 'highland', 'plateau', 'alpine'],
  polar: ['北極', '南極', 'ツンドラ', '流氷', '海氷', 'arctic', 'antarctic', 'tundra', 'sea ice', 'drift ice'],
  sea: ['海', '沿岸', 'サンゴ礁', '岩礁', '外洋', '内湾', '干潟', '藻場', 'ocean', 'sea', 'coast', 'reef', 'bay'],
  freshwater: [
    '川',
    '湖',
    '湿地',
    '湿原',
    '水田',
    '田んぼ',
    '池',
    '清流',
    '河口',
    '水路',
    'river',
    'lake',
    'wetland',
    'marsh',
    'pond',
    'stream',
  ],
};

/** The normalised words of a habitat group (as LIKE patterns are built from them). */
export function habitatTerms(habitat: Habitat): string[] {
  return [...new Set(HABITAT_WORDS[habitat].map(normalizeForSearch).filter(Boolean))];
}
