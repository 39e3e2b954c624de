import type { Request } from '@hapi/hapi';

/**
 * The client address: the left-most X-Forwarded-For entry when the app runs behind a proxy that sets it
 * (TRUST_PROXY), else the socket's. Without a proxy the header is the client's own word, so it is ignored
 * (rate limits keyed on it could otherwise be dodged by sending a new one each time).
 */
export function clientIp(request: Request): string {
  if (request.server.app.config.trustProxy) {
    const forwarded = request.headers['x-forwarded-for'] as string | undefined;
    const first = forwarded?.split(',')[0]?.trim();
    if (first) return first;
  }
  return request.info.remoteAddress;
}

/**
 * A path parameter of a route that has no params schema (the payment sandboxes, which speak the providers'
 * protocols): hapi gives the matched segment as a string.
 */
export function pathParam(request: Pick<Request, 'params'>, name: string): string {
  const value: unknown = request.params[name];
  if (typeof value !== 'string') throw new Error(`no path parameter ${name}`);
  return value;
}
