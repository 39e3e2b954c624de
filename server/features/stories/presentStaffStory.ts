// A story as its park's editors see it: both languages, its status (scheduled when published with a time still to
// come), its photos and movies, the animals it links to, and where to preview it.
import type { Knex } from 'knex';
import type { StaffStory, StaffStoryMedia, StoryStatus } from '../../../common/dto/staff';
import { notFound } from '../../lib/errors';
import { loadMedia, loadStoryLivingThings, presentStaffMedia } from './media/presentMedia';

type Db = Knex | Knex.Transaction;

export interface StaffStoryRow {
  id: number;
  parkId: number;
  status: 'draft' | 'published' | 'unpublished';
  titleJa: string;
  titleEn: string | null;
  bodyJa: string;
  bodyEn: string | null;
  parkUserId: number;
  parkLivingThingId: number | null;
  imageUrl: string;
  linkId: string;
  publishedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export const STAFF_STORY_COLUMNS = [
  'id',
  'park_id',
  'status',
  'title_ja',
  'title_en',
  'body_ja',
  'body_en',
  'park_user_id',
  'park_living_thing_id',
  'image_url',
  'link_id',
  'published_at',
  'created_at',
  'updated_at',
];

const iso = (d: Date | string) => new Date(d).toISOString();

export function storyStatus(row: Pick<StaffStoryRow, 'status' | 'publishedAt'>, now = new Date()): StoryStatus {
  if (row.status === 'published' && row.publishedAt && new Date(row.publishedAt) > now) return 'scheduled';
  return row.status;
}

export interface StaffStoryExtras {
  media: StaffStoryMedia[];
  parkLivingThingIds: number[];
}

/** The media and linked animals of these stories (one query each, whatever the number of stories). */
export async function staffStoryExtras(db: Db, storyIds: number[]): Promise<Map<number, StaffStoryExtras>> {
  const [media, animals] = await Promise.all([loadMedia(db, storyIds), loadStoryLivingThings(db, storyIds)]);
  return new Map(
    storyIds.map((id) => [
      id,
      {
        media: (media.get(id) ?? []).map(presentStaffMedia),
        parkLivingThingIds: (animals.get(id) ?? []).map((a) => a.id),
      },
    ]),
  );
}

/** The story with its media and animals. */
export async function presentStaffStory(db: Db, row: StaffStoryRow, now = new Date()): Promise<StaffStory> {
  const extras = (await staffStoryExtras(db, [row.id])).get(row.id) as StaffStoryExtras;
  return presentStaffStoryWith(row, extras, now);
}

export function presentStaffStoryWith(row: StaffStoryRow, extras: StaffStoryExtras, now = new Date()): StaffStory {
  return {
    id: row.id,
    parkId: row.parkId,
    status: storyStatus(row, now),
    titleJa: row.titleJa,
    titleEn: row.titleEn,
    bodyJa: row.bodyJa,
    bodyEn: row.bodyEn,
    parkUserId: row.parkUserId,
    parkLivingThingId: row.parkLivingThingId,
    parkLivingThingIds: extras.parkLivingThingIds,
    media: extras.media,
    imageUrl: row.imageUrl,
    previewPath: `/private/story/${row.linkId}`,
    publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The park's story, locked for a change when `forUpdate`; another park's story is not found (never forbidden). */
export async function parkStoryRow(db: Db, parkId: number, storyId: number, forUpdate = false): Promise<StaffStoryRow> {
  const q = db('stories').where({ id: storyId, park_id: parkId }).first(STAFF_STORY_COLUMNS);
  if (forUpdate) q.forUpdate();
  const row = (await q) as StaffStoryRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** The fields of the audit trail's before and after. */
export const auditView = (row: StaffStoryRow) => ({
  status: row.status,
  titleJa: row.titleJa,
  titleEn: row.titleEn,
  bodyJa: row.bodyJa,
  bodyEn: row.bodyEn,
  parkUserId: row.parkUserId,
  parkLivingThingId: row.parkLivingThingId,
  publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
});
