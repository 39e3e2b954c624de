// The waiting room's status poll alone, for the status worker (statusWorker.ts): the same route, sign-in, errors,
// languages and headers as the app's, without the rest of the app (no jobs, pages, payments or other routes).
import './types';
import type { Knex } from 'knex';
import type { Config } from './config';
import { systemRoutes } from './features/system/routes';
import { waitingRoomStatusRoute } from './features/waitingRoom';
import { hapiServer, requestLogger } from './hapiServer';
import { systemClock } from './lib/clock';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { inputGuardPlugin } from './plugins/inputGuard';
import { securityPlugin } from './plugins/security';
import { unreadBodyPlugin } from './plugins/unreadBody';

export async function createStatusServer(config: Config, knex: Knex, port: number) {
  const server = hapiServer(config, port);
  server.app.config = config;
  // A test clock lives in the app's main thread: this worker is for production and benches (no testClock routes).
  server.app.clock = systemClock;
  await server.register(requestLogger(config));
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
