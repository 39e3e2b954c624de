// All living-thing species of the demo catalogue.
import { AMPHIBIANS, BIRDS, REPTILES } from './species-birds-reptiles';
import { LAND_MAMMALS } from './species-mammals';
import { FISH, INVERTEBRATES, MARINE_MAMMALS } from './species-sea';
import type { SpeciesSeed } from './types';

export const SPECIES: readonly SpeciesSeed[] = [
  ...LAND_MAMMALS,
  ...MARINE_MAMMALS,
  ...BIRDS,
  ...REPTILES,
  ...AMPHIBIANS,
  ...FISH,
  ...INVERTEBRATES,
];

const byCode = new Map(SPECIES.map((s) => [s.code, s]));

export const speciesByCode = (code: string): SpeciesSeed => {
  const s = byCode.get(code);
  if (!s) throw new Error(`unknown species ${code}`);
  return s;
};

/** English plural of a species name, lower-cased unless it starts with a proper noun. */
export function pluralEn(s: SpeciesSeed): string {
  if (s.pluralEn) return s.pluralEn;
  const name = s.name.en;
  if (/(fish|deer|sheep|squid|salmon|tuna|bream|ayu)$/i.test(name)) return name;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

const PROPER_FIRST_WORDS = new Set([
  'Japanese',
  'Asian',
  'African',
  'Amur',
  'Sumatran',
  'Bornean',
  'Ezo',
  'Hokkaido',
  'Pacific',
  'Steller’s',
  'Steller',
  'California',
  'Humboldt',
  'Malayan',
  'Goodfellow’s',
  'Chilean',
  'Chinese',
  'Indo-Pacific',
  'West',
  'Grant’s',
  'Linnaeus’s',
  'Baikal',
  'Blakiston’s',
  'Adélie',
  'Arctic',
  'Asiatic',
  'Kuril',
  'Indian',
  'Pallas’s',
  'Oriental',
  'Aldabra',
]);

/** The English species name for use inside a sentence ("a polar bear", "Humboldt penguins"). */
export function enName(s: SpeciesSeed, plural = false): string {
  const name = plural ? pluralEn(s) : s.name.en;
  const first = name.split(' ')[0] ?? '';
  return PROPER_FIRST_WORDS.has(first) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** The Japanese species name without a parenthesised alias (e.g. "シロイルカ（ベルーガ）" -> "シロイルカ"). */
export const jaName = (s: SpeciesSeed): string => s.name.ja.replace(/（.*）$/, '');
