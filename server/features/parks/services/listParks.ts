import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { rankSql, whereSearch } from '../../../lib/search';
import { Park } from '../../../models/Park';

export interface ListParksQuery {
  prefectureIds?: number[];
  regionId?: number;
  keyword?: string;
  kind?: 'zoo' | 'aquarium';
  page: number;
  perPage: number;
}

/** Public parks filtered by prefecture, region, kind and keyword, ordered north to south. */
export async function listParks(query: ListParksQuery, trx?: Knex.Transaction) {
  const q = Park.query(trx)
    .join('prefectures', 'prefectures.id', 'parks.prefecture_id')
    .where('parks.is_private', false);
  if (query.prefectureIds?.length) q.whereIn('parks.prefecture_id', query.prefectureIds);
  if (query.regionId) q.where('prefectures.region_id', query.regionId);
  if (query.kind) q.where('parks.kind', query.kind);
  const terms = whereSearch(q, 'parks.search_text', query.keyword);
  const rank = terms.length ? rankSql('parks.search_text', terms) : null;
  const [rows, totalRow] = await Promise.all([
    q
      .clone()
      .select('parks.*')
      .withGraphFetched('[closedWeekdays, specialDays]')
      .modify((b) => {
        if (rank) b.orderByRaw(`${rank.sql} DESC`, rank.bindings);
      })
      .orderBy([{ column: 'parks.prefecture_id' }, { column: 'parks.id' }])
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    q.clone().clearSelect().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  const total = toCount(totalRow?.total);
  return { rows, total };
}
