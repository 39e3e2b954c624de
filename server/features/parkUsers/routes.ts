import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { answers, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, optional, route } from '../../lib/typedInput';
import { presentParkUserDetail, presentParkUserRef } from './presentParkUser';
import { PARK_USER_ANSWER, PARK_USER_LIST_ANSWER } from './responses';
import { getParkUser } from './services/getParkUser';
import { listParkUsers } from './services/listParkUsers';

const MAX_AGE = 60;
const id = () => Joi.number().integer().min(1).max(2_147_483_647);

export const parkUserRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/park-users',
    options: {
      response: PARK_USER_LIST_ANSWER,
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'park-users'],
      description: 'The park staff who post stories, by park and keyword',
      auth: false,
      validate: {
        query: fields({
          park_id: optional(id()),
          keyword: optional(Joi.string().trim().max(100).allow('')),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { rows, total, totalCapped } = await listParkUsers(request.server.app.knex, {
          parkId: q.park_id,
          keyword: q.keyword,
          page: q.page,
          perPage: q.per_page,
        });
        return {
          data: rows.map((r) => presentParkUserRef(r, request.app.locale)),
          meta: pageMeta(q.page, q.per_page, total, totalCapped),
        };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/park-users/{id}',
    options: {
      response: PARK_USER_ANSWER,
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'park-users'],
      description: 'One park user (staff who posts): profile, park, story and follower counts',
      auth: false,
      validate: { params: fields({ id: id() }) },
    },
    handler(request, h) {
      const { id: parkUserId } = request.params;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { row, storyCount, followerCount } = await getParkUser(request.server.app.knex, parkUserId);
        return { data: presentParkUserDetail(row, { storyCount, followerCount }, request.app.locale), meta: {} };
      });
    },
  }),
];
