// What the media services share: the story they change (the park's, locked), the cap per story, storing the files,
// the cover kept in step with the first photo, and the audit view.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { parkStoryRow } from '../presentStaffStory';
import type { ProcessedPhoto } from './photos';
import { coverUrl, loadMedia } from './presentMedia';

export const MAX_MEDIA_PER_STORY = 20;

export interface AltText {
  altJa: string;
  altEn?: string | null;
}

/** The park's story, locked; room for one more. Another park's story is not found. */
export async function storyForMedia(trx: Knex.Transaction, parkId: number, storyId: number) {
  const story = await parkStoryRow(trx, parkId, storyId, true);
  const count = await trx('story_media').where({ story_id: storyId }).count({ n: '*' }).first();
  if (Number(count?.n ?? 0) >= MAX_MEDIA_PER_STORY) throw new DomainError('mediaLimit', { max: MAX_MEDIA_PER_STORY });
  return story;
}

export async function nextSort(trx: Knex.Transaction, storyId: number): Promise<number> {
  const row = await trx('story_media').where({ story_id: storyId }).max({ m: 'sort' }).first();
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}

export async function insertPictureFiles(
  trx: Knex.Transaction,
  mediaId: string,
  role: 'image' | 'poster',
  photo: ProcessedPhoto,
) {
  await trx('media_files').insert(
    photo.variants.map((v) => ({
      id: randomUUID(),
      media_id: mediaId,
      role,
      content_type: v.contentType,
      width: v.width,
      height: v.height,
      size: v.bytes.length,
      bytes: v.bytes,
    })),
  );
}

/** The story's picture in lists follows its first photo; back to the park's picture when the last one goes. */
export async function refreshCover(trx: Knex.Transaction, parkId: number, storyId: number) {
  const media = (await loadMedia(trx, [storyId])).get(storyId) ?? [];
  const cover = coverUrl(media);
  const story = (await trx('stories').where({ id: storyId }).first('image_url')) as { imageUrl: string };
  if (cover) {
    if (story.imageUrl !== cover) await trx('stories').where({ id: storyId }).update({ image_url: cover });
    return;
  }
  if (story.imageUrl.startsWith('/api/v1/media/')) {
    const park = (await trx('parks').where({ id: parkId }).first('image_url')) as { imageUrl: string };
    await trx('stories').where({ id: storyId }).update({ image_url: park.imageUrl });
  }
}

export const mediaAuditView = (m: {
  id: string;
  kind: string;
  altJa: string;
  altEn?: string | null;
  sort: number;
  width: number;
  height: number;
  durationMs?: number | null;
  storyId: number;
}) => ({
  storyId: m.storyId,
  kind: m.kind,
  altJa: m.altJa,
  altEn: m.altEn ?? null,
  sort: m.sort,
  width: m.width,
  height: m.height,
  durationMs: m.durationMs ?? null,
});

/** A photo or movie of the park's story, locked with its story. */
export async function mediaRow(trx: Knex.Transaction, parkId: number, storyId: number, mediaId: string) {
  await parkStoryRow(trx, parkId, storyId, true);
  const row = await trx('story_media')
    .where({ id: mediaId, story_id: storyId, park_id: parkId })
    .forUpdate()
    .first('id', 'story_id', 'kind', 'alt_ja', 'alt_en', 'sort', 'width', 'height', 'duration_ms');
  if (!row) throw notFound();
  return row;
}
