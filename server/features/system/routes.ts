import type { ServerRoute } from '@hapi/hapi';
import { answers } from '../../lib/routeKit';

const HEALTH = {
  type: 'object',
  required: ['status', 'database'],
  properties: { status: { enum: ['ok', 'degraded'] }, database: { enum: ['up', 'down'] } },
};

export const systemRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/health',
    options: {
      plugins: answers({
        200: { description: 'Up', data: HEALTH },
        503: { description: 'The database is unreachable', kind: 'json', data: HEALTH },
      }),
      auth: false,
      tags: ['api', 'system'],
      description: 'Liveness with database reachability',
    },
    async handler(request, h) {
      try {
        await request.server.app.knex.raw('select 1');
        return h.response({ data: { status: 'ok', database: 'up' }, meta: {} }).header('cache-control', 'no-store');
      } catch (err) {
        request.log(['error', 'health'], err as Error);
        return h
          .response({ data: { status: 'degraded', database: 'down' }, meta: {} })
          .code(503)
          .header('cache-control', 'no-store');
      }
    },
  },
];
