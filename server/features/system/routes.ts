import type { ServerRoute } from '@hapi/hapi';
import { answers } from '../../lib/routeKit';

const HEALTH = {
  type: 'object',
  required: ['status', 'database', 'replica'],
  properties: {
    status: { enum: ['ok', 'degraded'] },
    database: { enum: ['up', 'down'] },
    /** The catalogue's read replica (DATABASE_REPLICA_URL): unset, in use, or skipped and why. */
    replica: { enum: ['none', 'inUse', 'unreachable', 'notStandby', 'lagging', 'notChecked'] },
  },
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
      const r = request.server.app.reads.status();
      const replica = !r.configured ? 'none' : r.inUse ? 'inUse' : (r.reason ?? 'notChecked');
      try {
        await request.server.app.knex.raw('select 1');
        return h
          .response({ data: { status: 'ok', database: 'up', replica }, meta: {} })
          .header('cache-control', 'no-store');
      } catch (err) {
        request.log(['error', 'health'], err as Error);
        return h
          .response({ data: { status: 'degraded', database: 'down', replica }, meta: {} })
          .code(503)
          .header('cache-control', 'no-store');
      }
    },
  },
];
