import type { Knex } from 'knex';
import type { Habitat, LivingThingGroup } from '../../../../common/dto/livingThing';
import type { Locale } from '../../../../common/enums';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
import { habitatTerms } from '../habitats';
import type { LivingThingRow } from '../presentLivingThing';

type Db = Knex | Knex.Transaction;

export interface ListLivingThingsQuery {
  keyword?: string;
  group?: LivingThingGroup;
  habitat?: Habitat;
  parkId?: number;
  page: number;
  perPage: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Public parks keeping a species (a correlated count, for summaries). */
export const parkCountSql = (knex: Db) =>
  knex.raw(
    `(SELECT count(DISTINCT plt.park_id) FROM park_living_things plt JOIN parks p ON p.id = plt.park_id
      WHERE plt.living_thing_id = living_things.id AND p.is_private = false) AS park_count`,
  );

export const livingThingColumns = (knex: Db) => [
  'living_things.id',
  'living_things.code',
  'living_things.name_ja',
  'living_things.name_en',
  'living_things.name_kana',
  'living_things.scientific_name',
  'living_things.classification_ja',
  'living_things.classification_en',
  'living_things.habitat_ja',
  'living_things.habitat_en',
  'living_things.image_url',
  'tags.code as group_code',
  'tags.name_ja as group_name_ja',
  'tags.name_en as group_name_en',
  parkCountSql(knex),
];

/** Species by keyword, classification group, habitat group and park, best matches first, then by name. */
export async function listLivingThings(knex: Db, query: ListLivingThingsQuery, locale: Locale) {
  const q = knex('living_things').leftJoin('tags', 'tags.id', 'living_things.tag_id');
  if (query.group) q.where('tags.code', query.group);
  if (query.habitat) {
    const terms = habitatTerms(query.habitat);
    q.where((b) => {
      for (const term of terms) {
        b.orWhereRaw(
          "zoo_search_normalize(living_things.habitat_ja || ' ' || coalesce(living_things.habitat_en, '')) LIKE ?",
          [`%${escapeLike(term)}%`],
        );
      }
    });
  }
  if (query.parkId) {
    q.whereExists(
      knex('park_living_things')
        .select(knex.raw('1'))
        .whereRaw('park_living_things.living_thing_id = living_things.id')
        .where('park_living_things.park_id', query.parkId),
    );
  }
  const terms = whereSearch(q, 'living_things.search_text', query.keyword);

  const byName =
    locale === 'en'
      ? 'coalesce(living_things.name_en, living_things.name_ja), living_things.id'
      : 'coalesce(living_things.name_kana, living_things.name_ja), living_things.id';
  return fetchSearchPage<LivingThingRow>({
    knex,
    filtered: q,
    idColumn: 'living_things.id',
    searchColumn: 'living_things.search_text',
    terms,
    orderByDefault: (b) => b.orderByRaw(byName),
    rowsOf: (ids) =>
      knex('living_things')
        .leftJoin('tags', 'tags.id', 'living_things.tag_id')
        .whereIn('living_things.id', ids)
        .select(livingThingColumns(knex)),
    page: query.page,
    perPage: query.perPage,
  });
}
