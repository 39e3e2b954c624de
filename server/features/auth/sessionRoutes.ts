import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { DomainError } from '../../lib/errors';
import { answers } from '../../lib/routeKit';
import { fields, oneOf, optional, orNull, route } from '../../lib/typedInput';
import { EXPIRY_COOKIE, sameOrigin, tokenCookieName } from '../../plugins/auth';
import { revokeSession, verifyAccessToken } from './accessToken';

/**
 * POST /api/access-token (our own server): the PWA hands over access_token and expires_in; the token goes into
 * an http-only cookie (host-only prefixed except on plain-http localhost). A negative expires_in signs out.
 */
export const sessionRoutes: ServerRoute[] = [
  route({
    method: 'POST',
    path: '/api/access-token',
    options: {
      plugins: answers({
        200: null,
        204: 'Cookie set (or cleared)',
        401: 'The token is not valid',
        403: 'Not from our own origin (csrf)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Store the access token in a secure http-only cookie; negative expires_in logs out',
      validate: {
        payload: fields({
          access_token: optional(orNull(Joi.string().max(4096).allow(''))),
          expires_in: Joi.number()
            .integer()
            .min(-1_000_000_000)
            .max(60 * 60 * 24 * 365),
          token_type: optional(oneOf(['Bearer'] as const)),
        }),
      },
    },
    async handler(request, h) {
      const { config, knex } = request.server.app;
      const { access_token: token, expires_in: expiresIn } = request.payload;
      const cookie = tokenCookieName(config.publicUrl);
      // Only our own pages may set or clear the session cookie (no login CSRF).
      if (!sameOrigin(request, config.publicUrl)) throw new DomainError('csrf');
      if (expiresIn < 0) {
        const current = token || (request.state as Record<string, string | undefined>)[cookie];
        if (current) {
          try {
            await revokeSession(knex, verifyAccessToken(current, config).jti);
          } catch {
            // an expired or foreign token: nothing to revoke
          }
        }
        return h.response().code(204).unstate(cookie).unstate(EXPIRY_COOKIE);
      }
      // A token left out or null is no token (refused below).
      const given = token ?? '';
      let claims: ReturnType<typeof verifyAccessToken>;
      try {
        claims = verifyAccessToken(given, config);
      } catch {
        throw Boom.unauthorized();
      }
      const ttlMs = Math.min(expiresIn * 1000, claims.exp * 1000 - Date.now());
      return h
        .response()
        .code(204)
        .state(cookie, given, { ttl: ttlMs })
        .state(EXPIRY_COOKIE, String(claims.exp), { ttl: ttlMs });
    },
  }),
];
