// GET api/v1/media/{id}: a file of a story's photo or movie. Files of published stories are public (and cacheable:
// a file never changes under its id); those of drafts, scheduled and unpublished stories only for the park's
// editors and owners (the preview), never cached. A byte range is read from the database with substring(), so
// seeking in a 50 MB movie does not load all of it.
import type { Knex } from 'knex';
import { notFound } from '../../../../lib/errors';
import { isParkStaff } from '../../../../lib/staffAccess';

export interface MediaFileMeta {
  contentType: string;
  size: number;
  isPublic: boolean;
}

export async function mediaFileMeta(knex: Knex, fileId: string, viewerUserId: number | null, now = new Date()) {
  const row = (await knex('media_files as f')
    .join('story_media as m', 'm.id', 'f.media_id')
    .join('stories as s', 's.id', 'm.story_id')
    .where('f.id', fileId)
    .first('f.content_type', knex.raw('octet_length(f.bytes) as size'), 'm.park_id', 's.status', 's.published_at')) as
    | { contentType: string; size: number | string; parkId: number; status: string; publishedAt: Date | null }
    | undefined;
  if (!row) throw notFound();
  const isPublic = row.status === 'published' && row.publishedAt !== null && new Date(row.publishedAt) <= now;
  if (!isPublic && (viewerUserId === null || !(await isParkStaff(knex, viewerUserId, row.parkId, 'editor')))) {
    throw notFound();
  }
  return { contentType: row.contentType, size: Number(row.size), isPublic } satisfies MediaFileMeta;
}

/** Bytes [start, end] (inclusive) of the file. */
export async function readMediaBytes(knex: Knex, fileId: string, start: number, end: number): Promise<Buffer> {
  const row = (await knex('media_files')
    .where({ id: fileId })
    .first(knex.raw('substring(bytes from ? for ?) as part', [start + 1, end - start + 1]))) as { part: Buffer };
  return Buffer.from(row.part);
}

/** One byte range of a `Range` header against a size: the range, 'unsatisfiable', or null to send it all. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file is a valid answer (RFC 9110 lets a server ignore Range).
  if (!m) return null;
  const [, from, to] = m as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
