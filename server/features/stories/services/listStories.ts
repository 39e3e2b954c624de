import type { Knex } from 'knex';
import { StoryKind, type StoryList } from '../../../../common/enums';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
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

  // A named list keeps its own order (a keyword only filters it); otherwise the best matches come first.
  return fetchSearchPage<StoryRow>({
    knex,
    filtered: q,
    idColumn: 'stories.id',
    searchColumn: 'stories.search_text',
    terms: query.list ? [] : terms,
    orderByDefault: (b) => {
      if (query.list === 'populars') {
        b.orderBy([
          { column: 'stories.like_count', order: 'desc' },
          { column: 'stories.view_count', order: 'desc' },
        ]);
      }
      if (query.list === 'randoms') b.orderByRaw('md5(stories.id::text || ?)', [query.seed]);
      b.orderBy([
        { column: 'stories.published_at', order: 'desc' },
        { column: 'stories.id', order: 'desc' },
      ]);
    },
    rowsOf: (ids) => visibleStories(knex).whereIn('stories.id', ids).select(storyColumns(knex)),
    page: query.page,
    perPage: query.perPage,
  });
}
