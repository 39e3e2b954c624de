import type { Knex } from 'knex';
import type { FollowCounts, FollowEntry, FollowTarget } from '../../../../common/dto/library';
import type { Locale } from '../../../../common/enums';
import { PREFECTURES } from '../../../../common/reference';
import { toCount } from '../../../db/knex';
import { localize } from '../../../lib/localize';
import { joinFollowTargets } from './targets';

type Db = Knex | Knex.Transaction;

interface FollowRow {
  targetType: FollowTarget;
  targetId: number;
  createdAt: Date | string;
  parkNameJa: string | null;
  parkNameEn: string | null;
  parkPrefectureId: number | null;
  parkImageUrl: string | null;
  parkUserNameJa: string | null;
  parkUserNameEn: string | null;
  parkUserRoleJa: string | null;
  parkUserRoleEn: string | null;
  parkUserIconUrl: string | null;
  parkUserParkNameJa: string | null;
  parkUserParkNameEn: string | null;
  livingThingNameJa: string | null;
  livingThingNameEn: string | null;
  livingThingClassificationJa: string | null;
  livingThingClassificationEn: string | null;
  livingThingImageUrl: string | null;
}

export function presentFollow(r: FollowRow, locale: Locale): FollowEntry {
  const base = { targetType: r.targetType, targetId: r.targetId, followedAt: new Date(r.createdAt).toISOString() };
  switch (r.targetType) {
    case 'park': {
      const pref = PREFECTURES.find((p) => p.id === r.parkPrefectureId);
      return {
        ...base,
        name: localize(r, 'parkName', locale),
        subtitle: pref ? (locale === 'en' ? pref.nameEn : pref.nameJa) : '',
        imageUrl: r.parkImageUrl ?? '',
      };
    }
    case 'park_user':
      return {
        ...base,
        name: localize(r, 'parkUserName', locale),
        subtitle: [localize(r, 'parkUserRole', locale), localize(r, 'parkUserParkName', locale)]
          .filter(Boolean)
          .join(locale === 'en' ? ', ' : '・'),
        imageUrl: r.parkUserIconUrl ?? '',
      };
    default:
      return {
        ...base,
        name: localize(r, 'livingThingName', locale),
        subtitle: localize(r, 'livingThingClassification', locale),
        imageUrl: r.livingThingImageUrl ?? '',
      };
  }
}

/** The user's follows, newest first, optionally of one kind, with the counts of every kind. */
export async function listFollows(
  knex: Db,
  userId: number,
  query: { targetType?: FollowTarget; page: number; perPage: number },
  locale: Locale,
) {
  const base = joinFollowTargets(knex('follows as f').where('f.user_id', userId));
  const filtered = base.clone();
  if (query.targetType) filtered.where('f.target_type', query.targetType);
  const [rows, countRows] = await Promise.all([
    filtered
      .clone()
      .select(
        'f.target_type',
        'f.target_id',
        'f.created_at',
        'p.name_ja as park_name_ja',
        'p.name_en as park_name_en',
        'p.prefecture_id as park_prefecture_id',
        'p.image_url as park_image_url',
        'pu.name_ja as park_user_name_ja',
        'pu.name_en as park_user_name_en',
        'pu.role_ja as park_user_role_ja',
        'pu.role_en as park_user_role_en',
        'pu.icon_url as park_user_icon_url',
        'pup.name_ja as park_user_park_name_ja',
        'pup.name_en as park_user_park_name_en',
        'lt.name_ja as living_thing_name_ja',
        'lt.name_en as living_thing_name_en',
        'lt.classification_ja as living_thing_classification_ja',
        'lt.classification_en as living_thing_classification_en',
        'lt.image_url as living_thing_image_url',
      )
      .orderBy([
        { column: 'f.created_at', order: 'desc' },
        { column: 'f.id', order: 'desc' },
      ])
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage) as unknown as Promise<FollowRow[]>,
    base.clone().select('f.target_type').count({ n: '*' }).groupBy('f.target_type') as unknown as Promise<
      { targetType: FollowTarget; n: unknown }[]
    >,
  ]);
  const by = new Map(countRows.map((c) => [c.targetType, toCount(c.n)]));
  const counts: FollowCounts = {
    park: by.get('park') ?? 0,
    parkUser: by.get('park_user') ?? 0,
    livingThing: by.get('living_thing') ?? 0,
    total: 0,
  };
  counts.total = counts.park + counts.parkUser + counts.livingThing;
  const total = query.targetType ? (by.get(query.targetType) ?? 0) : counts.total;
  return { entries: rows.map((r) => presentFollow(r, locale)), counts, total };
}
