import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { ITEM_SEARCH_TABS } from '../../../common/dto/item';
import { enumValues, ItemCategory } from '../../../common/enums';
import { MAX_SEARCH_DATES, normalizeSearchDates } from '../../../common/rules/availability';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { answers, id, isoDate, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import type { Item } from './models';
import { loadPassProducts } from './passProducts';
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
const datesQuery = Joi.array<string[]>()
  .items(isoDate())
  .single()
  .max(MAX_SEARCH_DATES)
  .error((errors) => {
    const first = errors[0];
    return first && 'code' in first && first.code === 'array.max' ? new Error('tooManyDates') : (first ?? errors);
  });

/** An item page, with its pass product when it is a pass. */
async function itemDetail(request: Request, item: Item) {
  const pass = item.pass
    ? ((await loadPassProducts(request.server.app.reads.db(), [item.id], request.app.locale)).get(item.id) ?? null)
    : null;
  return presentItemDetail(item, request.app.locale, undefined, pass);
}

export const itemRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/items',
    options: {
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'items'],
      description: 'Search listed items (tickets): tab available / all / date, park, category and keyword; paged',
      auth: false,
      response: ITEM_LIST_ANSWER,
      validate: {
        query: fields({
          tab: oneOf(ITEM_SEARCH_TABS).default('all'),
          // biome-ignore lint/suspicious/noThenProperty: Joi's conditional API
          dates: optional(datesQuery.when('tab', { is: 'date', then: Joi.required() })),
          park_id: optional(idListQuery),
          category: optional(categoryQuery),
          keyword: optional(keywordQuery),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      const dates = q.tab === 'date' ? normalizeSearchDates(q.dates ?? []) : undefined;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const now = new Date();
        const { rows, total, totalCapped } = await listItems(
          {
            tab: q.tab,
            dates,
            parkIds: q.park_id,
            categories: q.category,
            keyword: q.keyword,
            page: q.page,
            perPage: q.per_page,
            now,
          },
          request.server.app.reads.db(),
        );
        return {
          data: rows.map((r) => presentItemSummary(r, request.app.locale, dates, now)),
          meta: { ...pageMeta(q.page, q.per_page, total, totalCapped), tab: q.tab, ...(dates ? { dates } : {}) },
        };
      });
    },
  }),
  route({
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
        params: fields({ id: id() }),
        query: fields({ link_id: optional(Joi.string().guid()) }),
      },
    },
    async handler(request, h) {
      const { id: itemId } = request.params;
      const { link_id } = request.query;
      if (link_id) {
        // Opened through a shared link: not for shared caches.
        const item = await getItem(itemId, link_id);
        return h
          .response({ data: await itemDetail(request, item), meta: {} })
          .header('cache-control', 'private, no-cache');
      }
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => ({
        data: await itemDetail(request, await getItem(itemId, undefined, request.server.app.reads.db())),
        meta: {},
      }));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/private/items/{linkId}',
    options: {
      tags: ['api', 'items'],
      description: 'An item shared by link (listed or unlisted)',
      auth: false,
      response: ITEM_ANSWER,
      validate: { params: fields({ linkId: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const { linkId } = request.params;
      const item = await getItemByLink(linkId);
      return h
        .response({ data: await itemDetail(request, item), meta: {} })
        .header('cache-control', 'private, no-cache');
    },
  }),
];
