// The hapi server as the app and the status worker (statusServer.ts) both make it: options, keep-alive timeouts
// and the request logger.
import Hapi, { type Request, type ServerRegisterPluginObject } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import Qs from 'qs';
import type { Config } from './config';
import { validationFailAction } from './plugins/errors';

export function hapiServer(config: Config, port: number) {
  const server = Hapi.server({
    port,
    host: config.host,
    // The PWA writes arrays bracket-style (a[]=1&a[]=2).
    query: { parser: (query) => Qs.parse(query, { arrayLimit: 100, depth: 2 }) },
    routes: {
      validate: { failAction: validationFailAction, options: { abortEarly: true, convert: true } },
      // Routes describe their answers in `response.status` (Joi) for the OpenAPI document; hapi never checks them
      // (sample 0): the integration tests check every answer against the document instead (test/contract.ts).
      response: { emptyStatusCode: 204, sample: 0 },
      // HSTS, Content-Security-Policy and Permissions-Policy: plugins/security.ts.
      security: { xframe: 'deny', noSniff: true, referrer: 'strict-origin-when-cross-origin', hsts: false },
    },
    router: { stripTrailingSlash: false },
    // A malformed cookie from elsewhere must not break our pages.
    state: { strictHeader: false, ignoreErrors: true },
  });
  // Idle keep-alive connections stay open longer than the proxies and clients in front keep theirs (haproxy, a
  // load balancer, fetch's and Playwright's agents): a server that closes first races a request sent on the same
  // socket, which the client sees as ECONNRESET (seen in CI). Stopping still ends idle connections at once.
  server.listener.keepAliveTimeout = 65_000;
  server.listener.headersTimeout = 66_000;
  return server;
}

/** The request logger (pino), for server.register. */
export function requestLogger(config: Config): ServerRegisterPluginObject<HapiPino.Options> {
  return {
    plugin: HapiPino,
    options: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ignorePaths: ['/api/health'],
      logRequestStart: false,
      // Each request's logger is bound to its id, method and path, not to the whole request: pino serialises and
      // redacts the bindings as the logger is made, on every request whatever the level (5 % of a catalogue read's
      // CPU, for lines a warn-level server never writes).
      getChildBindings: (request: Request) => ({ reqId: request.info.id, method: request.method, path: request.path }),
    },
  };
}
