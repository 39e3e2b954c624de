import type { Knex } from 'knex';
import { toCount } from '../../../db/knex';
import { notFound } from '../../../lib/errors';
import { visibleStories } from '../../stories';
import type { ParkUserDetailRow } from '../presentParkUser';

type Db = Knex | Knex.Transaction;
type CountRow = { total: unknown } | undefined;

/** One posting staff member of a public park, with how many stories they posted and how many follow them. */
export async function getParkUser(knex: Db, id: number) {
  const row = (await knex('park_users')
    .join('parks', 'parks.id', 'park_users.park_id')
    .where('park_users.id', id)
    .where('parks.is_private', false)
    .first(
      'park_users.id',
      'park_users.name_ja',
      'park_users.name_en',
      'park_users.role_ja',
      'park_users.role_en',
      'park_users.bio_ja',
      'park_users.bio_en',
      'park_users.icon_url',
      'park_users.park_id',
      'parks.name_ja as park_name_ja',
      'parks.name_en as park_name_en',
      'parks.image_url as park_image_url',
    )) as ParkUserDetailRow | undefined;
  if (!row) throw notFound();
  const [stories, followers] = await Promise.all([
    visibleStories(knex).where('stories.park_user_id', id).count({ total: '*' }).first() as Promise<CountRow>,
    knex('follows')
      .where({ target_type: 'park_user', target_id: id })
      .count({ total: '*' })
      .first() as Promise<CountRow>,
  ]);
  return { row, storyCount: toCount(stories?.total), followerCount: toCount(followers?.total) };
}
