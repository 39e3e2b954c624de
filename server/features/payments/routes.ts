import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { message } from '../../../common/messages';
import { validateHolderName } from '../../../common/rules/card';
import { answers } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { NOTIFYING_PROVIDERS } from './provider';
import { isProviderConfigured } from './providers';
import { deleteCard } from './services/deleteCard';
import { getPayment } from './services/getPayment';
import { handleBrowserReturn } from './services/handleBrowserReturn';
import { handleProviderNotification } from './services/handleProviderNotification';
import { listCards } from './services/listCards';
import { registerCard } from './services/registerCard';
import { setDefaultCard } from './services/setDefaultCard';
import { presentPayment } from './store';

const paymentId = Joi.object({ id: Joi.string().guid().required() });
const cardId = Joi.object({ id: Joi.number().integer().min(1).max(2_147_483_647).required() });
const noStore = 'private, no-store';

const holderName = Joi.string()
  .trim()
  .allow('', null)
  .custom((v: string, helpers) => (!v || validateHolderName(v) === null ? v : helpers.error('any.invalid')))
  .error(new Error('cardHolderInvalid'));

export const paymentRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/payments/config',
    options: {
      auth: false,
      tags: ['api', 'payments'],
      description: 'Which payment methods are available, and where the PWA tokenises card data',
    },
    handler(request, h) {
      const config = request.server.app.config;
      const gmo = config.payments.gmo;
      return h
        .response({
          data: {
            card: {
              available: Boolean(gmo),
              sandbox: Boolean(gmo?.sandbox),
              shopId: gmo?.shopId ?? null,
              // The sandbox tokeniser; with real GMO the PWA loads GMO's token script with this shop id.
              tokenUrl: gmo?.sandbox ? '/sandbox/gmo/token' : null,
            },
            paypay: { available: isProviderConfigured(config, 'paypay') },
            merpay: { available: isProviderConfigured(config, 'merpay') },
          },
          meta: {},
        })
        .header('cache-control', 'no-cache');
    },
  },
  {
    method: 'GET',
    path: '/api/v1/payments/{id}',
    options: {
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description: 'A payment of the signed-in user: state, method, amount (404 for anyone else)',
      validate: { params: paymentId },
    },
    async handler(request, h) {
      const { id } = request.params as { id: string };
      const payment = await getPayment(request.server.app.knex, id, currentUserId(request));
      return h
        .response({ data: presentPayment(payment, request.app.locale), meta: {} })
        .header('cache-control', noStore);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/payments/{id}/return',
    options: {
      plugins: answers({ 503: 'The payment provider is unavailable (paymentUnavailable)' }),
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'The browser is back from the provider (/payment/gmo/callback, PayPay / merpay return): the result is asked from the provider server-to-server; answers the payment',
      validate: { params: paymentId, payload: Joi.object({ query: Joi.object().unknown(true) }).allow(null) },
    },
    async handler(request, h) {
      const { id } = request.params as { id: string };
      const app = request.server.app;
      const payment = await handleBrowserReturn(app.knex, app.config, app.paymentOutcome, {
        paymentId: id,
        userId: currentUserId(request),
        query: (request.payload as { query?: Record<string, unknown> } | null)?.query,
      });
      const view = presentPayment(payment, request.app.locale);
      return h
        .response({ data: view, meta: view.failureMessage ? { message: view.failureMessage } : {} })
        .header('cache-control', noStore);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/payments/notifications/{provider}',
    options: {
      plugins: answers({
        200: { description: "The provider's acknowledgement (JSON or text, as the provider expects)", kind: 'ack' },
        401: 'Signature or shared secret wrong (paymentNotificationRejected)',
        503: 'The provider is not configured (paymentUnavailable)',
      }),
      auth: false,
      tags: ['api', 'payments'],
      description: 'Server-to-server result notifications (GMO shared-secret hash, PayPay / merpay HMAC signature)',
      validate: {
        params: Joi.object({
          provider: Joi.string()
            .valid(...NOTIFYING_PROVIDERS)
            .required(),
        }),
      },
      payload: { parse: false, output: 'data', maxBytes: 64 * 1024 },
    },
    async handler(request, h) {
      const { provider } = request.params as { provider: string };
      const app = request.server.app;
      const rawBody = Buffer.isBuffer(request.payload) ? request.payload : Buffer.from(String(request.payload ?? ''));
      const { ack } = await handleProviderNotification(app.knex, app.config, app.paymentOutcome, provider, {
        headers: request.headers as Record<string, string | string[] | undefined>,
        rawBody,
      });
      return h.response(ack.body).type(ack.contentType).code(200);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/cards',
    options: {
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Registered cards (parent accounts)',
    },
    async handler(request, h) {
      const cards = await listCards(request.server.app.knex, currentUserId(request));
      return h.response({ data: cards, meta: {} }).header('cache-control', noStore);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/cards',
    options: {
      plugins: answers({
        200: null,
        201: 'Card registered',
        503: 'The card provider is unavailable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      // Parent accounts only: kids accounts cannot pay or keep cards.
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Register a card from a tokeniser token (at most 5)',
      validate: {
        payload: Joi.object({
          token: Joi.string().trim().min(1).max(512).required(),
          holder_name: holderName,
          default: Joi.boolean(),
        }),
      },
    },
    async handler(request, h) {
      const userId = currentUserId(request);
      const p = request.payload as { token: string; holder_name?: string | null; default?: boolean };
      const app = request.server.app;
      const { card } = await registerCard(app.knex, app.config, userId, {
        token: p.token,
        holderName: p.holder_name || null,
        makeDefault: p.default,
      });
      return h.response({ data: card, meta: { message: message('cardSaved', request.app.locale) } }).code(201);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/me/cards/{id}/default',
    options: {
      auth: REQUIRED,
      // Parent accounts only: kids accounts cannot pay or keep cards.
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Make a registered card the default; answers the list',
      validate: { params: cardId },
    },
    async handler(request) {
      const userId = currentUserId(request);
      const { id } = request.params as { id: number };
      const cards = await setDefaultCard(request.server.app.knex, userId, id);
      return { data: cards, meta: { message: message('cardSaved', request.app.locale) } };
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/cards/{id}',
    options: {
      plugins: answers({
        409: 'The card pays for a lottery entry at its draw (cardInUseByLottery)',
        503: 'The card provider is unavailable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      // Parent accounts only: kids accounts cannot pay or keep cards.
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Delete a registered card (at the provider too)',
      validate: { params: cardId },
    },
    async handler(request) {
      const userId = currentUserId(request);
      const { id } = request.params as { id: number };
      await deleteCard(request.server.app.knex, request.server.app.config, userId, id);
      return { data: null, meta: { message: message('cardDeleted', request.app.locale) } };
    },
  },
];
