import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { rankSql, whereSearch } from '../../../lib/search';
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
  const rows = q
    .clone()
    .select(
      'park_users.id',
      'park_users.name_ja',
      'park_users.name_en',
      'park_users.role_ja',
      'park_users.role_en',
      'park_users.icon_url',
    );
  if (terms.length) {
    const rank = rankSql('park_users.search_text', terms);
    rows.orderByRaw(`${rank.sql} DESC`, rank.bindings);
  }
  rows
    .orderBy([{ column: 'parks.prefecture_id' }, { column: 'park_users.park_id' }, { column: 'park_users.id' }])
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [list, totalRow] = await Promise.all([
    rows as unknown as Promise<ParkUserRow[]>,
    q.clone().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return { rows: list, total: toCount(totalRow?.total) };
}
