// The back office's stories: editors (and owners) of a park write, publish, schedule and unpublish its stories.
// A story of another park is not found. Every change writes the park's audit trail (server/features/staff).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { STORY_STATUSES, type StoryStatus } from '../../../common/dto/staff';
import { answers, id, ok, text } from '../../lib/routeKit';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { parkStoryRow, presentStaffStory } from './presentStaffStory';
import { deleteStory } from './services/deleteStory';
import { listParkStories } from './services/listParkStories';
import { publishStory, unpublishStory } from './services/publishStory';
import { createStory, type StoryInput, updateStory } from './services/saveStory';

const knexOf = (request: Request) => request.server.app.knex;
const parkParams = Joi.object({ parkId: id().required() });
const storyParams = Joi.object({ parkId: id().required(), storyId: id().required() });
const storyPayload = Joi.object({
  title_ja: text(120).min(1).required(),
  title_en: text(120).allow('', null),
  body_ja: text(20_000, { multiline: true }).min(1).required(),
  body_en: text(20_000, { multiline: true }).allow('', null),
  park_user_id: id(),
  park_living_thing_id: id().allow(null),
  park_living_thing_ids: Joi.array()
    .items(id())
    .max(20)
    .description("The park's animals the story is about, in order (replaces park_living_thing_id)"),
});

function storyInput(p: Record<string, unknown>): StoryInput {
  return {
    titleJa: p.title_ja as string,
    titleEn: (p.title_en as string | null | undefined) ?? null,
    bodyJa: p.body_ja as string,
    bodyEn: (p.body_en as string | null | undefined) ?? null,
    parkUserId: p.park_user_id as number | undefined,
    parkLivingThingId: p.park_living_thing_id as number | null | undefined,
    parkLivingThingIds: p.park_living_thing_ids as number[] | undefined,
  };
}

export const staffStoryRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/stories',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 200: { description: "The park's stories", data: { type: 'array' } } }),
      tags: ['api', 'staff'],
      description:
        "The park's stories in every status (draft, scheduled, published, unpublished), most recently changed first",
      validate: {
        params: parkParams,
        query: Joi.object({
          status: Joi.string().valid(...STORY_STATUSES),
          limit: Joi.number().integer().min(1).max(500).default(200),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      const q = request.query as { status?: StoryStatus; limit: number };
      return ok(h, await listParkStories(knexOf(request), parkId, q));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        200: null,
        201: 'The new draft',
        409: 'The park has no posting staff profile (parkUserRequired)',
      }),
      tags: ['api', 'staff'],
      description:
        'A new draft story: title and text in ja required, en optional; the poster (park user) and animal of the park',
      validate: { params: parkParams, payload: storyPayload },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      const input = storyInput(request.payload as Record<string, unknown>);
      return ok(h, await createStory(knexOf(request), parkId, currentUserId(request), input), {}, 201);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'One story of the park, both languages, with its status and preview path',
      validate: { params: storyParams },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params as { parkId: number; storyId: number };
      const knex = knexOf(request);
      return ok(h, await presentStaffStory(knex, await parkStoryRow(knex, parkId, storyId)));
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: "Change a story's title, text, poster and animal (any status; a published story stays published)",
      validate: { params: storyParams, payload: storyPayload },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params as { parkId: number; storyId: number };
      const input = storyInput(request.payload as Record<string, unknown>);
      return ok(h, await updateStory(knexOf(request), parkId, storyId, currentUserId(request), input));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/publish',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'A live story cannot be scheduled: unpublish it first (storyNotPublishable)',
      }),
      tags: ['api', 'staff'],
      description:
        "Publish a story now, or at publish_at (a future time: scheduled); the park's followers are told once it is out",
      validate: {
        params: storyParams,
        payload: Joi.object({ publish_at: Joi.date().iso().allow(null) }).allow(null),
      },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params as { parkId: number; storyId: number };
      const at = (request.payload as { publish_at?: Date | null } | null)?.publish_at ?? null;
      return ok(h, await publishStory(knexOf(request), parkId, storyId, currentUserId(request), at));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/unpublish',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Take a published or scheduled story down (it stays for staff; publish again at any time)',
      validate: { params: storyParams },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params as { parkId: number; storyId: number };
      return ok(h, await unpublishStory(knexOf(request), parkId, storyId, currentUserId(request)));
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        200: null,
        204: 'Deleted',
        409: 'Published or scheduled: unpublish first (storyLive)',
      }),
      tags: ['api', 'staff'],
      description: 'Delete a draft or unpublished story',
      validate: { params: storyParams },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params as { parkId: number; storyId: number };
      await deleteStory(knexOf(request), parkId, storyId, currentUserId(request));
      return h.response().code(204).header('cache-control', 'no-store');
    },
  },
];
