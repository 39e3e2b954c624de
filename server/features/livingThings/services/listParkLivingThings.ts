import type { Knex } from 'knex';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
import type { ParkLivingThingRow } from '../presentLivingThing';

type Db = Knex | Knex.Transaction;

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
  // An animal is found by its own nickname and description and by its species' names: whereSearch over both
  // generated search_text columns (the animal's own first, so its nickname ranks before the species' text).
  const doc = "(park_living_things.search_text || ' ' || living_things.search_text)";
  const terms = whereSearch(q, doc, query.keyword, { ngramIndex: false });
  return fetchSearchPage<ParkLivingThingRow>({
    knex,
    filtered: q,
    idColumn: 'park_living_things.id',
    searchColumn: doc,
    terms,
    orderByDefault: (b) =>
      b.orderBy([{ column: 'parks.prefecture_id' }, { column: 'parks.id' }, { column: 'park_living_things.id' }]),
    rowsOf: (ids) => publicParkLivingThings(knex).whereIn('park_living_things.id', ids).select(parkLivingThingColumns),
    page: query.page,
    perPage: query.perPage,
  });
}
