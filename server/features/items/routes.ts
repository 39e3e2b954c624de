import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { ITEM_SEARCH_TABS, type ItemSearchTab } from '../../../common/dto/item';
import { enumValues, ItemCategory } from '../../../common/enums';
import { MAX_SEARCH_DATES, normalizeSearchDates } from '../../../common/rules/availability';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { answers, isoDate, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { presentItemDetail, presentItemSummary } from './presentItem';
import { ITEM_ANSWER, ITEM_LIST_ANSWER } from './responses';
import { getItem, getItemByLink } from './services/getItem';
import { listItems } from './services/listItems';

const MAX_AGE = 60;
const MAX_ID = 2_147_483_647;

/** One or many positive ids (`park_id=1`, `park_id[]=1&park_id[]=2`). */
export const idListQuery = Joi.array<number[]>().items(Joi.number().integer().min(1).max(MAX_ID)).single().max(50);
/** One or many item categories 0..5. */
export const categoryQuery = Joi.array<number[]>()
  .items(
    Joi.number()
      .integer()
      .valid(...enumValues(ItemCategory)),
  )
  .single()
  .max(6);
export const keywordQuery = Joi.string().trim().max(100).allow('');

/** 1..10 dates; an 11th is refused with its own message (SPEC sections 5 and 9). */
const datesQuery = Joi.array()
  .items(isoDate())
  .single()
  .max(MAX_SEARCH_DATES)
  .error((errors) => {
    const first = errors[0];
    return first && 'code' in first && first.code === 'array.max' ? new Error('tooManyDates') : (first ?? errors);
  });

export const itemRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/items',
    options: {
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'items'],
      description: 'Search listed items (tickets): tab available / all / date, park, category and keyword; paged',
      auth: false,
      response: ITEM_LIST_ANSWER,
      validate: {
        query: Joi.object({
          tab: Joi.string()
            .valid(...ITEM_SEARCH_TABS)
            .default('all'),
          // biome-ignore lint/suspicious/noThenProperty: Joi's conditional API
          dates: datesQuery.when('tab', { is: 'date', then: Joi.required() }),
          park_id: idListQuery,
          category: categoryQuery,
          keyword: keywordQuery,
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query as {
        tab: ItemSearchTab;
        dates?: string[];
        park_id?: number[];
        category?: number[];
        keyword?: string;
        page: number;
        per_page: number;
      };
      const dates = q.tab === 'date' ? normalizeSearchDates(q.dates ?? []) : undefined;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const now = new Date();
        const { rows, total, totalCapped } = await listItems({
          tab: q.tab,
          dates,
          parkIds: q.park_id,
          categories: q.category,
          keyword: q.keyword,
          page: q.page,
          perPage: q.per_page,
          now,
        });
        return {
          data: rows.map((r) => presentItemSummary(r, request.app.locale, dates, now)),
          meta: { ...pageMeta(q.page, q.per_page, total, totalCapped), tab: q.tab, ...(dates ? { dates } : {}) },
        };
      });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/items/{id}',
    options: {
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'items'],
      description:
        'One item with plans, prices, slots, period, deadline and cancellation policy (link_id opens an unlisted one)',
      auth: false,
      response: ITEM_ANSWER,
      validate: {
        params: Joi.object({ id: Joi.number().integer().min(1).max(MAX_ID).required() }),
        query: Joi.object({ link_id: Joi.string().guid() }),
      },
    },
    async handler(request, h) {
      const { id } = request.params as { id: number };
      const { link_id } = request.query as { link_id?: string };
      if (link_id) {
        // Opened through a shared link: not for shared caches.
        const item = await getItem(id, link_id);
        return h
          .response({ data: presentItemDetail(item, request.app.locale), meta: {} })
          .header('cache-control', 'private, no-cache');
      }
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => ({
        data: presentItemDetail(await getItem(id, undefined), request.app.locale),
        meta: {},
      }));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/private/items/{linkId}',
    options: {
      tags: ['api', 'items'],
      description: 'An item shared by link (listed or unlisted)',
      auth: false,
      response: ITEM_ANSWER,
      validate: { params: Joi.object({ linkId: Joi.string().guid().required() }) },
    },
    async handler(request, h) {
      const { linkId } = request.params as { linkId: string };
      const item = await getItemByLink(linkId);
      return h
        .response({ data: presentItemDetail(item, request.app.locale), meta: {} })
        .header('cache-control', 'private, no-cache');
    },
  },
];
