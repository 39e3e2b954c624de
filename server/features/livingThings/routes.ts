import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { HABITATS, LIVING_THING_GROUPS } from '../../../common/dto/livingThing';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { cachedJson } from '../../lib/readCache';
import { answers, id, LIST, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, oneOf, optional, route } from '../../lib/typedInput';
import {
  presentLivingThingDetail,
  presentLivingThingSummary,
  presentParkLivingThingDetail,
  presentParkLivingThingSummary,
} from './presentLivingThing';
import {
  LIVING_THING_ANSWER,
  LIVING_THING_LIST_ANSWER,
  PARK_LIVING_THING_ANSWER,
  PARK_LIVING_THING_LIST_ANSWER,
} from './responses';
import { getLivingThing } from './services/getLivingThing';
import { getParkLivingThing } from './services/getParkLivingThing';
import { listLivingThings } from './services/listLivingThings';
import { listParkLivingThings } from './services/listParkLivingThings';

const MAX_AGE = 60;

export const livingThingRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/living-things',
    options: {
      response: LIVING_THING_LIST_ANSWER,
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'living-things'],
      description: 'Species by keyword, classification group, habitat group and park',
      auth: false,
      validate: {
        query: fields({
          keyword: optional(Joi.string().trim().max(100).allow('')),
          classification: optional(oneOf(LIVING_THING_GROUPS)),
          habitat: optional(oneOf(HABITATS)),
          park_id: optional(id()),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      const locale = request.app.locale;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { rows, total, totalCapped } = await listLivingThings(
          request.server.app.reads.db(),
          {
            keyword: q.keyword,
            group: q.classification,
            habitat: q.habitat,
            parkId: q.park_id,
            page: q.page,
            perPage: q.per_page,
          },
          locale,
        );
        return {
          data: rows.map((r) => presentLivingThingSummary(r, locale)),
          meta: pageMeta(q.page, q.per_page, total, totalCapped),
        };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/living-things/{id}',
    options: {
      response: LIVING_THING_ANSWER,
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'living-things'],
      description: 'One species: classification, habitat, diet, sizes, number of species, the parks that keep it',
      auth: false,
      validate: { params: fields({ id: id() }) },
    },
    handler(request, h) {
      const { id: livingThingId } = request.params;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { row, keepers, followerCount } = await getLivingThing(request.server.app.reads.db(), livingThingId);
        return { data: presentLivingThingDetail(row, keepers, followerCount, request.app.locale), meta: {} };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/park-living-things',
    options: {
      response: PARK_LIVING_THING_LIST_ANSWER,
      plugins: answers({ ...LIST, ...NOT_MODIFIED }),
      tags: ['api', 'living-things'],
      description: "Parks' animals (nicknamed individuals and groups) by park, species and keyword",
      auth: false,
      validate: {
        query: fields({
          park_id: optional(id()),
          living_thing_id: optional(id()),
          keyword: optional(Joi.string().trim().max(100).allow('')),
          ...pagingQuery,
        }),
      },
    },
    handler(request, h) {
      const q = request.query;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { rows, total, totalCapped } = await listParkLivingThings(request.server.app.reads.db(), {
          parkId: q.park_id,
          livingThingId: q.living_thing_id,
          keyword: q.keyword,
          page: q.page,
          perPage: q.per_page,
        });
        return {
          data: rows.map((r) => presentParkLivingThingSummary(r, request.app.locale)),
          meta: pageMeta(q.page, q.per_page, total, totalCapped),
        };
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/park-living-things/{id}',
    options: {
      response: PARK_LIVING_THING_ANSWER,
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'living-things'],
      description: "One park's animal: nickname, birthday, gender, approximate number bred, species",
      auth: false,
      validate: { params: fields({ id: id() }) },
    },
    handler(request, h) {
      const { id: animalId } = request.params;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => {
        const { row, storyCount } = await getParkLivingThing(request.server.app.reads.db(), animalId);
        return { data: presentParkLivingThingDetail(row, storyCount, request.app.locale), meta: {} };
      });
    },
  }),
];
