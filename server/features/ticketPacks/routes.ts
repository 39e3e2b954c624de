import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { answers, id, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, optional, route } from '../../lib/typedInput';
import { categoryQuery, idListQuery, keywordQuery } from '../items';
import { presentTicketPackDetail, presentTicketPackSummary } from './presentTicketPack';
import { PACK_ANSWER, PACK_LIST_ANSWER } from './responses';
import { getTicketPack, getTicketPackByLink } from './services/getTicketPack';
import { listTicketPacks } from './services/listTicketPacks';

const MAX_AGE = 60;

export const ticketPackRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/ticket-packs',
    options: {
      response: PACK_LIST_ANSWER,
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'ticket-packs'],
      description: 'Search listed ticket packs by park, category and keyword; paged',
      auth: false,
      validate: {
        query: fields({
          park_id: optional(idListQuery),
          category: optional(categoryQuery),
          keyword: optional(keywordQuery),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { rows, total, totalCapped } = await listTicketPacks({
          parkIds: q.park_id,
          categories: q.category,
          keyword: q.keyword,
          page: q.page,
          perPage: q.per_page,
        });
        return {
          data: rows.map((r) => presentTicketPackSummary(r, request.app.locale)),
          meta: pageMeta(q.page, q.per_page, total, totalCapped),
        };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/ticket-packs/{id}',
    options: {
      response: PACK_ANSWER,
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'ticket-packs'],
      description:
        'One ticket pack: contents, schedule, selectable times and dates, min/max totals (link_id opens an unlisted one)',
      auth: false,
      validate: {
        params: fields({ id: id() }),
        query: fields({ link_id: optional(Joi.string().guid()) }),
      },
    },
    async handler(request, h) {
      const { id: packId } = request.params;
      const { link_id } = request.query;
      if (link_id) {
        const { pack, calendar } = await getTicketPack(packId, link_id);
        return h
          .response({ data: presentTicketPackDetail(pack, calendar, request.app.locale), meta: {} })
          .header('cache-control', 'private, no-cache');
      }
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { pack, calendar } = await getTicketPack(packId, undefined);
        return { data: presentTicketPackDetail(pack, calendar, request.app.locale), meta: {} };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/private/ticket-packs/{linkId}',
    options: {
      response: PACK_ANSWER,
      tags: ['api', 'ticket-packs'],
      description: 'A ticket pack shared by link (listed or unlisted)',
      auth: false,
      validate: { params: fields({ linkId: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const { linkId } = request.params;
      const { pack, calendar } = await getTicketPackByLink(linkId);
      return h
        .response({ data: presentTicketPackDetail(pack, calendar, request.app.locale), meta: {} })
        .header('cache-control', 'private, no-cache');
    },
  }),
];
