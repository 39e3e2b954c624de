import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { message } from '../../../common/messages';
import { INPUT_MAX } from '../../../common/rules/bankAccount';
import { validateHolderName } from '../../../common/rules/card';
import { answers, id, text } from '../../lib/routeKit';
import { fields, oneOf, optional, orNoBody, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { NOTIFYING_PROVIDERS } from './provider';
import { isProviderConfigured } from './providers';
import {
  BANK_CODES_ANSWER,
  CARD_DELETED_ANSWER,
  CARD_SAVED_ANSWER,
  CARDS_ANSWER,
  DEFAULT_CARD_ANSWER,
  KONBINI_SETTINGS_ANSWER,
  MY_BANK_TRANSFER_ANSWER,
  MY_BANK_TRANSFERS_ANSWER,
  PAYMENT_ANSWER,
  PAYMENT_RETURN_ANSWER,
  PAYMENTS_CONFIG_ANSWER,
  PENDING_KONBINI_ANSWER,
  REMITTER_ACCOUNT_ANSWER,
} from './responses';
import { deleteCard } from './services/deleteCard';
import { getBankTransfer } from './services/getBankTransfer';
import { getPayment, konbiniSlip, pendingKonbiniPayments } from './services/getPayment';
import { getRemitterAccount } from './services/getRemitterAccount';
import { handleBrowserReturn } from './services/handleBrowserReturn';
import { handleProviderNotification } from './services/handleProviderNotification';
import { getKonbiniSettings, setKonbiniSettings } from './services/konbiniSettings';
import { listCards } from './services/listCards';
import { listMyBankTransfers } from './services/listMyBankTransfers';
import { lookUpBankCodes } from './services/lookUpBankCodes';
import { registerCard } from './services/registerCard';
import { setBankAccount } from './services/setBankAccount';
import { setDefaultCard } from './services/setDefaultCard';
import { setRemitterAccount } from './services/setRemitterAccount';
import { presentPayment } from './store';

const paymentId = () => fields({ id: Joi.string().guid() });
const cardId = () => fields({ id: id() });
const noStore = 'private, no-store';

const holderName = Joi.string<string | null>()
  .trim()
  .allow('', null)
  .custom((v: string, helpers) => (!v || validateHolderName(v) === null ? v : helpers.error('any.invalid')))
  .error(new Error('cardHolderInvalid'));

/**
 * The account a konbini refund is transferred to: strings here; the service checks each field by the rules the PWA's
 * form shares (common/rules/bankAccount.ts) and names the one it refuses (bankCodeInvalid, holderKanaInvalid...).
 */
const BANK_ACCOUNT = fields({
  bank_code: text(INPUT_MAX).min(1),
  branch_code: text(INPUT_MAX).min(1),
  account_type: text(INPUT_MAX).min(1),
  account_number: text(INPUT_MAX).min(1),
  holder_kana: text(INPUT_MAX).min(1),
});
/** The park's remitting account (setRemitterAccount.ts checks each field, as above). */
const REMITTER_ACCOUNT = fields({
  consignor_code: text(INPUT_MAX).min(1),
  consignor_name: text(INPUT_MAX).min(1),
  bank_code: text(INPUT_MAX).min(1),
  branch_code: text(INPUT_MAX).min(1),
  account_type: text(INPUT_MAX).min(1),
  account_number: text(INPUT_MAX).min(1),
});

export const paymentRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/me/bank-transfers',
    options: {
      response: MY_BANK_TRANSFERS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'Your refunds of money paid at a convenience store still owed by bank transfer (awaiting your account, or ready for the park to transfer), oldest first',
    },
    async handler(request, h) {
      const list = await listMyBankTransfers(request.server.app.knex, currentUserId(request));
      return h.response({ data: list, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/bank-transfers/{id}',
    options: {
      response: MY_BANK_TRANSFER_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'A refund of money paid at a convenience store, owed by bank transfer: amount, state (awaiting_account, ready, transferred) and the account by its last three digits (404 for anyone but the order’s owner)',
      validate: { params: paymentId() },
    },
    async handler(request, h) {
      const answer = await getBankTransfer(request.server.app.knex, currentUserId(request), request.params.id);
      return h.response({ data: answer, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/bank-transfers/{id}/account',
    options: {
      response: MY_BANK_TRANSFER_ANSWER,
      plugins: answers({ 409: 'The refund was transferred already (bankTransferDone)' }),
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'The bank account the refund goes to: bank code (4 digits) and branch code (3 digits) on the Zengin list (their names come back), ordinary or current, up to 7 digits, holder in katakana (stored half-width; kanji and hiragana refused). A refused field is named (400, nothing written). May be corrected until the park transfers. Only the order’s owner (else 404)',
      validate: { params: paymentId(), payload: BANK_ACCOUNT },
    },
    async handler(request, h) {
      const answer = await setBankAccount(
        request.server.app.knex,
        {
          userId: currentUserId(request),
          id: request.params.id,
          account: request.payload,
        },
        request.server.app.clock.now(),
      );
      return h.response({ data: answer, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/bank-codes',
    options: {
      response: BANK_CODES_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'A bank (4-digit code) and one of its branches (3-digit code) on the Zengin list, with their names in kanji and kana; null where the list has none. For the refund account form',
      validate: {
        query: fields({
          bank: Joi.string().pattern(/^[0-9]{4}$/),
          branch: optional(Joi.string().pattern(/^[0-9]{3}$/)),
        }),
      },
    },
    async handler(request, h) {
      const answer = await lookUpBankCodes(request.query.bank, request.query.branch);
      return h.response({ data: answer, meta: {} }).header('cache-control', 'private, max-age=86400');
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/remitter-account',
    options: {
      response: REMITTER_ACCOUNT_ANSWER,
      auth: REQUIRED,
      app: { access: { staff: 'owner' as const } },
      tags: ['api', 'staff'],
      description:
        'The park’s own account its refund transfers are sent from, with its Zengin consignor code and name (null until set); owner only',
      validate: { params: fields({ parkId: id() }) },
    },
    async handler(request, h) {
      const answer = await getRemitterAccount(request.server.app.knex, request.params.parkId);
      return h.response({ data: answer, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/remitter-account',
    options: {
      response: REMITTER_ACCOUNT_ANSWER,
      auth: REQUIRED,
      app: { access: { staff: 'owner' as const } },
      tags: ['api', 'staff'],
      description:
        'Sets the park’s remitting account for Zengin transfer files: consignor code (10 digits, from the bank), consignor name (katakana or capitals, at most 40 half-width), bank and branch codes on the Zengin list, ordinary or current, up to 7 digits. A refused field is named (400, nothing written); audited',
      validate: { params: fields({ parkId: id() }), payload: REMITTER_ACCOUNT },
    },
    async handler(request, h) {
      const answer = await setRemitterAccount(request.server.app.knex, {
        parkId: request.params.parkId,
        actorUserId: currentUserId(request),
        account: request.payload,
      });
      return h.response({ data: answer, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/payments/config',
    options: {
      response: PAYMENTS_CONFIG_ANSWER,
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
            konbini: { available: isProviderConfigured(config, 'konbini') },
          },
          meta: {},
        })
        .header('cache-control', 'no-cache');
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/konbini-settings',
    options: {
      response: KONBINI_SETTINGS_ANSWER,
      auth: REQUIRED,
      app: { access: { staff: 'owner' as const } },
      tags: ['api', 'staff'],
      description: 'The park’s konbini payment term in days (default 3)',
      validate: { params: fields({ parkId: id() }) },
    },
    async handler(request, h) {
      const settings = await getKonbiniSettings(request.server.app.knex, request.params.parkId);
      return h.response({ data: settings, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/konbini-settings',
    options: {
      response: KONBINI_SETTINGS_ANSWER,
      auth: REQUIRED,
      app: { access: { staff: 'owner' as const } },
      tags: ['api', 'staff'],
      description:
        'Sets the konbini payment term (1 to 30 days); a deadline never passes the day before use whatever the term',
      validate: {
        params: fields({ parkId: id() }),
        payload: fields({ payment_days: Joi.number().integer().min(1).max(30) }),
      },
    },
    async handler(request, h) {
      const settings = await setKonbiniSettings(
        request.server.app.knex,
        request.params.parkId,
        currentUserId(request),
        {
          paymentDays: request.payload.payment_days,
        },
      );
      return h.response({ data: settings, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/konbini-payments',
    options: {
      response: PENDING_KONBINI_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'Your konbini payments awaiting payment at the store: order, amount, slip (store, numbers, deadline)',
    },
    async handler(request, h) {
      const list = await pendingKonbiniPayments(request.server.app.knex, currentUserId(request));
      return h.response({ data: list, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/payments/{id}',
    options: {
      response: PAYMENT_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description: 'A payment of the signed-in user: state, method, amount (404 for anyone else)',
      validate: { params: paymentId() },
    },
    async handler(request, h) {
      const { id } = request.params;
      const knex = request.server.app.knex;
      const payment = await getPayment(knex, id, currentUserId(request));
      const konbini = payment.provider === 'konbini' ? await konbiniSlip(knex, payment.id) : undefined;
      return h
        .response({ data: { ...presentPayment(payment, request.app.locale), konbini }, meta: {} })
        .header('cache-control', noStore);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/payments/{id}/return',
    options: {
      response: PAYMENT_RETURN_ANSWER,
      plugins: answers({ 503: 'The payment provider is unavailable (paymentUnavailable)' }),
      auth: REQUIRED,
      tags: ['api', 'payments'],
      description:
        'The browser is back from the provider (/payment/gmo/callback, PayPay / merpay return): the result is asked from the provider server-to-server; answers the payment',
      validate: {
        params: paymentId(),
        payload: orNoBody(fields({ query: optional(Joi.object<Record<string, unknown>>().unknown(true)) })),
      },
    },
    async handler(request, h) {
      const { id } = request.params;
      const app = request.server.app;
      const payment = await handleBrowserReturn(app.knex, app.config, app.paymentOutcome, {
        paymentId: id,
        userId: currentUserId(request),
        query: request.payload?.query,
      });
      const view = presentPayment(payment, request.app.locale);
      return h
        .response({ data: view, meta: view.failureMessage ? { message: view.failureMessage } : {} })
        .header('cache-control', noStore);
    },
  }),
  route({
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
        params: fields({ provider: oneOf(NOTIFYING_PROVIDERS) }),
      },
      payload: { parse: false, output: 'data', maxBytes: 64 * 1024 },
    },
    async handler(request, h) {
      const { provider } = request.params;
      const app = request.server.app;
      const rawBody = Buffer.isBuffer(request.payload) ? request.payload : Buffer.from(String(request.payload ?? ''));
      const { ack } = await handleProviderNotification(app.knex, app.config, app.paymentOutcome, provider, {
        headers: request.headers as Record<string, string | string[] | undefined>,
        rawBody,
      });
      return h.response(ack.body).type(ack.contentType).code(200);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/cards',
    options: {
      response: CARDS_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Registered cards (parent accounts)',
    },
    async handler(request, h) {
      const cards = await listCards(request.server.app.knex, currentUserId(request));
      return h.response({ data: cards, meta: {} }).header('cache-control', noStore);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/cards',
    options: {
      response: CARD_SAVED_ANSWER,
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
        payload: fields({
          token: Joi.string().trim().min(1).max(512),
          holder_name: optional(holderName),
          default: optional(Joi.boolean()),
        }),
      },
    },
    async handler(request, h) {
      const userId = currentUserId(request);
      const p = request.payload;
      const app = request.server.app;
      const { card } = await registerCard(app.knex, app.config, userId, {
        token: p.token,
        holderName: p.holder_name || null,
        makeDefault: p.default,
      });
      return h.response({ data: card, meta: { message: message('cardSaved', request.app.locale) } }).code(201);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/cards/{id}/default',
    options: {
      response: DEFAULT_CARD_ANSWER,
      auth: REQUIRED,
      // Parent accounts only: kids accounts cannot pay or keep cards.
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Make a registered card the default; answers the list',
      validate: { params: cardId() },
    },
    async handler(request) {
      const userId = currentUserId(request);
      const { id } = request.params;
      const cards = await setDefaultCard(request.server.app.knex, userId, id);
      return { data: cards, meta: { message: message('cardSaved', request.app.locale) } };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/cards/{id}',
    options: {
      response: CARD_DELETED_ANSWER,
      plugins: answers({
        409: 'The card pays for a lottery entry at its draw (cardInUseByLottery)',
        503: 'The card provider is unavailable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      // Parent accounts only: kids accounts cannot pay or keep cards.
      app: { access: 'parent' },
      tags: ['api', 'cards'],
      description: 'Delete a registered card (at the provider too)',
      validate: { params: cardId() },
    },
    async handler(request) {
      const userId = currentUserId(request);
      const { id } = request.params;
      await deleteCard(request.server.app.knex, request.server.app.config, userId, id);
      return { data: null, meta: { message: message('cardDeleted', request.app.locale) } };
    },
  }),
];
