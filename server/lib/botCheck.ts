import { createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
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

/** Where used local tokens are remembered: `claim` answers true the first time a nonce is seen, false after. */
export interface UsedTokenStore {
  claim(nonce: string, expiresAt: number): Promise<boolean>;
}

/** In this process only (unit tests, a single instance without a database at hand). */
export function memoryTokenStore(): UsedTokenStore {
  const used = new Map<string, number>();
  return {
    async claim(nonce, expiresAt) {
      const now = Date.now();
      for (const [n, expires] of used) if (expires <= now) used.delete(n);
      // No await between the check and the mark: two requests with one token cannot both pass.
      if (used.has(nonce)) return false;
      used.set(nonce, expiresAt);
      return true;
    },
  };
}

/** In the database, so a token works once across every instance behind a balancer. */
export function dbTokenStore(knex: Knex): UsedTokenStore {
  let lastSweep = 0;
  return {
    async claim(nonce, expiresAt) {
      const now = Date.now();
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        await knex('bot_check_uses').where('expires_at', '<', new Date(now)).delete();
      }
      const rows = await knex('bot_check_uses')
        .insert({ nonce, expires_at: new Date(expiresAt) })
        .onConflict('nonce')
        .ignore()
        .returning('nonce');
      return rows.length === 1;
    },
  };
}

/**
 * The local challenge (the demo and tests; also any start without Turnstile keys): the widget asks the server
 * for a token `<ms>.<nonce>.<HMAC>` that the form sends back. It proves the form was loaded from us recently, and
 * it works once: the nonce of a verified token is claimed in `store` (the database in the server) until the token
 * expires, and a second use is refused.
 */
export function localVerifier(
  secret: string,
  store: UsedTokenStore = memoryTokenStore(),
): BotVerifier & { issue(now?: number): string } {
  const sign = (payload: string) => createHmac('sha256', secret).update(`bot-check:${payload}`).digest('base64url');
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
      const expires = Number(ts) + LOCAL_TOKEN_TTL_MS;
      if (Date.now() > expires) return false;
      if (!safeEqual(mac, sign(`${ts}.${nonce}`))) return false;
      return store.claim(nonce, expires);
    },
  };
}
