import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { notFound } from '../../../lib/errors';
import { visibleStories } from '../../stories';
import type { ParkLivingThingDetailRow } from '../presentLivingThing';
import { parkLivingThingColumns, publicParkLivingThings } from './listParkLivingThings';

type Db = Knex | Knex.Transaction;

/** One park's animal (of a public park) with its species facts and how many stories it has. */
export async function getParkLivingThing(knex: Db, id: number) {
  const row = (await publicParkLivingThings(knex)
    .where('park_living_things.id', id)
    .first([
      ...parkLivingThingColumns,
      'park_living_things.description_ja',
      'park_living_things.description_en',
      'park_living_things.approx_number_bred',
      'parks.kind as park_kind',
      'parks.image_url as park_image_url',
      'living_things.classification_ja as living_thing_classification_ja',
      'living_things.classification_en as living_thing_classification_en',
      'living_things.habitat_ja as living_thing_habitat_ja',
      'living_things.habitat_en as living_thing_habitat_en',
      'living_things.diet_ja as living_thing_diet_ja',
      'living_things.diet_en as living_thing_diet_en',
      'living_things.image_url as living_thing_image_url',
    ])) as ParkLivingThingDetailRow | undefined;
  if (!row) throw notFound();
  const stories = (await visibleStories(knex)
    .where('stories.park_living_thing_id', id)
    .count({ total: '*' })
    .first()) as { total: unknown } | undefined;
  return { row, storyCount: toCount(stories?.total) };
}
