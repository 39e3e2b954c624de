// Two-factor sign-in (TOTP): an account turns it on (a secret shown as an otpauth:// URI, confirmed by a first code;
// recovery codes shown once), answers the sign-in challenge with a code or a recovery code, and turns it off with a
// code. Owners require it per park (server/features/staff/routes.ts).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { message } from '../../../common/messages';
import { hitRateLimits } from '../../lib/rateLimit';
import { clientIp } from '../../lib/request';
import { answers } from '../../lib/routeKit';
import { fields, optional, route } from '../../lib/typedInput';
import { type AuthCredentials, REQUIRED } from '../../plugins/auth';
import {
  TWO_FACTOR_OFF_ANSWER,
  TWO_FACTOR_ON_ANSWER,
  TWO_FACTOR_SETUP_ANSWER,
  TWO_FACTOR_STATUS_ANSWER,
} from './responses';
import { confirmTotp } from './services/confirmTotp';
import { disableTotp } from './services/disableTotp';
import { setupTotp } from './services/setupTotp';
import { answerChallenge } from './services/signInChallenge';
import { twoFactorStatus } from './services/twoFactorStatus';

const who = (request: Pick<Request, 'auth'>) => request.auth.credentials as AuthCredentials;
const code = Joi.string()
  .trim()
  .pattern(/^\d{6}$/)
  .description('The 6-digit code of the authenticator app');
const recoveryCode = Joi.string().trim().min(8).max(32).description('One of the recovery codes (xxxxx-xxxxx)');
const factor = { code: optional(code), recovery_code: optional(recoveryCode) };
const PARENT = { access: 'parent' as const };
const NO_STORE = 'private, no-store';
const perUser = (request: Pick<Request, 'auth' | 'server'>, action: string) =>
  hitRateLimits(request.server.app.knex, [
    { key: `${action}:user:${who(request).userId}`, max: 10, windowSeconds: 900 },
  ]);

export const twoFactorRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/me/two-factor',
    options: {
      response: TWO_FACTOR_STATUS_ANSWER,
      auth: REQUIRED,
      app: PARENT,
      tags: ['api', 'me'],
      description: 'Whether two-factor sign-in is on, recovery codes left, and the parks that require it',
    },
    async handler(request, h) {
      const data = await twoFactorStatus(request.server.app.knex, who(request).userId);
      return h.response({ data, meta: {} }).header('cache-control', NO_STORE);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/two-factor/setup',
    options: {
      response: TWO_FACTOR_SETUP_ANSWER,
      auth: REQUIRED,
      app: PARENT,
      plugins: answers({ 409: 'Already on (totpAlreadyEnabled)' }),
      tags: ['api', 'me'],
      description:
        'Start turning on two-factor sign-in: a new secret as an otpauth:// URI (draw it as a QR code) and in base32; ' +
        'it takes effect once a first code confirms it',
    },
    async handler(request, h) {
      const { knex, config } = request.server.app;
      const data = await setupTotp(knex, config, who(request).userId);
      return h.response({ data, meta: {} }).header('cache-control', NO_STORE);
    },
  },
  route({
    method: 'POST',
    path: '/api/v1/me/two-factor/confirm',
    options: {
      response: TWO_FACTOR_ON_ANSWER,
      auth: REQUIRED,
      app: PARENT,
      plugins: answers({
        409: 'Already on, or no setup started (totpAlreadyEnabled, totpNoSetup)',
        422: 'The code is not right (totpCodeWrong)',
        429: 'Too many attempts (rateLimited)',
      }),
      tags: ['api', 'me'],
      description:
        "Confirm with the app's first code: two-factor sign-in is on, the account's other sessions end, and ten " +
        'recovery codes are answered (shown this once)',
      validate: { payload: fields({ code }) },
    },
    async handler(request, h) {
      await perUser(request, 'totp-confirm');
      const { knex, config } = request.server.app;
      const c = who(request);
      const { code: given } = request.payload;
      const data = await confirmTotp(knex, config, c.userId, c.sessionId, given);
      return h
        .response({ data, meta: { message: message('twoFactorEnabled', request.app.locale) } })
        .header('cache-control', NO_STORE);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/two-factor/disable',
    options: {
      response: TWO_FACTOR_OFF_ANSWER,
      auth: REQUIRED,
      app: PARENT,
      plugins: answers({
        409: 'Not on, or a park of the account requires it (totpNotEnabled, totpRequiredCannotDisable)',
        422: 'The code is not right or was used (totpCodeWrong, totpCodeUsed)',
        429: 'Too many attempts (rateLimited)',
      }),
      tags: ['api', 'me'],
      description: 'Turn two-factor sign-in off with a current code or a recovery code',
      validate: { payload: fields(factor).xor('code', 'recovery_code') },
    },
    async handler(request, h) {
      await perUser(request, 'totp-disable');
      const p = request.payload;
      const { knex, config } = request.server.app;
      await disableTotp(knex, config, who(request).userId, { code: p.code, recoveryCode: p.recovery_code });
      return h
        .response({ data: null, meta: { message: message('twoFactorDisabled', request.app.locale) } })
        .header('cache-control', NO_STORE);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/login/two-factor',
    options: {
      plugins: answers({
        200: { description: 'Signed in', kind: 'token' },
        401:
          'The code is not right or was used, or the challenge expired or had five tries (totpCodeWrong, ' +
          'totpCodeUsed, totpChallengeExpired)',
        429: 'Too many attempts (rateLimited)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description:
        'The second step of signing in to an account with two-factor sign-in: the challenge from the first step and ' +
        'a 6-digit code (±30 s, each code once) or a recovery code; answers access_token and expires_in',
      validate: {
        payload: fields({ challenge: Joi.string().guid(), ...factor }).xor('code', 'recovery_code'),
      },
    },
    async handler(request, h) {
      const { knex, config } = request.server.app;
      const limit = 50 * config.rateLimitFactor;
      await hitRateLimits(knex, [{ key: `login-2fa:ip:${clientIp(request)}`, max: limit, windowSeconds: 900 }]);
      const p = request.payload;
      const token = await answerChallenge(knex, config, p.challenge, { code: p.code, recoveryCode: p.recovery_code });
      return h.response(token).header('cache-control', NO_STORE);
    },
  }),
];
