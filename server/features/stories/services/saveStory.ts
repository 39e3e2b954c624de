// POST api/v1/staff/parks/{parkId}/stories (a new draft) and PUT .../stories/{storyId} (its text and links): title
// and text in ja required, en optional. The poster (a park user) and the animals (several, in order) must be the
// park's. A published
// story stays published with the new text. Each change writes its audit row in the same transaction.
import { randomUUID } from 'node:crypto';
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
} from '../presentStaffStory';

export interface StoryInput {
  titleJa: string;
  titleEn?: string | null;
  bodyJa: string;
  bodyEn?: string | null;
  parkUserId?: number;
  parkLivingThingId?: number | null;
  /** The park's animals the story links to, in order; replaces parkLivingThingId (the first becomes it). */
  parkLivingThingIds?: number[];
}

async function poster(trx: Knex.Transaction, parkId: number, parkUserId: number | undefined): Promise<number> {
  const q = trx('park_users').where({ park_id: parkId }).orderBy('id').first('id');
  if (parkUserId !== undefined) q.where({ id: parkUserId });
  const row = (await q) as { id: number } | undefined;
  if (!row && parkUserId !== undefined) throw new DomainError('invalidParam', { field: 'park_user_id' });
  if (!row) throw new DomainError('parkUserRequired');
  return row.id;
}

/** The animals asked for (every one the park's, else a 400 naming the field), or undefined to keep them. */
async function animals(trx: Knex.Transaction, parkId: number, input: StoryInput): Promise<number[] | undefined> {
  let ids = input.parkLivingThingIds;
  const field = ids === undefined ? 'park_living_thing_id' : 'park_living_thing_ids';
  if (ids === undefined && input.parkLivingThingId !== undefined) {
    ids = input.parkLivingThingId === null ? [] : [input.parkLivingThingId];
  }
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await trx('park_living_things').whereIn('id', unique).where({ park_id: parkId }).pluck('id');
  if (found.length !== unique.length) throw new DomainError('invalidParam', { field });
  return unique;
}

async function linkAnimals(trx: Knex.Transaction, storyId: number, ids: number[]) {
  await trx('story_living_things').where({ story_id: storyId }).delete();
  if (ids.length) {
    await trx('story_living_things').insert(
      ids.map((id, sort) => ({ story_id: storyId, park_living_thing_id: id, sort })),
    );
  }
}

const linkedAnimals = async (trx: Knex.Transaction, storyId: number): Promise<number[]> =>
  trx('story_living_things').where({ story_id: storyId }).orderBy('sort').pluck('park_living_thing_id');

const textColumns = (input: StoryInput) => ({
  title_ja: input.titleJa,
  title_en: input.titleEn || null,
  body_ja: input.bodyJa,
  body_en: input.bodyEn || null,
});

export async function createStory(
  knex: Knex,
  parkId: number,
  actorUserId: number,
  input: StoryInput,
): Promise<StaffStory> {
  return knex.transaction(async (trx) => {
    const park = (await trx('parks').where({ id: parkId }).first('image_url')) as { imageUrl: string };
    const linked = (await animals(trx, parkId, input)) ?? [];
    const [row] = (await trx('stories')
      .insert({
        code: `story-${randomUUID()}`,
        park_id: parkId,
        park_user_id: await poster(trx, parkId, input.parkUserId),
        park_living_thing_id: linked[0] ?? null,
        kind: 'article',
        ...textColumns(input),
        // Photos come with uploads; until then a story shows its park's picture.
        image_url: park.imageUrl,
        link_id: randomUUID(),
        status: 'draft',
        published_at: null,
        created_by: actorUserId,
      })
      .returning(STAFF_STORY_COLUMNS)) as StaffStoryRow[];
    const story = row as StaffStoryRow;
    await linkAnimals(trx, story.id, linked);
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'story',
      entityId: story.id,
      action: 'create',
      after: { ...auditView(story), parkLivingThingIds: linked },
    });
    return presentStaffStory(trx, story);
  });
}

export async function updateStory(
  knex: Knex,
  parkId: number,
  storyId: number,
  actorUserId: number,
  input: StoryInput,
): Promise<StaffStory> {
  return knex.transaction(async (trx) => {
    const before = await parkStoryRow(trx, parkId, storyId, true);
    const linkedBefore = await linkedAnimals(trx, storyId);
    const linked = await animals(trx, parkId, input);
    if (linked) await linkAnimals(trx, storyId, linked);
    const [row] = (await trx('stories')
      .where({ id: storyId })
      .update({
        ...textColumns(input),
        park_user_id: input.parkUserId === undefined ? before.parkUserId : await poster(trx, parkId, input.parkUserId),
        park_living_thing_id: linked === undefined ? before.parkLivingThingId : (linked[0] ?? null),
        updated_at: trx.fn.now(),
      })
      .returning(STAFF_STORY_COLUMNS)) as StaffStoryRow[];
    const after = row as StaffStoryRow;
    await recordStaffChange(trx, {
      parkId,
      actorUserId,
      entity: 'story',
      entityId: storyId,
      action: 'update',
      before: { ...auditView(before), parkLivingThingIds: linkedBefore },
      after: { ...auditView(after), parkLivingThingIds: linked ?? linkedBefore },
    });
    return presentStaffStory(trx, after);
  });
}
