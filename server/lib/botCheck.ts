import { createHmac, randomBytes } from 'node:crypto';
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
 * The local challenge (the demo and tests; also any start without Turnstile keys): the widget asks the server
 * for a token `<ms>.<nonce>.<HMAC>` that the form sends back. It proves the form was loaded from us recently, and
 * it works once: a verified token is remembered until it expires and refused the second time.
 * The memory is this process's: behind a balancer with several instances a token could pass once per instance;
 * there, configure Turnstile (Cloudflare's siteverify is single use across instances) or keep the used nonces in
 * the database.
 */
export function localVerifier(secret: string): BotVerifier & { issue(now?: number): string } {
  const sign = (payload: string) => createHmac('sha256', secret).update(`bot-check:${payload}`).digest('base64url');
  /** Nonces already used, with the time their token expires anyway. */
  const used = new Map<string, number>();
  const forgetExpired = (now: number) => {
    for (const [nonce, expires] of used) if (expires <= now) used.delete(nonce);
  };
  return {
    kind: 'local',
    siteKey: null,
    issue(now = Date.now()) {
      const payload = `${now}.${randomBytes(12).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    async verify(token) {
      if (!token) return false;
      const [ts, nonce, mac, ...rest] = token.split('.');
      if (!ts || !nonce || !mac || rest.length || !/^\d+$/.test(ts)) return false;
      const now = Date.now();
      const expires = Number(ts) + LOCAL_TOKEN_TTL_MS;
      if (now > expires) return false;
      if (!safeEqual(mac, sign(`${ts}.${nonce}`))) return false;
      // No await between the check and the mark: two requests with one token cannot both pass.
      forgetExpired(now);
      if (used.has(nonce)) return false;
      used.set(nonce, expires);
      return true;
    },
  };
}
