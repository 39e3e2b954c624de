import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { notFound } from '../../../lib/errors';
import type { KeeperRow, LivingThingDetailRow } from '../presentLivingThing';
import { livingThingColumns } from './listLivingThings';

type Db = Knex | Knex.Transaction;

/** One species with the public parks that keep it (and their animals of it) and its follower count. */
export async function getLivingThing(knex: Db, id: number) {
  const row = (await knex('living_things')
    .leftJoin('tags', 'tags.id', 'living_things.tag_id')
    .where('living_things.id', id)
    .first([
      ...livingThingColumns(knex),
      'living_things.diet_ja',
      'living_things.diet_en',
      'living_things.description_ja',
      'living_things.description_en',
      'living_things.weight_kg',
      'living_things.height_cm',
      'living_things.birth_weight_kg',
      'living_things.birth_height_cm',
      'living_things.number_of_species',
    ])) as LivingThingDetailRow | undefined;
  if (!row) throw notFound();
  const [keepers, followers] = await Promise.all([
    knex('park_living_things')
      .join('parks', 'parks.id', 'park_living_things.park_id')
      .where('park_living_things.living_thing_id', id)
      .where('parks.is_private', false)
      .orderBy([{ column: 'parks.prefecture_id' }, { column: 'parks.id' }, { column: 'park_living_things.id' }])
      .select(
        'parks.id as park_id',
        'parks.name_ja as park_name_ja',
        'parks.name_en as park_name_en',
        'parks.kind as park_kind',
        'parks.prefecture_id',
        'parks.image_url as park_image_url',
        'park_living_things.id',
        'park_living_things.nickname_ja',
        'park_living_things.nickname_en',
      ) as unknown as Promise<KeeperRow[]>,
    knex('follows')
      .where({ target_type: 'living_thing', target_id: id })
      .count({ total: '*' })
      .first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return { row, keepers, followerCount: toCount(followers?.total) };
}
