// DELETE api/v1/staff/parks/{parkId}/stories/{storyId}: a draft or unpublished story is removed (a live or
// scheduled one must be unpublished first), with its audit row.
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { auditView, parkStoryRow } from '../presentStaffStory';

export async function deleteStory(knex: Knex, parkId: number, storyId: number, actorUserId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const before = await parkStoryRow(trx, parkId, storyId, true);
    if (before.status === 'published') throw new DomainError('storyLive');
    await trx('stories').where({ id: storyId }).delete();
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'story',
      entityId: storyId,
      action: 'delete',
      before: auditView(before),
    });
  });
}
