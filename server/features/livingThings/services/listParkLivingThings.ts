import type { Knex } from 'knex';
import { searchTerms } from '../../../../common/search/normalize';
import { toCount } from '../../../db/knex';
import { rankSql } from '../../../lib/search';
import type { ParkLivingThingRow } from '../presentLivingThing';

type Db = Knex | Knex.Transaction;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListParkLivingThingsQuery {
  parkId?: number;
  livingThingId?: number;
  keyword?: string;
  page: number;
  perPage: number;
}

export const parkLivingThingColumns = [
  'park_living_things.id',
  'park_living_things.nickname_ja',
  'park_living_things.nickname_en',
  'park_living_things.is_group',
  'park_living_things.gender',
  'park_living_things.birthday',
  'park_living_things.image_url',
  'park_living_things.park_id',
  'parks.name_ja as park_name_ja',
  'parks.name_en as park_name_en',
  'park_living_things.living_thing_id',
  'living_things.name_ja as living_thing_name_ja',
  'living_things.name_en as living_thing_name_en',
];

/** Animals of public parks (the park's own nicknames), by park, species and keyword. */
export function publicParkLivingThings(knex: Db) {
  return knex('park_living_things')
    .join('parks', 'parks.id', 'park_living_things.park_id')
    .join('living_things', 'living_things.id', 'park_living_things.living_thing_id')
    .where('parks.is_private', false);
}

export async function listParkLivingThings(knex: Db, query: ListParkLivingThingsQuery) {
  const q = publicParkLivingThings(knex);
  if (query.parkId) q.where('park_living_things.park_id', query.parkId);
  if (query.livingThingId) q.where('park_living_things.living_thing_id', query.livingThingId);
  // An animal is found by its own nickname and description and by its species' names: the same normalised
  // terms as whereSearch, over both generated search_text columns.
  const terms = searchTerms(query.keyword);
  const doc = knex.raw("(park_living_things.search_text || ' ' || living_things.search_text)");
  for (const term of terms) q.where(doc, 'like', `%${escapeLike(term)}%`);
  const rows = q.clone().select(parkLivingThingColumns);
  if (terms.length) {
    const rank = rankSql('park_living_things.search_text', terms);
    rows.orderByRaw(`${rank.sql} DESC`, rank.bindings);
  }
  rows
    .orderBy([{ column: 'parks.prefecture_id' }, { column: 'parks.id' }, { column: 'park_living_things.id' }])
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [list, totalRow] = await Promise.all([
    rows as unknown as Promise<ParkLivingThingRow[]>,
    q.clone().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return { rows: list, total: toCount(totalRow?.total) };
}
