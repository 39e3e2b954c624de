import type { ParkUserDetail, ParkUserRef } from '../../../common/dto/story';
import type { Locale } from '../../../common/enums';
import { localize } from '../../lib/localize';

export interface ParkUserRow {
  id: number;
  nameJa: string;
  nameEn: string | null;
  roleJa: string;
  roleEn: string | null;
  iconUrl: string;
}

export interface ParkUserDetailRow extends ParkUserRow {
  bioJa: string;
  bioEn: string | null;
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
  parkImageUrl: string;
}

export function presentParkUserRef(row: ParkUserRow, locale: Locale): ParkUserRef {
  return {
    id: row.id,
    name: localize(row, 'name', locale),
    role: localize(row, 'role', locale),
    iconUrl: row.iconUrl,
  };
}

export function presentParkUserDetail(
  row: ParkUserDetailRow,
  counts: { storyCount: number; followerCount: number },
  locale: Locale,
): ParkUserDetail {
  return {
    ...presentParkUserRef(row, locale),
    bio: localize(row, 'bio', locale),
    park: { id: row.parkId, name: localize(row, 'parkName', locale), imageUrl: row.parkImageUrl },
    ...counts,
  };
}
