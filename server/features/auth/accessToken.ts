import { createHmac, randomUUID } from 'node:crypto';
import Jwt from '@hapi/jwt';
import type { Knex } from 'knex';
import type { Config } from '../../config';

export const JWT_ALGORITHMS = ['HS256'] as const;
const ISSUER = 'zoopass';

export interface AccessTokenClaims {
  sub: string;
  jti: string;
  aud: string;
  iss: string;
  exp: number;
  /** The parent acting as a kid, when switched. */
  act?: number;
}

/** Derived once per secret: every request's token check needs it (a waiting room's crowd polls by the thousand). */
const keys = new Map<string, Buffer>();

export function jwtKey(config: Config): Buffer {
  let key = keys.get(config.appSecret);
  if (!key) {
    key = createHmac('sha256', config.appSecret).update('access-token-signing-key').digest();
    keys.set(config.appSecret, key);
  }
  return key;
}

/** The spec's token response: access_token and expires_in (seconds). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Opens a revocable session row and signs a JWT for it. */
export async function issueAccessToken(
  trx: Knex | Knex.Transaction,
  config: Config,
  userId: number,
  actorId: number | null = null,
): Promise<TokenResponse> {
  const jti = randomUUID();
  const ttl = config.accessTokenTtl;
  await trx('sessions').insert({
    id: jti,
    user_id: userId,
    actor_id: actorId,
    expires_at: new Date(Date.now() + ttl * 1000),
  });
  const payload: Record<string, unknown> = { sub: String(userId), jti, aud: config.publicUrl, iss: ISSUER };
  if (actorId) payload.act = actorId;
  const token = Jwt.token.generate(payload, { key: jwtKey(config), algorithm: 'HS256' }, { ttlSec: ttl });
  return { access_token: token, token_type: 'Bearer', expires_in: ttl };
}

/** Checks signature (HS256 only), exp, aud and iss. Throws on any failure. */
export function verifyAccessToken(token: string, config: Config): AccessTokenClaims {
  const artifacts = Jwt.token.decode(token);
  Jwt.token.verify(
    artifacts,
    { key: jwtKey(config), algorithm: JWT_ALGORITHMS[0] },
    { aud: config.publicUrl, iss: ISSUER, sub: false, timeSkewSec: 5 },
  );
  const payload = artifacts.decoded.payload as Partial<AccessTokenClaims>;
  if (typeof payload.exp !== 'number' || typeof payload.jti !== 'string' || !/^\d+$/.test(payload.sub ?? '')) {
    throw new Error('Invalid token claims');
  }
  return payload as AccessTokenClaims;
}

export async function revokeSession(trx: Knex | Knex.Transaction, jti: string): Promise<void> {
  await trx('sessions').where({ id: jti }).whereNull('revoked_at').update({ revoked_at: new Date() });
}
