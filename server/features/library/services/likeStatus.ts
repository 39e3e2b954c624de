import type { Knex } from 'knex';
import type { LikeStatus } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';
import { visibleStories } from '../../stories';

/** Whether the user likes a public story, with its current like count. */
export async function likeStatus(knex: Knex | Knex.Transaction, userId: number, storyId: number): Promise<LikeStatus> {
  const story = (await visibleStories(knex).where('stories.id', storyId).first('stories.like_count')) as
    | { likeCount: number }
    | undefined;
  if (!story) throw notFound();
  const row = await knex('likes').where({ user_id: userId, story_id: storyId }).first('story_id');
  return { storyId, liked: !!row, likeCount: story.likeCount };
}
