import type { Knex } from 'knex';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
import type { ParkUserRow } from '../presentParkUser';

export interface ListParkUsersQuery {
  parkId?: number;
  keyword?: string;
  page: number;
  perPage: number;
}

/** The staff who post stories, of public parks, by park and keyword. */
export async function listParkUsers(knex: Knex | Knex.Transaction, query: ListParkUsersQuery) {
  const q = knex('park_users').join('parks', 'parks.id', 'park_users.park_id').where('parks.is_private', false);
  if (query.parkId) q.where('park_users.park_id', query.parkId);
  const terms = whereSearch(q, 'park_users.search_text', query.keyword);
  return fetchSearchPage<ParkUserRow>({
    knex,
    filtered: q,
    idColumn: 'park_users.id',
    searchColumn: 'park_users.search_text',
    terms,
    orderByDefault: (b) =>
      b.orderBy([{ column: 'parks.prefecture_id' }, { column: 'park_users.park_id' }, { column: 'park_users.id' }]),
    rowsOf: (ids) =>
      knex('park_users')
        .join('parks', 'parks.id', 'park_users.park_id')
        .whereIn('park_users.id', ids)
        .select(
          'park_users.id',
          'park_users.name_ja',
          'park_users.name_en',
          'park_users.role_ja',
          'park_users.role_en',
          'park_users.icon_url',
        ),
    page: query.page,
    perPage: query.perPage,
  });
}
