import type { Knex } from 'knex';
import type { FavoriteCounts, FavoriteEntry, FavoriteTarget } from '../../../../common/dto/library';
import type { Locale } from '../../../../common/enums';
import { toCount } from '../../../db/knex';
import { localize } from '../../../lib/localize';
import { joinFavoriteTargets } from './targets';

interface FavoriteRow {
  targetType: FavoriteTarget;
  targetId: number;
  createdAt: Date | string;
  itemNameJa: string | null;
  itemNameEn: string | null;
  itemImageUrl: string | null;
  packNameJa: string | null;
  packNameEn: string | null;
  packImageUrl: string | null;
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
}

function presentFavorite(r: FavoriteRow, locale: Locale): FavoriteEntry {
  const item = r.targetType === 'item';
  return {
    targetType: r.targetType,
    targetId: r.targetId,
    name: item ? localize(r, 'itemName', locale) : localize(r, 'packName', locale),
    imageUrl: (item ? r.itemImageUrl : r.packImageUrl) ?? '',
    park: { id: r.parkId, name: localize(r, 'parkName', locale) },
    favoritedAt: new Date(r.createdAt).toISOString(),
  };
}

/** The user's favourites (items and ticket packs still listed), newest first, with the counts of each kind. */
export async function listFavorites(
  knex: Knex | Knex.Transaction,
  userId: number,
  query: { targetType?: FavoriteTarget; page: number; perPage: number },
  locale: Locale,
) {
  const base = joinFavoriteTargets(knex('favorites as f').where('f.user_id', userId));
  const filtered = base.clone();
  if (query.targetType) filtered.where('f.target_type', query.targetType);
  const [rows, countRows] = await Promise.all([
    filtered
      .clone()
      .select(
        'f.target_type',
        'f.target_id',
        'f.created_at',
        'i.name_ja as item_name_ja',
        'i.name_en as item_name_en',
        'i.image_url as item_image_url',
        'tp.name_ja as pack_name_ja',
        'tp.name_en as pack_name_en',
        'tp.image_url as pack_image_url',
        'fp.id as park_id',
        'fp.name_ja as park_name_ja',
        'fp.name_en as park_name_en',
      )
      .orderBy([
        { column: 'f.created_at', order: 'desc' },
        { column: 'f.id', order: 'desc' },
      ])
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage) as unknown as Promise<FavoriteRow[]>,
    base.clone().select('f.target_type').count({ n: '*' }).groupBy('f.target_type') as unknown as Promise<
      { targetType: FavoriteTarget; n: unknown }[]
    >,
  ]);
  const by = new Map(countRows.map((c) => [c.targetType, toCount(c.n)]));
  const counts: FavoriteCounts = { item: by.get('item') ?? 0, ticketPack: by.get('ticket_pack') ?? 0, total: 0 };
  counts.total = counts.item + counts.ticketPack;
  const total = query.targetType ? (by.get(query.targetType) ?? 0) : counts.total;
  return { entries: rows.map((r) => presentFavorite(r, locale)), counts, total };
}
