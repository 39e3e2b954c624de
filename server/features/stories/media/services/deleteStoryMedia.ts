// DELETE api/v1/staff/parks/{parkId}/stories/{storyId}/media/{mediaId}: remove a photo or movie (its files go
// with it). Media of another park's story are not found.
import type { Knex } from 'knex';
import { recordStaffChange } from '../../../../lib/staffAudit';
import { mediaAuditView, mediaRow, refreshCover } from '../storyMediaShared';

export async function deleteStoryMedia(
  knex: Knex,
  parkId: number,
  storyId: number,
  mediaId: string,
  actorUserId: number,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const before = await mediaRow(trx, parkId, storyId, mediaId);
    await trx('story_media').where({ id: mediaId }).delete();
    await refreshCover(trx, parkId, storyId);
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'media',
      entityId: mediaId,
      action: 'delete',
      before: mediaAuditView(before),
    });
  });
}
