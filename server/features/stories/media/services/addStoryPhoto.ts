// POST api/v1/staff/parks/{parkId}/stories/{storyId}/photos: a photo for the park's story (editors, owners), checked
// by content and re-encoded (photos.ts) before anything is stored; alt text ja required, en optional.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { StaffStoryMedia } from '../../../../../common/dto/staff';
import { recordStaffChange } from '../../../../lib/staffAudit';
import { processPhoto } from '../photos';
import { loadMedia, presentStaffMedia } from '../presentMedia';
import {
  type AltText,
  insertPictureFiles,
  mediaAuditView,
  nextSort,
  refreshCover,
  storyForMedia,
} from '../storyMediaShared';

export async function addStoryPhoto(
  knex: Knex,
  parkId: number,
  storyId: number,
  actorUserId: number,
  bytes: Buffer,
  alt: AltText,
): Promise<StaffStoryMedia> {
  // The slow part (decoding, encoding) before the transaction: no lock is held meanwhile.
  const photo = await processPhoto(bytes);
  return knex.transaction(async (trx) => {
    await storyForMedia(trx, parkId, storyId);
    const id = randomUUID();
    const row = {
      id,
      storyId,
      kind: 'photo',
      altJa: alt.altJa,
      altEn: alt.altEn || null,
      sort: await nextSort(trx, storyId),
      width: photo.width,
      height: photo.height,
    };
    await trx('story_media').insert({
      id,
      story_id: storyId,
      park_id: parkId,
      kind: 'photo',
      sort: row.sort,
      alt_ja: row.altJa,
      alt_en: row.altEn,
      width: row.width,
      height: row.height,
      created_by: actorUserId,
    });
    await insertPictureFiles(trx, id, 'image', photo);
    await refreshCover(trx, parkId, storyId);
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'media',
      entityId: id,
      action: 'create',
      after: mediaAuditView(row),
    });
    const media = (await loadMedia(trx, [storyId])).get(storyId) ?? [];
    return presentStaffMedia(media.find((m) => m.row.id === id) as (typeof media)[number]);
  });
}
