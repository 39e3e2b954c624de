// The PassKit authenticationToken of a serial: an HMAC under the app secret, so nothing is stored and a device
// can only speak for the passes it was given.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const passAuthToken = (appSecret: string, serial: string) =>
  createHmac('sha256', appSecret).update(`passkit:${serial}`).digest('base64url');

/** `Authorization: ApplePass <token>` for this serial. */
export function passAuthorised(appSecret: string, serial: string, header: string | undefined): boolean {
  const given = /^ApplePass\s+(\S+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const want = Buffer.from(passAuthToken(appSecret, serial));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}
