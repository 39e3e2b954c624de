import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { answers, id, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import { presentParkDetail, presentParkSummary } from './presentPark';
import { PARK_ANSWER, PARK_LIST_ANSWER } from './responses';
import { getPark, getParkByLink } from './services/getPark';
import { listParks } from './services/listParks';

const MAX_AGE = 60;

export const parkRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/parks',
    options: {
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'parks'],
      description: 'List public parks by prefecture, region, kind and keyword',
      auth: false,
      response: PARK_LIST_ANSWER,
      validate: {
        query: fields({
          prefecture_id: optional(Joi.array<number[]>().items(Joi.number().integer().min(1).max(47)).single().max(47)),
          region_id: optional(Joi.number().integer().min(1).max(9)),
          kind: optional(oneOf(['zoo', 'aquarium'])),
          keyword: optional(Joi.string().trim().max(100).allow('')),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { rows, total, totalCapped } = await listParks(
          {
            prefectureIds: q.prefecture_id,
            regionId: q.region_id,
            kind: q.kind,
            keyword: q.keyword,
            page: q.page,
            perPage: q.per_page,
          },
          request.server.app.reads.db(),
        );
        return {
          data: rows.map((p) => presentParkSummary(p, request.app.locale)),
          meta: pageMeta(q.page, q.per_page, total, totalCapped),
        };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/parks/{id}',
    options: {
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'parks'],
      description: 'One park with hours, closed days, special days, contact and commercial-law notice',
      auth: false,
      response: PARK_ANSWER,
      validate: {
        params: fields({ id: id() }),
        query: fields({ link_id: optional(Joi.string().guid()) }),
      },
    },
    async handler(request, h) {
      const { id: parkId } = request.params;
      const { link_id } = request.query;
      if (link_id) {
        // Unlisted pages shared by link are not for shared caches.
        const park = await getPark(parkId, link_id);
        return h
          .response({ data: presentParkDetail(park, request.app.locale), meta: {} })
          .header('cache-control', 'private, no-cache');
      }
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => ({
        data: presentParkDetail(await getPark(parkId, undefined, request.server.app.reads.db()), request.app.locale),
        meta: {},
      }));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/private/parks/{linkId}',
    options: {
      auth: false,
      tags: ['api', 'parks'],
      description: 'A park page shared by link (public or unlisted)',
      response: PARK_ANSWER,
      validate: { params: fields({ linkId: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const { linkId } = request.params;
      const park = await getParkByLink(linkId);
      return h
        .response({ data: presentParkDetail(park, request.app.locale), meta: {} })
        .header('cache-control', 'private, no-cache');
    },
  }),
];
