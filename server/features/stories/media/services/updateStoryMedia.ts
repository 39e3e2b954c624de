// PUT api/v1/staff/parks/{parkId}/stories/{storyId}/media/{mediaId}: change a photo's or movie's alt text and
// place. Media of another park's story are not found.
import type { Knex } from 'knex';
import type { StaffStoryMedia } from '../../../../../common/dto/staff';
import { recordStaffChange } from '../../../../lib/staffAudit';
import { loadMedia, presentStaffMedia } from '../presentMedia';
import { type AltText, mediaAuditView, mediaRow, refreshCover } from '../storyMediaShared';

export async function updateStoryMedia(
  knex: Knex,
  parkId: number,
  storyId: number,
  mediaId: string,
  actorUserId: number,
  input: AltText & { sort?: number },
): Promise<StaffStoryMedia> {
  return knex.transaction(async (trx) => {
    const before = await mediaRow(trx, parkId, storyId, mediaId);
    const after = { ...before, altJa: input.altJa, altEn: input.altEn || null, sort: input.sort ?? before.sort };
    await trx('story_media')
      .where({ id: mediaId })
      .update({ alt_ja: after.altJa, alt_en: after.altEn, sort: after.sort });
    await refreshCover(trx, parkId, storyId);
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'media',
      entityId: mediaId,
      action: 'update',
      before: mediaAuditView(before),
      after: mediaAuditView(after),
    });
    const media = (await loadMedia(trx, [storyId])).get(storyId) ?? [];
    return presentStaffMedia(media.find((m) => m.row.id === mediaId) as (typeof media)[number]);
  });
}
