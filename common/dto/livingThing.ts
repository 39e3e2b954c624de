import type { Gender, ParkKind } from '../enums';
import type { NamedRef } from './park';

/** Classification groups of living things (the living-thing tags), used by the classification filter. */
export const LIVING_THING_GROUPS = [
  'mammals',
  'marine-mammals',
  'birds',
  'reptiles',
  'amphibians',
  'fish',
  'invertebrates',
] as const;
export type LivingThingGroup = (typeof LIVING_THING_GROUPS)[number];

/** Habitat groups of the habitat filter; the server matches each against the species' habitat text. */
export const HABITATS = ['forest', 'grassland', 'desert', 'mountain', 'polar', 'sea', 'freshwater'] as const;
export type Habitat = (typeof HABITATS)[number];

export interface LivingThingSummary {
  id: number;
  code: string;
  name: string;
  nameKana: string | null;
  scientificName: string | null;
  /** e.g. 哺乳綱 食肉目 クマ科 */
  classification: string;
  group: { code: string; name: string } | null;
  habitat: string;
  imageUrl: string;
  /** Public parks that keep it. */
  parkCount: number;
}

export interface LivingThingParkDto {
  id: number;
  name: string;
  kind: ParkKind;
  prefecture: string;
  imageUrl: string;
  /** The park's animals of this species (individuals or groups). */
  individuals: { id: number; nickname: string }[];
}

export interface LivingThingDetail extends LivingThingSummary {
  diet: string;
  description: string;
  weightKg: number | null;
  heightCm: number | null;
  birthWeightKg: number | null;
  birthHeightCm: number | null;
  numberOfSpecies: number | null;
  parks: LivingThingParkDto[];
  followerCount: number;
}

export interface ParkLivingThingSummary {
  id: number;
  nickname: string;
  isGroup: boolean;
  gender: Gender;
  /** YYYY-MM-DD */
  birthday: string | null;
  imageUrl: string;
  park: NamedRef;
  livingThing: NamedRef;
}

export interface ParkLivingThingDetail extends ParkLivingThingSummary {
  description: string | null;
  approxNumberBred: number | null;
  livingThing: NamedRef & {
    classification: string;
    habitat: string;
    diet: string;
    imageUrl: string;
  };
  park: NamedRef & { kind: ParkKind; imageUrl: string };
  storyCount: number;
}
