import type { Knex } from 'knex';
import type { LikeStatus } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';

/** Removes the user's like and lowers stories.like_count in the same statement; no like of theirs: not found. */
export async function unlike(knex: Knex | Knex.Transaction, userId: number, storyId: number): Promise<LikeStatus> {
  const result = (await knex.raw(
    `WITH deleted AS (
       DELETE FROM likes WHERE user_id = ? AND story_id = ? RETURNING story_id
     )
     UPDATE stories SET like_count = GREATEST(like_count - 1, 0)
     WHERE id IN (SELECT story_id FROM deleted)
     RETURNING like_count AS count`,
    [userId, storyId],
  )) as { rows: { count: number }[] };
  const updated = result.rows[0];
  if (!updated) throw notFound();
  return { storyId, liked: false, likeCount: Number(updated.count) };
}
