import type { Knex } from 'knex';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
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
export async function listParks(query: ListParksQuery, db?: Knex) {
  const q = Park.query(db)
    .join('prefectures', 'prefectures.id', 'parks.prefecture_id')
    .where('parks.is_private', false);
  if (query.prefectureIds?.length) q.whereIn('parks.prefecture_id', query.prefectureIds);
  if (query.regionId) q.where('prefectures.region_id', query.regionId);
  if (query.kind) q.where('parks.kind', query.kind);
  const terms = whereSearch(q, 'parks.search_text', query.keyword);
  return fetchSearchPage<Park>({
    knex: db ?? Park.knex(),
    filtered: q,
    idColumn: 'parks.id',
    searchColumn: 'parks.search_text',
    terms,
    orderByDefault: (b) => b.orderBy([{ column: 'parks.prefecture_id' }, { column: 'parks.id' }]),
    rowsOf: (ids) =>
      // objection's typings take only its own builders; a knex subquery works the same at run time
      Park.query(db)
        .whereIn('parks.id', ids as never)
        .select('parks.*')
        .withGraphFetched('[closedWeekdays, specialDays]'),
    page: query.page,
    perPage: query.perPage,
  });
}
