// GET api/v1/staff/parks/{parkId}/stories: the park's stories in every status, most recently changed first.
import type { Knex } from 'knex';
import type { StaffStory, StoryStatus } from '../../../../common/dto/staff';
import {
  presentStaffStoryWith,
  STAFF_STORY_COLUMNS,
  type StaffStoryExtras,
  type StaffStoryRow,
  staffStoryExtras,
} from '../presentStaffStory';

export async function listParkStories(
  knex: Knex,
  parkId: number,
  filter: { status?: StoryStatus; limit: number },
  now = new Date(),
): Promise<StaffStory[]> {
  const q = knex('stories')
    .where({ park_id: parkId })
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(filter.limit)
    .select(STAFF_STORY_COLUMNS);
  if (filter.status === 'scheduled') q.where({ status: 'published' }).where('published_at', '>', now);
  else if (filter.status === 'published') q.where({ status: 'published' }).where('published_at', '<=', now);
  else if (filter.status) q.where({ status: filter.status });
  const rows = (await q) as StaffStoryRow[];
  const extras = await staffStoryExtras(
    knex,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentStaffStoryWith(r, extras.get(r.id) as StaffStoryExtras, now));
}
