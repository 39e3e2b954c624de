import type { ServerRoute } from '@hapi/hapi';
import { tokyoDate } from '../../../common/time';
import { cachedJson } from '../../lib/readCache';
import { answers, id, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, route } from '../../lib/typedInput';
import { presentParkMap } from './presentParkMap';
import { PARK_MAP_ANSWER } from './responses';
import { getParkMap } from './services/getParkMap';

const MAX_AGE = 60;

export const mapRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/parks/{id}/map',
    options: {
      response: PARK_MAP_ANSWER,
      plugins: answers({ ...NOT_MODIFIED, 404: 'No such public park' }),
      tags: ['api', 'parks'],
      description:
        "A park's map mode: the illustrated map, places and markers, the walkway graph, GPS control points and today's events and quests",
      auth: false,
      validate: { params: fields({ id: id() }) },
    },
    handler(request, h) {
      const { id: parkId } = request.params;
      const date = tokyoDate(request.server.app.clock.now());
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => ({
        data: presentParkMap(await getParkMap(request.server.app.knex, parkId, date), request.app.locale, date),
        meta: {},
      }));
    },
  }),
];
