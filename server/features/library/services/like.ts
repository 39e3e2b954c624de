import type { Knex } from 'knex';
import type { LikeStatus } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';
import { visibleStories } from '../../stories';

/**
 * Likes a story. One statement inserts the like (if the story is public and published and not liked yet) and
 * raises stories.like_count only when a row was inserted, so a second like, or two at once, changes nothing.
 */
export async function like(
  knex: Knex | Knex.Transaction,
  userId: number,
  storyId: number,
): Promise<LikeStatus & { created: boolean }> {
  const result = (await knex.raw(
    `WITH target AS (
       SELECT s.id FROM stories s JOIN parks p ON p.id = s.park_id
       WHERE s.id = ? AND s.is_private = false AND p.is_private = false AND s.status = 'published' AND s.published_at <= now()
     ), inserted AS (
       INSERT INTO likes (user_id, story_id) SELECT ?, id FROM target
       ON CONFLICT (user_id, story_id) DO NOTHING
       RETURNING story_id
     )
     UPDATE stories SET like_count = like_count + 1
     WHERE id IN (SELECT story_id FROM inserted)
     RETURNING like_count AS count`,
    [storyId, userId],
  )) as { rows: { count: number }[] };
  const updated = result.rows[0];
  if (updated) return { storyId, liked: true, likeCount: Number(updated.count), created: true };
  // Nothing inserted: already liked, or no such public story.
  const story = (await visibleStories(knex).where('stories.id', storyId).first('stories.like_count')) as
    | { likeCount: number }
    | undefined;
  if (!story) throw notFound();
  return { storyId, liked: true, likeCount: story.likeCount, created: false };
}
