// A story's media as the API shows them: a photo becomes `<picture>` sources (AVIF and WebP srcsets by width) and
// its size; a movie its file, type, length and poster. Files are served by GET api/v1/media/{id}.
import type { Knex } from 'knex';
import type { StaffStoryMedia } from '../../../../common/dto/staff';
import type { StoryMediaDto, StoryPicture } from '../../../../common/dto/story';
import type { Locale } from '../../../../common/enums';
import { localize } from '../../../lib/localize';

type Db = Knex | Knex.Transaction;

export const fileUrl = (id: string) => `/api/v1/media/${id}`;

interface MediaRow {
  id: string;
  storyId: number;
  kind: 'photo' | 'movie';
  sort: number;
  altJa: string;
  altEn: string | null;
  width: number;
  height: number;
  durationMs: number | null;
}

interface FileRow {
  id: string;
  mediaId: string;
  role: 'image' | 'poster' | 'movie';
  contentType: string;
  width: number | null;
  height: number | null;
}

export interface LoadedMedia {
  row: MediaRow;
  files: FileRow[];
}

/** The media of these stories, in order, with their files' metadata (never the bytes). */
export async function loadMedia(db: Db, storyIds: number[]): Promise<Map<number, LoadedMedia[]>> {
  const out = new Map<number, LoadedMedia[]>();
  if (storyIds.length === 0) return out;
  const rows = (await db('story_media')
    .whereIn('story_id', storyIds)
    .orderBy(['story_id', 'sort', 'created_at'])
    .select('id', 'story_id', 'kind', 'sort', 'alt_ja', 'alt_en', 'width', 'height', 'duration_ms')) as MediaRow[];
  const files = (await db('media_files')
    .whereIn(
      'media_id',
      rows.map((r) => r.id),
    )
    .orderBy(['media_id', 'width'])
    .select('id', 'media_id', 'role', 'content_type', 'width', 'height')) as FileRow[];
  const byMedia = new Map<string, FileRow[]>();
  for (const f of files) byMedia.set(f.mediaId, [...(byMedia.get(f.mediaId) ?? []), f]);
  for (const row of rows) {
    out.set(row.storyId, [...(out.get(row.storyId) ?? []), { row, files: byMedia.get(row.id) ?? [] }]);
  }
  return out;
}

function picture(files: FileRow[], role: 'image' | 'poster'): StoryPicture {
  const own = files.filter((f) => f.role === role);
  const srcset = (type: string) =>
    own
      .filter((f) => f.contentType === type)
      .map((f) => `${fileUrl(f.id)} ${f.width}w`)
      .join(', ');
  const webp = own.filter((f) => f.contentType === 'image/webp');
  const largest = webp[webp.length - 1];
  return {
    src: largest ? fileUrl(largest.id) : '',
    sources: (['image/avif', 'image/webp'] as const)
      .filter((type) => own.some((f) => f.contentType === type))
      .map((type) => ({ type, srcset: srcset(type) })),
    width: largest?.width ?? 0,
    height: largest?.height ?? 0,
  };
}

export function presentMedia(m: LoadedMedia, locale: Locale): StoryMediaDto {
  const alt = localize(m.row, 'alt', locale);
  if (m.row.kind === 'photo') return { id: m.row.id, kind: 'photo', alt, ...picture(m.files, 'image') };
  const movie = m.files.find((f) => f.role === 'movie') as FileRow;
  return {
    id: m.row.id,
    kind: 'movie',
    alt,
    src: fileUrl(movie.id),
    type: movie.contentType as 'video/mp4' | 'video/webm',
    durationSeconds: Math.round((m.row.durationMs ?? 0) / 100) / 10,
    poster: picture(m.files, 'poster'),
  };
}

export function presentStaffMedia(m: LoadedMedia): StaffStoryMedia {
  return { ...presentMedia(m, 'ja'), altJa: m.row.altJa, altEn: m.row.altEn, sort: m.row.sort };
}

/** The cover of a story: its first photo (or poster) at 960 px, WebP; null when it has none. */
export function coverUrl(media: LoadedMedia[]): string | null {
  const first = media[0];
  if (!first) return null;
  const role = first.row.kind === 'photo' ? 'image' : 'poster';
  const webp = first.files.filter((f) => f.role === role && f.contentType === 'image/webp');
  const pick = webp.find((f) => (f.width ?? 0) >= 960) ?? webp[webp.length - 1];
  return pick ? fileUrl(pick.id) : null;
}

/** The park animals of these stories, in order. */
export async function loadStoryLivingThings(db: Db, storyIds: number[]) {
  const out = new Map<number, { id: number; nicknameJa: string; nicknameEn: string | null; imageUrl: string }[]>();
  if (storyIds.length === 0) return out;
  const rows = (await db('story_living_things as s')
    .join('park_living_things as p', 'p.id', 's.park_living_thing_id')
    .whereIn('s.story_id', storyIds)
    .orderBy(['s.story_id', 's.sort'])
    .select('s.story_id', 'p.id', 'p.nickname_ja', 'p.nickname_en', 'p.image_url')) as {
    storyId: number;
    id: number;
    nicknameJa: string;
    nicknameEn: string | null;
    imageUrl: string;
  }[];
  for (const r of rows) out.set(r.storyId, [...(out.get(r.storyId) ?? []), r]);
  return out;
}
