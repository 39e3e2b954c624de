// The waiting room's status poll alone, for the status worker (statusWorker.ts): the same route, sign-in, errors,
// languages and headers as the app's, without the rest of the app (no jobs, pages, payments or other routes).
import './types';
import Hapi from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import type { Knex } from 'knex';
import type { Config } from './config';
import { systemRoutes } from './features/system/routes';
import { waitingRoomStatusRoute } from './features/waitingRoom';
import { systemClock } from './lib/clock';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, validationFailAction } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { inputGuardPlugin } from './plugins/inputGuard';
import { securityPlugin } from './plugins/security';
import { unreadBodyPlugin } from './plugins/unreadBody';

export async function createStatusServer(config: Config, knex: Knex, port: number) {
  const server = Hapi.server({
    port,
    host: config.host,
    routes: {
      validate: { failAction: validationFailAction, options: { abortEarly: true, convert: true } },
      response: { emptyStatusCode: 204, sample: 0 },
      security: { xframe: 'deny', noSniff: true, referrer: 'strict-origin-when-cross-origin', hsts: false },
    },
    router: { stripTrailingSlash: false },
    state: { strictHeader: false, ignoreErrors: true },
  });
  // As the app's listener (server.ts): idle keep-alive connections outlive the balancer's.
  server.listener.keepAliveTimeout = 65_000;
  server.listener.headersTimeout = 66_000;
  server.app.config = config;
  // A test clock lives in the app's main thread: this worker is for production and benches (no testClock routes).
  server.app.clock = systemClock;
  await server.register({
    plugin: HapiPino,
    options: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      logRequestStart: false,
      getChildBindings: (request: Hapi.Request) => ({
        reqId: request.info.id,
        method: request.method,
        path: request.path,
      }),
    },
  });
  await server.register({ plugin: dbPlugin, options: { knex } });
  await server.register(i18nPlugin);
  await server.register(errorsPlugin);
  await server.register(unreadBodyPlugin);
  await server.register(inputGuardPlugin);
  await server.register(authPlugin);
  await server.register(securityPlugin);
  // The health route too: the balancer checks this port as it checks the app's.
  server.route([waitingRoomStatusRoute, ...systemRoutes]);
  return server;
}
