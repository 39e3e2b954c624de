import type {
  LivingThingDetail,
  LivingThingParkDto,
  LivingThingSummary,
  ParkLivingThingDetail,
  ParkLivingThingSummary,
} from '../../../common/dto/livingThing';
import type { Gender, Locale, ParkKind } from '../../../common/enums';
import { PREFECTURES } from '../../../common/reference';
import { localize, localizeOrNull } from '../../lib/localize';

export interface LivingThingRow {
  id: number;
  code: string;
  nameJa: string;
  nameEn: string | null;
  nameKana: string | null;
  scientificName: string | null;
  classificationJa: string;
  classificationEn: string | null;
  habitatJa: string;
  habitatEn: string | null;
  imageUrl: string;
  groupCode: string | null;
  groupNameJa: string | null;
  groupNameEn: string | null;
  parkCount: unknown;
}

export interface LivingThingDetailRow extends LivingThingRow {
  dietJa: string;
  dietEn: string | null;
  descriptionJa: string;
  descriptionEn: string | null;
  weightKg: number | null;
  heightCm: number | null;
  birthWeightKg: number | null;
  birthHeightCm: number | null;
  numberOfSpecies: number | null;
}

export interface KeeperRow {
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
  parkKind: ParkKind;
  prefectureId: number;
  parkImageUrl: string;
  id: number;
  nicknameJa: string;
  nicknameEn: string | null;
}

export interface ParkLivingThingRow {
  id: number;
  nicknameJa: string;
  nicknameEn: string | null;
  isGroup: boolean;
  gender: Gender;
  birthday: string | null;
  imageUrl: string;
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
  livingThingId: number;
  livingThingNameJa: string;
  livingThingNameEn: string | null;
}

export interface ParkLivingThingDetailRow extends ParkLivingThingRow {
  descriptionJa: string | null;
  descriptionEn: string | null;
  approxNumberBred: number | null;
  parkKind: ParkKind;
  parkImageUrl: string;
  livingThingClassificationJa: string;
  livingThingClassificationEn: string | null;
  livingThingHabitatJa: string;
  livingThingHabitatEn: string | null;
  livingThingDietJa: string;
  livingThingDietEn: string | null;
  livingThingImageUrl: string;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
const orNull = (v: number | string | null) => (v === null || v === undefined ? null : Number(v));

export function presentLivingThingSummary(row: LivingThingRow, locale: Locale): LivingThingSummary {
  return {
    id: row.id,
    code: row.code,
    name: localize(row, 'name', locale),
    nameKana: row.nameKana,
    scientificName: row.scientificName,
    classification: localize(row, 'classification', locale),
    group: row.groupCode
      ? {
          code: row.groupCode,
          name: localize({ nameJa: row.groupNameJa, nameEn: row.groupNameEn }, 'name', locale),
        }
      : null,
    habitat: localize(row, 'habitat', locale),
    imageUrl: row.imageUrl,
    parkCount: num(row.parkCount),
  };
}

/** Keepers grouped by park, in the order given (north to south). */
export function presentKeepers(rows: KeeperRow[], locale: Locale): LivingThingParkDto[] {
  const parks = new Map<number, LivingThingParkDto>();
  for (const r of rows) {
    let park = parks.get(r.parkId);
    if (!park) {
      const prefecture = PREFECTURES.find((p) => p.id === r.prefectureId);
      park = {
        id: r.parkId,
        name: localize({ nameJa: r.parkNameJa, nameEn: r.parkNameEn }, 'name', locale),
        kind: r.parkKind,
        prefecture: prefecture ? (locale === 'en' ? prefecture.nameEn : prefecture.nameJa) : '',
        imageUrl: r.parkImageUrl,
        individuals: [],
      };
      parks.set(r.parkId, park);
    }
    park.individuals.push({ id: r.id, nickname: localize(r, 'nickname', locale) });
  }
  return [...parks.values()];
}

export function presentLivingThingDetail(
  row: LivingThingDetailRow,
  keepers: KeeperRow[],
  followerCount: number,
  locale: Locale,
): LivingThingDetail {
  const parks = presentKeepers(keepers, locale);
  return {
    ...presentLivingThingSummary(row, locale),
    parkCount: parks.length,
    diet: localize(row, 'diet', locale),
    description: localize(row, 'description', locale),
    weightKg: orNull(row.weightKg),
    heightCm: orNull(row.heightCm),
    birthWeightKg: orNull(row.birthWeightKg),
    birthHeightCm: orNull(row.birthHeightCm),
    numberOfSpecies: row.numberOfSpecies,
    parks,
    followerCount,
  };
}

export function presentParkLivingThingSummary(row: ParkLivingThingRow, locale: Locale): ParkLivingThingSummary {
  return {
    id: row.id,
    nickname: localize(row, 'nickname', locale),
    isGroup: row.isGroup,
    gender: row.gender,
    birthday: row.birthday,
    imageUrl: row.imageUrl,
    park: { id: row.parkId, name: localize(row, 'parkName', locale) },
    livingThing: { id: row.livingThingId, name: localize(row, 'livingThingName', locale) },
  };
}

export function presentParkLivingThingDetail(
  row: ParkLivingThingDetailRow,
  storyCount: number,
  locale: Locale,
): ParkLivingThingDetail {
  const summary = presentParkLivingThingSummary(row, locale);
  return {
    ...summary,
    description: localizeOrNull(row, 'description', locale),
    approxNumberBred: row.approxNumberBred,
    livingThing: {
      ...summary.livingThing,
      classification: localize(row, 'livingThingClassification', locale),
      habitat: localize(row, 'livingThingHabitat', locale),
      diet: localize(row, 'livingThingDiet', locale),
      imageUrl: row.livingThingImageUrl,
    },
    park: { ...summary.park, kind: row.parkKind, imageUrl: row.parkImageUrl },
    storyCount,
  };
}
