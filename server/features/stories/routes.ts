import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { StoryListMeta } from '../../../common/dto/story';
import { enumValues, StoryList } from '../../../common/enums';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { clientIp } from '../../lib/request';
import { answers, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import { presentStoryDetail, presentStorySummary } from './presentStory';
import { minuteSeed, SEED_PATTERN } from './randomSeed';
import { STORY_ANSWER, STORY_LIST_ANSWER } from './responses';
import { countStoryView } from './services/countStoryView';
import { getStory, getStoryByLink } from './services/getStory';
import { listStories } from './services/listStories';

const MAX_AGE = 60;
const id = () => Joi.number().integer().min(1).max(2_147_483_647);

export const storyRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/stories',
    options: {
      response: STORY_LIST_ANSWER,
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'stories'],
      description:
        'Public stories: list=populars|short-movies|randoms (newest first without a list), filtered by park, park user, park animal, species and keyword',
      auth: false,
      validate: {
        query: fields({
          list: optional(oneOf(enumValues(StoryList))),
          park_id: optional(id()),
          park_user_id: optional(id()),
          park_living_thing_id: optional(id()),
          living_thing_id: optional(id()),
          keyword: optional(Joi.string().trim().max(100).allow('')),
          seed: optional(Joi.string().pattern(SEED_PATTERN)),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const seed = q.seed ?? minuteSeed();
        const { rows, total, totalCapped } = await listStories(request.server.app.reads.db(), {
          list: q.list,
          parkId: q.park_id,
          parkUserId: q.park_user_id,
          parkLivingThingId: q.park_living_thing_id,
          livingThingId: q.living_thing_id,
          keyword: q.keyword,
          seed,
          page: q.page,
          perPage: q.per_page,
        });
        const meta: StoryListMeta = {
          ...pageMeta(q.page, q.per_page, total, totalCapped),
          list: q.list ?? null,
          ...(q.list === 'randoms' ? { seed } : {}),
        };
        return { data: rows.map((r) => presentStorySummary(r, request.app.locale)), meta };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/stories/{id}',
    options: {
      response: STORY_ANSWER,
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'stories'],
      description: 'One public story: text, images, short movie',
      auth: false,
      validate: { params: fields({ id: id() }) },
    },
    handler(request, h) {
      const { id: storyId } = request.params;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { story, images, extras } = await getStory(request.server.app.reads.db(), storyId);
        return { data: presentStoryDetail(story, images, request.app.locale, extras), meta: {} };
      });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/stories/{id}/views',
    options: {
      // Anyone's view counts: one per signed-in user, else one per address.
      auth: { mode: 'try' },
      plugins: answers({ 200: null, 204: 'Counted', 429: 'Counted already (rateLimited)' }),
      tags: ['api', 'stories'],
      description: 'Count a view of a story (the story page calls it once; one per visitor per story per 10 minutes)',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      const { id: storyId } = request.params;
      const viewer = request.auth.isAuthenticated ? `user:${currentUserId(request)}` : `ip:${clientIp(request)}`;
      await countStoryView(request.server.app.knex, storyId, viewer);
      return h.response().code(204).header('cache-control', 'no-store');
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/private/stories/{linkId}',
    options: {
      response: STORY_ANSWER,
      // Anyone with the link; signed in, the park's editors also preview it before it is published.
      auth: { mode: 'try' },
      tags: ['api', 'stories'],
      description:
        'A story shared by its link id (how private stories are reached); editors and owners of its park also preview it before it is published (previewStatus)',
      validate: { params: fields({ linkId: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const { linkId } = request.params;
      const viewer = request.auth.isAuthenticated ? currentUserId(request) : null;
      const { story, images, extras, previewStatus } = await getStoryByLink(request.server.app.knex, linkId, viewer);
      const data = {
        ...presentStoryDetail(story, images, request.app.locale, extras),
        ...(previewStatus ? { previewStatus } : {}),
      };
      // Unlisted content is not for shared caches; a preview is not for any cache.
      return h
        .response({ data, meta: {} })
        .header('cache-control', previewStatus ? 'private, no-store' : 'private, no-cache');
    },
  }),
];
