import type { Knex } from 'knex';
import { EXCERPT_SOURCE_CHARS } from '../presentStory';

type Db = Knex | Knex.Transaction;

/** Columns of a story summary (see `StoryRow`). */
export function storyColumns(knex: Db) {
  return [
    'stories.id',
    'stories.kind',
    'stories.title_ja',
    'stories.title_en',
    knex.raw('left(stories.body_ja, ?) as excerpt_ja', [EXCERPT_SOURCE_CHARS]),
    knex.raw('left(stories.body_en, ?) as excerpt_en', [EXCERPT_SOURCE_CHARS]),
    'stories.image_url',
    'stories.video_url',
    'stories.duration_seconds',
    'stories.like_count',
    'stories.view_count',
    'stories.published_at',
    'stories.park_id',
    'parks.name_ja as park_name_ja',
    'parks.name_en as park_name_en',
    'stories.park_user_id',
    'park_users.name_ja as park_user_name_ja',
    'park_users.name_en as park_user_name_en',
    'park_users.role_ja as park_user_role_ja',
    'park_users.role_en as park_user_role_en',
    'park_users.icon_url as park_user_icon_url',
    'stories.park_living_thing_id',
    'park_living_things.nickname_ja as park_living_thing_nickname_ja',
    'park_living_things.nickname_en as park_living_thing_nickname_en',
    'living_things.id as living_thing_id',
    'living_things.name_ja as living_thing_name_ja',
    'living_things.name_en as living_thing_name_en',
  ];
}

/** Stories in any status with their park, author and animal joined: for staff previews only. */
export function storiesWithRefs(knex: Db) {
  return knex('stories')
    .join('parks', 'parks.id', 'stories.park_id')
    .join('park_users', 'park_users.id', 'stories.park_user_id')
    .leftJoin('park_living_things', 'park_living_things.id', 'stories.park_living_thing_id')
    .leftJoin('living_things', 'living_things.id', 'park_living_things.living_thing_id');
}

/** Stories with their park, author and animal joined; published ones only (status published, published_at <= now). */
export function publishedStories(knex: Db) {
  return storiesWithRefs(knex).where('stories.status', 'published').where('stories.published_at', '<=', knex.fn.now());
}

/**
 * The stories anyone may see: published, not private, of a public park. Private stories are reachable only
 * through their link id (`/api/v1/private/stories/{linkId}`), never in lists or by id.
 */
export function visibleStories(knex: Db) {
  return publishedStories(knex).where('stories.is_private', false).where('parks.is_private', false);
}
