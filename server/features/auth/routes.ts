import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { message } from '../../../common/messages';
import { DomainError } from '../../lib/errors';
import { hitRateLimits } from '../../lib/rateLimit';
import { clientIp } from '../../lib/request';
import { answers, id } from '../../lib/routeKit';
import { fields, oneOf, optional, orNoBody, orNull, route } from '../../lib/typedInput';
import { email, password, personName } from '../../lib/validation';
import { type AuthCredentials, REQUIRED } from '../../plugins/auth';
import type { TokenResponse } from './accessToken';
import { SOCIAL_PROVIDERS } from './localOidc';
import {
  BOT_CHECK_ANSWER,
  DONE_ANSWER,
  EMAIL_EXISTS_ANSWER,
  EMAIL_VERIFIED_ANSWER,
  MIRAIRO_FLAG_ANSWER,
  PASSWORD_VALID_ANSWER,
  REGISTERED_ANSWER,
  SOCIAL_URL_ANSWER,
  SOCIAL_USER_ANSWER,
} from './responses';
import { checkPassword } from './services/checkPassword';
import { forgotPassword } from './services/forgotPassword';
import { login } from './services/login';
import { logout } from './services/logout';
import { registerByEmail } from './services/registerByEmail';
import { resendVerification } from './services/resendVerification';
import { resetPassword } from './services/resetPassword';
import type { TwoFactorChallenge } from './services/signInChallenge';
import { findHandoff } from './services/socialHandoff';
import { linkMirairo, loginSocial, registerSocial } from './services/socialSignIn';
import { switchAccount } from './services/switchAccount';
import { verifyEmail } from './services/verifyEmail';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const ok = (request: Pick<Request, 'app'>, key: Parameters<typeof message>[0], data: unknown = null) => ({
  data,
  meta: { message: message(key, request.app.locale) },
});

async function botCheck(request: Request, token: string | undefined) {
  if (!(await request.server.app.botVerifier.verify(token, clientIp(request)))) {
    throw new DomainError('botCheckFailed');
  }
}

const limits = (
  request: Request,
  action: string,
  address: string | undefined,
  perAddress: number,
  perClient: number,
  window: number,
) => {
  const perClientMax = perClient * request.server.app.config.rateLimitFactor;
  const list = [{ key: `${action}:ip:${clientIp(request)}`, max: perClientMax, windowSeconds: window }];
  if (address) list.push({ key: `${action}:email:${address}`, max: perAddress, windowSeconds: window });
  return hitRateLimits(request.server.app.knex, list);
};

/** A session token (200), or 202 with a challenge when the account uses two-factor sign-in. */
const tokenOrChallenge = (h: ResponseToolkit, result: TokenResponse | TwoFactorChallenge) =>
  'two_factor_required' in result ? h.response(result).code(202).header('cache-control', 'no-store') : result;

const providerParam = () => fields({ provider: oneOf(SOCIAL_PROVIDERS) });
const handoff = () => Joi.string().guid();
const confirmation = () => Joi.string().valid(Joi.ref('password')).error(new Error('passwordMismatch'));

export const authRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/auth/bot-check',
    options: {
      response: BOT_CHECK_ANSWER,
      auth: false,
      tags: ['api', 'auth'],
      description: 'Bot-check settings: Turnstile site key, or a local challenge token',
    },
    handler(request) {
      const bot = request.server.app.botVerifier;
      return { data: { kind: bot.kind, site_key: bot.siteKey, token: bot.issue ? bot.issue() : null }, meta: {} };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/register',
    options: {
      response: REGISTERED_ANSWER,
      plugins: answers({
        200: null,
        201: 'Registration mail sent',
        409: 'Address already registered (emailTaken)',
        429: 'Too many attempts (rateLimited)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'E-mail registration: sends a verification link valid for 10 minutes',
      validate: {
        payload: fields({
          email: email(),
          password: password(),
          password_confirmation: confirmation(),
          name: personName(),
          bot_token: Joi.string().max(4096).error(new Error('botCheckFailed')),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      await limits(request, 'register', p.email, 5, 20, HOUR);
      await botCheck(request, p.bot_token);
      const { config, knex, mailer } = request.server.app;
      await registerByEmail(knex, config, mailer, {
        email: p.email,
        password: p.password,
        name: p.name,
        locale: request.app.locale,
      });
      return h.response(ok(request, 'registrationSent', { email: p.email })).code(201);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/register/check-email-exists',
    options: {
      response: EMAIL_EXISTS_ANSWER,
      plugins: answers({ 429: 'Too many attempts (rateLimited)' }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Whether an address already has a verified account',
      validate: { payload: fields({ email: email() }) },
    },
    async handler(request) {
      const { email: address } = request.payload;
      await limits(request, 'check-email', undefined, 0, 30, 10 * MINUTE);
      const row = await request.server.app
        .knex('users')
        .where({ email: address })
        .whereNull('deleted_at')
        .whereNotNull('email_verified_at')
        .first('id');
      return { data: { exists: !!row }, meta: {} };
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/auth/resend/email/verify',
    options: {
      response: DONE_ANSWER,
      plugins: answers({ 429: 'Too many attempts (rateLimited)' }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Resend the verification e-mail (same answer whether or not the address is pending)',
      validate: { query: fields({ email: email() }) },
    },
    async handler(request) {
      const { email: address } = request.query;
      await limits(request, 'resend', address, 3, 20, 10 * MINUTE);
      const { config, knex, mailer } = request.server.app;
      await resendVerification(knex, config, mailer, address);
      return ok(request, 'verificationResent');
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/email/verify/{token}',
    options: {
      response: EMAIL_VERIFIED_ANSWER,
      plugins: answers({
        409: 'The address was taken meanwhile (emailTaken)',
        410: 'The link expired (verificationExpired)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Open the registration link: valid once, within 10 minutes',
      validate: {
        params: fields({ token: Joi.string().max(100) }),
        query: fields({}).unknown(true),
      },
    },
    async handler(request) {
      const { token } = request.params;
      const result = await verifyEmail(request.server.app.knex, token);
      return ok(request, 'emailVerified', result);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/login',
    options: {
      plugins: answers({
        200: { description: 'Signed in', kind: 'token' },
        202: {
          description: 'Password right; the account uses two-factor sign-in: answer the challenge with a code',
          kind: 'challenge',
        },
        401: 'Wrong address or password (loginFailed)',
        403: 'Address not verified yet (emailNotVerified)',
        429: 'Too many attempts (rateLimited)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'E-mail sign-in: answers access_token and expires_in',
      validate: {
        payload: fields({
          email: email(),
          password: Joi.string().max(128),
          bot_token: Joi.string().max(4096).error(new Error('botCheckFailed')),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      await limits(request, 'login', p.email, 10, 50, 15 * MINUTE);
      await botCheck(request, p.bot_token);
      return tokenOrChallenge(h, await login(request.server.app.knex, request.server.app.config, p.email, p.password));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/logout',
    options: {
      response: DONE_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'auth'],
      description: "Sign out: the token is revoked, and this device's push subscription (`push_endpoint`) removed",
      validate: { payload: orNoBody(fields({ push_endpoint: optional(Joi.string().uri().max(2048)) })) },
    },
    async handler(request) {
      const who = request.auth.credentials as AuthCredentials;
      const pushEndpoint = request.payload?.push_endpoint;
      if (pushEndpoint) {
        await request.server.app
          .knex('push_subscriptions')
          .where({ user_id: who.userId, endpoint: pushEndpoint })
          .delete();
      }
      await logout(request.server.app.knex, who.sessionId, who.userId);
      return ok(request, 'loggedOut');
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/password/forgot',
    options: {
      response: DONE_ANSWER,
      plugins: answers({ 429: 'Too many attempts (rateLimited)' }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Mail a password reset link; never tells whether the address exists',
      validate: {
        payload: fields({ email: email(), bot_token: optional(orNull(Joi.string().max(4096).allow(''))) }),
      },
    },
    async handler(request) {
      const { email: address } = request.payload;
      await limits(request, 'forgot', address, 3, 20, HOUR);
      const { config, knex, mailer } = request.server.app;
      await forgotPassword(knex, config, mailer, address);
      return ok(request, 'forgotSent');
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/password/reset',
    options: {
      response: DONE_ANSWER,
      plugins: answers({ 429: 'Too many attempts (rateLimited)' }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Set a new password with the mailed token',
      validate: {
        payload: fields({
          email: email(),
          token: Joi.string().max(100),
          password: password(),
          password_confirmation: confirmation(),
        }),
      },
    },
    async handler(request) {
      const p = request.payload;
      await limits(request, 'reset', p.email, 10, 30, HOUR);
      await resetPassword(request.server.app.knex, p.email, p.token, p.password);
      return ok(request, 'newPasswordSet');
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/password/verify-password',
    options: {
      response: PASSWORD_VALID_ANSWER,
      plugins: answers({ 422: 'Wrong password (currentPasswordWrong)', 429: 'Too many attempts (rateLimited)' }),
      auth: REQUIRED,
      tags: ['api', 'auth'],
      description: "Confirm the signed-in user's password before a sensitive step",
      validate: { payload: fields({ password: Joi.string().max(128) }) },
    },
    async handler(request) {
      const who = request.auth.credentials as AuthCredentials;
      await hitRateLimits(request.server.app.knex, [
        { key: `verify-password:user:${who.userId}`, max: 10, windowSeconds: 15 * MINUTE },
      ]);
      await checkPassword(request.server.app.knex, who.userId, request.payload.password);
      return { data: { valid: true }, meta: {} };
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/auth/social/{provider}/url',
    options: {
      response: SOCIAL_URL_ANSWER,
      auth: false,
      tags: ['api', 'auth'],
      description: 'Where to send the browser to sign in or register with a provider',
      validate: {
        params: providerParam(),
        query: fields({ intent: oneOf(['login', 'register', 'link']).default('login') }),
      },
    },
    handler(request) {
      const { provider } = request.params;
      const { intent } = request.query;
      if (!request.server.app.config.social[provider]) throw new DomainError('notFound');
      return { data: { url: `/api/v1/auth/social/${provider}/connect?intent=${intent}` }, meta: {} };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/social/{provider}/user',
    options: {
      response: SOCIAL_USER_ANSWER,
      auth: false,
      tags: ['api', 'auth'],
      description: 'The identity behind a social user id: e-mail, name and whether it is registered',
      validate: { params: providerParam(), payload: fields({ social_user_id: handoff() }) },
    },
    async handler(request) {
      const { provider } = request.params;
      const identity = await findHandoff(request.server.app.knex, provider, request.payload.social_user_id);
      return {
        data: { provider, email: identity.email, name: identity.name, registered: !!identity.userId },
        meta: {},
      };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/login/social/{provider}',
    options: {
      plugins: answers({
        200: { description: 'Signed in', kind: 'token' },
        202: {
          description: 'The account uses two-factor sign-in: answer the challenge with a code',
          kind: 'challenge',
        },
        404: 'No account linked to this identity (socialNotLinked)',
        429: 'Too many attempts (rateLimited)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description: 'Sign in with a linked social identity',
      validate: { params: providerParam(), payload: fields({ social_user_id: handoff() }) },
    },
    async handler(request, h) {
      const { provider } = request.params;
      await limits(request, 'login-social', undefined, 0, 50, 15 * MINUTE);
      const id = request.payload.social_user_id;
      return tokenOrChallenge(h, await loginSocial(request.server.app.knex, request.server.app.config, provider, id));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/register/social/{provider}',
    options: {
      plugins: answers({
        200: null,
        201: { description: 'Registered and signed in', kind: 'token' },
        409: 'Identity or address already registered',
        429: 'Too many attempts (rateLimited)',
      }),
      auth: false,
      tags: ['api', 'auth'],
      description: "Register with a provider's identity; answers a token",
      validate: {
        params: providerParam(),
        payload: fields({ social_user_id: handoff(), name: personName(), email: optional(email()) }),
      },
    },
    async handler(request, h: ResponseToolkit) {
      const { provider } = request.params;
      const p = request.payload;
      await limits(request, 'register', p.email, 5, 20, HOUR);
      const token = await registerSocial(
        request.server.app.knex,
        request.server.app.config,
        provider,
        p.social_user_id,
        {
          name: p.name,
          email: p.email,
          locale: request.app.locale,
        },
      );
      return h.response(token).code(201);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/mirairo/mirairo_flag',
    options: {
      response: MIRAIRO_FLAG_ANSWER,
      plugins: answers({ 409: 'The identity is linked to another account (socialAlreadyLinked)' }),
      auth: REQUIRED,
      tags: ['api', 'auth'],
      description: 'Link the disability-ID service (Mirairo ID) to the signed-in account, or read the flag',
      validate: { payload: orNoBody(fields({ social_user_id: optional(Joi.string().guid()) })) },
    },
    async handler(request) {
      const who = request.auth.credentials as AuthCredentials;
      const id = request.payload?.social_user_id;
      if (id) await linkMirairo(request.server.app.knex, who.userId, id);
      const user = await request.server.app.knex('users').where({ id: who.userId }).first('disability_id');
      const flag = user?.disabilityId ? 1 : 0;
      return {
        data: { mirairo_flag: flag },
        meta: id ? { message: message('mirairoLinked', request.app.locale) } : {},
      };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/switch/{id}',
    options: {
      plugins: answers({
        200: { description: 'Now acting as that account', kind: 'token' },
        403: 'Wrong parent password (passwordIncorrect)',
      }),
      auth: REQUIRED,
      tags: ['api', 'auth'],
      description:
        "Act as one of your kids accounts, or switch back to the parent with the parent's `password` (400 without it, 403 when wrong)",
      validate: {
        params: fields({ id: id() }),
        payload: orNoBody(fields({ password: optional(Joi.string().max(128)) })),
      },
    },
    async handler(request) {
      const who = request.auth.credentials as AuthCredentials;
      const { id } = request.params;
      const password = request.payload?.password;
      return switchAccount(request.server.app.knex, request.server.app.config, who, id, password);
    },
  }),
];
