import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import type { StoryDetailRow, StoryImageRow } from '../presentStory';
import { publishedStories, storyColumns, visibleStories } from './storyQuery';

type Db = Knex | Knex.Transaction;

async function withImages(knex: Db, story: StoryDetailRow | undefined) {
  if (!story) throw notFound();
  const images = (await knex('story_images')
    .where({ story_id: story.id })
    .orderBy(['sort', 'id'])
    .select('url', 'caption_ja', 'caption_en')) as StoryImageRow[];
  return { story, images };
}

const detailColumns = (knex: Db) => [...storyColumns(knex), 'stories.body_ja', 'stories.body_en', 'stories.is_private'];

/** A public story by id: private stories (and stories of private parks) are not found here. */
export async function getStory(knex: Db, id: number) {
  const story = (await visibleStories(knex).where('stories.id', id).first(detailColumns(knex))) as
    | StoryDetailRow
    | undefined;
  return withImages(knex, story);
}

/** A story by its link id: how private stories are shared (public ones open the same way). */
export async function getStoryByLink(knex: Db, linkId: string) {
  const story = (await publishedStories(knex).where('stories.link_id', linkId).first(detailColumns(knex))) as
    | StoryDetailRow
    | undefined;
  return withImages(knex, story);
}
