// POST api/v1/staff/parks/{parkId}/stories/{storyId}/movies: a short movie (MP4 or WebM by its container, at most
// 60 s by the container's own duration, at most 50 MB) with a poster photo (processed like any story photo). The
// movie's bytes are stored as sent: no transcoding on the server; visitors' browsers play MP4 (H.264) and WebM.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { StaffStoryMedia } from '../../../../../common/dto/staff';
import { DomainError } from '../../../../lib/errors';
import { recordStaffChange } from '../../../../lib/staffAudit';
import { readMovie } from '../containers';
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

export const MAX_MOVIE_SECONDS = 60;
export const MAX_MOVIE_BYTES = 50 * 1024 * 1024;

export function checkMovie(bytes: Buffer) {
  if (bytes.length > MAX_MOVIE_BYTES) throw new DomainError('movieTooLarge', { max: MAX_MOVIE_BYTES / 1024 / 1024 });
  const movie = readMovie(bytes);
  if (!movie) throw new DomainError('movieType');
  if (movie.durationSeconds === null) throw new DomainError('movieLengthUnknown');
  if (movie.durationSeconds > MAX_MOVIE_SECONDS) throw new DomainError('movieTooLong', { max: MAX_MOVIE_SECONDS });
  return { type: movie.type, durationSeconds: movie.durationSeconds };
}

export async function addStoryMovie(
  knex: Knex,
  parkId: number,
  storyId: number,
  actorUserId: number,
  input: { movie: Buffer; poster: Buffer } & AltText,
): Promise<StaffStoryMedia> {
  const movie = checkMovie(input.movie);
  const poster = await processPhoto(input.poster);
  return knex.transaction(async (trx) => {
    await storyForMedia(trx, parkId, storyId);
    const id = randomUUID();
    const row = {
      id,
      storyId,
      kind: 'movie',
      altJa: input.altJa,
      altEn: input.altEn || null,
      sort: await nextSort(trx, storyId),
      width: poster.width,
      height: poster.height,
      durationMs: Math.round(movie.durationSeconds * 1000),
    };
    await trx('story_media').insert({
      id,
      story_id: storyId,
      park_id: parkId,
      kind: 'movie',
      sort: row.sort,
      alt_ja: row.altJa,
      alt_en: row.altEn,
      width: row.width,
      height: row.height,
      duration_ms: row.durationMs,
      created_by: actorUserId,
    });
    await trx('media_files').insert({
      id: randomUUID(),
      media_id: id,
      role: 'movie',
      content_type: movie.type,
      size: input.movie.length,
      bytes: input.movie,
    });
    await insertPictureFiles(trx, id, 'poster', poster);
    await refreshCover(trx, parkId, storyId);
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'media',
      entityId: id,
      action: 'create',
      after: { ...mediaAuditView(row), type: movie.type, size: input.movie.length },
    });
    const media = (await loadMedia(trx, [storyId])).get(storyId) ?? [];
    return presentStaffMedia(media.find((m) => m.row.id === id) as (typeof media)[number]);
  });
}
