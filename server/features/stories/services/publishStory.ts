// POST api/v1/staff/parks/{parkId}/stories/{storyId}/publish (now, or at a future time: scheduled) and
// .../unpublish. Publishing clears announced_at: the sweep notifyNewStories (notifications) tells the park's
// followers once the publication time has come. Publishing a story that is already live answers it as it is.
import type { Knex } from 'knex';
import type { StaffStory } from '../../../../common/dto/staff';
import { DomainError } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import {
  auditView,
  parkStoryRow,
  presentStaffStory,
  STAFF_STORY_COLUMNS,
  type StaffStoryRow,
  storyStatus,
} from '../presentStaffStory';

export async function publishStory(
  knex: Knex,
  parkId: number,
  storyId: number,
  actorUserId: number,
  publishAt: Date | null,
  now = new Date(),
): Promise<StaffStory> {
  if (publishAt && publishAt <= now) throw new DomainError('storyPublishAtPast', { field: 'publish_at' });
  return knex.transaction(async (trx) => {
    const before = await parkStoryRow(trx, parkId, storyId, true);
    const status = storyStatus(before, now);
    if (status === 'published') {
      if (publishAt) throw new DomainError('storyNotPublishable');
      return presentStaffStory(trx, before, now);
    }
    const [row] = (await trx('stories')
      .where({ id: storyId })
      .update({
        status: 'published',
        published_at: publishAt ?? now,
        announced_at: null,
        updated_at: now,
      })
      .returning(STAFF_STORY_COLUMNS)) as StaffStoryRow[];
    const after = row as StaffStoryRow;
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'story',
      entityId: storyId,
      action: publishAt ? 'schedule' : 'publish',
      before: auditView(before),
      after: auditView(after),
    });
    return presentStaffStory(trx, after, now);
  });
}

export async function unpublishStory(
  knex: Knex,
  parkId: number,
  storyId: number,
  actorUserId: number,
  now = new Date(),
): Promise<StaffStory> {
  return knex.transaction(async (trx) => {
    const before = await parkStoryRow(trx, parkId, storyId, true);
    if (before.status !== 'published') return presentStaffStory(trx, before, now);
    const [row] = (await trx('stories')
      .where({ id: storyId })
      .update({ status: 'unpublished', updated_at: now })
      .returning(STAFF_STORY_COLUMNS)) as StaffStoryRow[];
    const after = row as StaffStoryRow;
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'story',
      entityId: storyId,
      action: 'unpublish',
      before: auditView(before),
      after: auditView(after),
    });
    return presentStaffStory(trx, after, now);
  });
}
