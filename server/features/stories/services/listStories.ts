import type { Knex } from 'knex';
import { StoryKind, type StoryList } from '../../../../common/enums';
import { toCount } from '../../../db/knex';
import { rankSql, whereSearch } from '../../../lib/search';
import type { StoryRow } from '../presentStory';
import { storyColumns, visibleStories } from './storyQuery';

export interface ListStoriesQuery {
  list?: StoryList;
  parkId?: number;
  parkUserId?: number;
  parkLivingThingId?: number;
  livingThingId?: number;
  keyword?: string;
  /** Shuffle seed of the `randoms` list (see randomSeed.ts). */
  seed: string;
  page: number;
  perPage: number;
}

/**
 * Public stories filtered by park, author, animal, species and keyword.
 * Lists: populars (most liked, then most viewed), short-movies (newest short movies), randoms (shuffled by
 * seed); without a list the newest come first, best keyword matches before them when searching.
 */
export async function listStories(knex: Knex | Knex.Transaction, query: ListStoriesQuery) {
  const q = visibleStories(knex);
  if (query.parkId) q.where('stories.park_id', query.parkId);
  if (query.parkUserId) q.where('stories.park_user_id', query.parkUserId);
  if (query.parkLivingThingId) q.where('stories.park_living_thing_id', query.parkLivingThingId);
  if (query.livingThingId) q.where('park_living_things.living_thing_id', query.livingThingId);
  if (query.list === 'short-movies') q.where('stories.kind', StoryKind.ShortMovie);
  const terms = whereSearch(q, 'stories.search_text', query.keyword);

  const rows = q.clone().select(storyColumns(knex));
  switch (query.list) {
    case 'populars':
      rows.orderBy([
        { column: 'stories.like_count', order: 'desc' },
        { column: 'stories.view_count', order: 'desc' },
      ]);
      break;
    case 'randoms':
      rows.orderByRaw('md5(stories.id::text || ?)', [query.seed]);
      break;
    default:
      if (terms.length) {
        const rank = rankSql('stories.search_text', terms);
        rows.orderByRaw(`${rank.sql} DESC`, rank.bindings);
      }
  }
  rows
    .orderBy([
      { column: 'stories.published_at', order: 'desc' },
      { column: 'stories.id', order: 'desc' },
    ])
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);

  const [list, totalRow] = await Promise.all([
    rows as unknown as Promise<StoryRow[]>,
    q.clone().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return { rows: list, total: toCount(totalRow?.total) };
}
