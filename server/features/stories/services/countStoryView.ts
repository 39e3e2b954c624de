import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { hitRateLimits } from '../../../lib/rateLimit';
import { publishedStories } from './storyQuery';

/** A visitor counts once per story in this window, however often the page is reloaded. */
const ONE_VIEW_PER_SECONDS = 600;

/**
 * Counts a view of a published story (public, or opened by its private link). Reading a story is a cached
 * GET, so views are reported by the page with this separate, uncached call.
 */
export async function countStoryView(knex: Knex, storyId: number, viewerKey: string): Promise<void> {
  const story = await publishedStories(knex).where('stories.id', storyId).first('stories.id');
  if (!story) throw notFound();
  try {
    await hitRateLimits(knex, [
      { key: `story-view:${storyId}:${viewerKey}`, max: 1, windowSeconds: ONE_VIEW_PER_SECONDS },
    ]);
  } catch (error) {
    if (error instanceof DomainError && error.key === 'rateLimited') return;
    throw error;
  }
  await knex('stories').where({ id: storyId }).increment('view_count', 1);
}
