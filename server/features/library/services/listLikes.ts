import type { Knex } from 'knex';
import type { LikedStory } from '../../../../common/dto/library';
import type { Locale } from '../../../../common/enums';
import { toCount } from '../../../db/knex';
import { presentStorySummary, type StoryRow, storyColumns, visibleStories } from '../../stories';

/** The public stories the user likes, most recently liked first. */
export async function listLikes(
  knex: Knex | Knex.Transaction,
  userId: number,
  query: { page: number; perPage: number },
  locale: Locale,
): Promise<{ stories: LikedStory[]; total: number }> {
  const q = visibleStories(knex).join('likes', 'likes.story_id', 'stories.id').where('likes.user_id', userId);
  const [rows, totalRow] = await Promise.all([
    q
      .clone()
      .select([...storyColumns(knex), 'likes.created_at as liked_at'])
      .orderBy([
        { column: 'likes.created_at', order: 'desc' },
        { column: 'stories.id', order: 'desc' },
      ])
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage) as unknown as Promise<(StoryRow & { likedAt: Date | string })[]>,
    q.clone().count({ total: '*' }).first() as unknown as Promise<{ total: unknown } | undefined>,
  ]);
  return {
    stories: rows.map((r) => ({
      ...presentStorySummary(r, locale),
      likedAt: new Date(r.likedAt).toISOString(),
    })),
    total: toCount(totalRow?.total),
  };
}
