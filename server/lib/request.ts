import type { Request } from '@hapi/hapi';

/** The client address: the left-most X-Forwarded-For entry behind a proxy, else the socket. */
export function clientIp(request: Request): string {
  const forwarded = request.headers['x-forwarded-for'] as string | undefined;
  return forwarded?.split(',')[0]?.trim() || request.info.remoteAddress;
}
