import { createHmac } from 'node:crypto';
import { safeEqual } from './secrets';

/** Tells humans from bots on registration and sign-in forms. */
export interface BotVerifier {
  readonly kind: 'turnstile' | 'local';
  /** Public key for the browser widget (Turnstile site key); null for the local verifier. */
  readonly siteKey: string | null;
  verify(token: string | undefined, remoteIp?: string): Promise<boolean>;
}

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Cloudflare Turnstile: the server checks the widget's token with siteverify. */
export function turnstileVerifier(siteKey: string, secretKey: string, fetchImpl: typeof fetch = fetch): BotVerifier {
  return {
    kind: 'turnstile',
    siteKey,
    async verify(token, remoteIp) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await fetchImpl(SITEVERIFY, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
        const json = (await res.json()) as { success?: boolean };
        return json.success === true;
      } catch {
        return false;
      }
    },
  };
}

const LOCAL_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * Development and tests: the local widget asks the server for a challenge token (an HMAC of a timestamp),
 * which the form sends back. Proves the form was loaded from us recently; no third party involved.
 */
export function localVerifier(secret: string): BotVerifier & { issue(now?: number): string } {
  const sign = (ts: string) => createHmac('sha256', secret).update(`bot-check:${ts}`).digest('base64url');
  return {
    kind: 'local',
    siteKey: null,
    issue(now = Date.now()) {
      const ts = String(now);
      return `${ts}.${sign(ts)}`;
    },
    async verify(token) {
      if (!token) return false;
      const [ts, mac] = token.split('.');
      if (!ts || !mac || !/^\d+$/.test(ts)) return false;
      if (Date.now() - Number(ts) > LOCAL_TOKEN_TTL_MS) return false;
      return safeEqual(mac, sign(ts));
    },
  };
}
