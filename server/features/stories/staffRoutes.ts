// The back office's stories: editors (and owners) of a park write, publish, schedule and unpublish its stories.
// A story of another park is not found. Every change writes the park's audit trail (server/features/staff).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { STORY_STATUSES } from '../../../common/dto/staff';
import { answers, id, ok, text } from '../../lib/routeKit';
import { fields, oneOf, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { parkStoryRow, presentStaffStory } from './presentStaffStory';
import { STAFF_STORIES_ANSWER, STAFF_STORY_ANSWER, STAFF_STORY_CREATED_ANSWER } from './responses';
import { deleteStory } from './services/deleteStory';
import { listParkStories } from './services/listParkStories';
import { publishStory, unpublishStory } from './services/publishStory';
import { createStory, type StoryInput, updateStory } from './services/saveStory';

const knexOf = (request: Request) => request.server.app.knex;
const parkParams = () => fields({ parkId: id() });
const storyParams = () => fields({ parkId: id(), storyId: id() });
const storyPayload = () =>
  fields({
    title_ja: text(120).min(1),
    title_en: optional(orNull(text(120).allow(''))),
    body_ja: text(20_000, { multiline: true }).min(1),
    body_en: optional(
      Joi.string<string | null>()
        .concat(text(20_000, { multiline: true }))
        .allow('', null),
    ),
    park_user_id: optional(id()),
    park_living_thing_id: optional(orNull(id())),
    park_living_thing_ids: optional(
      Joi.array<number[]>()
        .items(id())
        .max(20)
        .description("The park's animals the story is about, in order (replaces park_living_thing_id)"),
    ),
  });

function storyInput(p: ReturnType<typeof storyPayload> extends Joi.ObjectSchema<infer T> ? T : never): StoryInput {
  return {
    titleJa: p.title_ja,
    titleEn: p.title_en ?? null,
    bodyJa: p.body_ja,
    bodyEn: p.body_en ?? null,
    parkUserId: p.park_user_id,
    parkLivingThingId: p.park_living_thing_id,
    parkLivingThingIds: p.park_living_thing_ids,
  };
}

export const staffStoryRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/stories',
    options: {
      response: STAFF_STORIES_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description:
        "The park's stories in every status (draft, scheduled, published, unpublished), most recently changed first",
      validate: {
        params: parkParams(),
        query: fields({
          status: optional(oneOf(STORY_STATUSES)),
          limit: Joi.number().integer().min(1).max(500).default(200),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const q = request.query;
      return ok(h, await listParkStories(knexOf(request), parkId, q));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories',
    options: {
      response: STAFF_STORY_CREATED_ANSWER,
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
      validate: { params: parkParams(), payload: storyPayload() },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const input = storyInput(request.payload);
      return ok(h, await createStory(knexOf(request), parkId, currentUserId(request), input), {}, 201);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}',
    options: {
      response: STAFF_STORY_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'One story of the park, both languages, with its status and preview path',
      validate: { params: storyParams() },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      const knex = knexOf(request);
      return ok(h, await presentStaffStory(knex, await parkStoryRow(knex, parkId, storyId)));
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}',
    options: {
      response: STAFF_STORY_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: "Change a story's title, text, poster and animal (any status; a published story stays published)",
      validate: { params: storyParams(), payload: storyPayload() },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      const input = storyInput(request.payload);
      return ok(h, await updateStory(knexOf(request), parkId, storyId, currentUserId(request), input));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/publish',
    options: {
      response: STAFF_STORY_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'A live story cannot be scheduled: unpublish it first (storyNotPublishable)',
      }),
      tags: ['api', 'staff'],
      description:
        "Publish a story now, or at publish_at (a future time: scheduled); the park's followers are told once it is out",
      validate: {
        params: storyParams(),
        payload: fields({ publish_at: optional(orNull(Joi.date().iso())) }).allow(null),
      },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      const at = request.payload?.publish_at ?? null;
      return ok(h, await publishStory(knexOf(request), parkId, storyId, currentUserId(request), at));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/stories/{storyId}/unpublish',
    options: {
      response: STAFF_STORY_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'Take a published or scheduled story down (it stays for staff; publish again at any time)',
      validate: { params: storyParams() },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      return ok(h, await unpublishStory(knexOf(request), parkId, storyId, currentUserId(request)));
    },
  }),
  route({
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
      validate: { params: storyParams() },
    },
    async handler(request, h) {
      const { parkId, storyId } = request.params;
      await deleteStory(knexOf(request), parkId, storyId, currentUserId(request));
      return h.response().code(204).header('cache-control', 'no-store');
    },
  }),
];
