import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { isParkStaff } from '../../../lib/staffAccess';
import { loadMedia, loadStoryLivingThings } from '../media/presentMedia';
import { storyStatus } from '../presentStaffStory';
import type { StoryDetailRow, StoryImageRow } from '../presentStory';
import { publishedStories, storiesWithRefs, storyColumns, visibleStories } from './storyQuery';

type Db = Knex | Knex.Transaction;

async function withImages(knex: Db, story: StoryDetailRow | undefined) {
  if (!story) throw notFound();
  const images = (await knex('story_images')
    .where({ story_id: story.id })
    .orderBy(['sort', 'id'])
    .select('url', 'caption_ja', 'caption_en')) as StoryImageRow[];
  const [media, animals] = await Promise.all([loadMedia(knex, [story.id]), loadStoryLivingThings(knex, [story.id])]);
  return { story, images, extras: { media: media.get(story.id) ?? [], livingThings: animals.get(story.id) ?? [] } };
}

const detailColumns = (knex: Db) => [...storyColumns(knex), 'stories.body_ja', 'stories.body_en', 'stories.is_private'];

/** A public story by id: private stories (and stories of private parks) are not found here. */
export async function getStory(knex: Db, id: number) {
  const story = (await visibleStories(knex).where('stories.id', id).first(detailColumns(knex))) as
    | StoryDetailRow
    | undefined;
  return withImages(knex, story);
}

/**
 * A story by its link id: how private stories are shared (public ones open the same way). A story not published
 * (draft, scheduled, unpublished) opens only for editors and owners of its park, as a preview with its status;
 * for anyone else it does not exist.
 */
export async function getStoryByLink(knex: Db, linkId: string, viewerUserId: number | null = null, now = new Date()) {
  const story = (await publishedStories(knex).where('stories.link_id', linkId).first(detailColumns(knex))) as
    | StoryDetailRow
    | undefined;
  if (story || viewerUserId === null) return { ...(await withImages(knex, story)), previewStatus: undefined };
  const draft = (await storiesWithRefs(knex)
    .where('stories.link_id', linkId)
    .first([...detailColumns(knex), 'stories.status', 'stories.created_at'])) as
    | (StoryDetailRow & { status: 'draft' | 'published' | 'unpublished'; createdAt: Date })
    | undefined;
  if (!draft || !(await isParkStaff(knex, viewerUserId, draft.parkId, 'editor'))) throw notFound();
  const previewStatus = storyStatus(draft, now);
  // A draft has no publication time yet: the preview shows it as if published now.
  const row = { ...draft, publishedAt: draft.publishedAt ?? now };
  return { ...(await withImages(knex, row)), previewStatus };
}
