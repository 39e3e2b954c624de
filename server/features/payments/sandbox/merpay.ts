// Local stand-in for merpay (development and tests only): a hosted checkout API answering JSON, with
// `Authorization: Bearer <api key>`; errors as `{ error: { code, message } }`.
//   POST /sandbox/merpay/v1/payments                 create -> checkout_url (approval page); idempotent per order
//   GET  /sandbox/merpay/v1/payments/{id}
//   POST /sandbox/merpay/v1/payments/{id}/capture    AUTHORIZED -> CAPTURED
//   POST /sandbox/merpay/v1/payments/{id}/cancel     AUTHORIZED -> CANCELED
//   POST /sandbox/merpay/v1/payments/{id}/refunds    partial, idempotent by Idempotency-Key
//   GET|POST /sandbox/merpay/checkout/{id}           approval page: Approve / Decline
// Webhooks (signed merpay-signature) go to the notify URL through the outbox.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import type { Config, WalletConfig } from '../../../config';
import { bodyFields } from '../../../lib/formBody';
import { pathParam } from '../../../lib/request';
import { safeEqual } from '../providers/payPay';
import {
  approvalRoutes,
  changeStatus,
  createWalletPayment,
  findWalletPayment,
  refundWallet,
  type WalletDialect,
  type WalletRow,
} from './wallet';

const PREFIX = '/sandbox/merpay';

export function merpayDialect(config: Config): WalletDialect {
  return {
    provider: 'merpay',
    label: 'merpay（メルペイ）',
    pagePath: (id) => `${PREFIX}/checkout/${id}`,
    newId: () => `mp_${randomBytes(12).toString('hex')}`,
    pending: 'PENDING',
    approved: (capture) => (capture ? 'CAPTURED' : 'AUTHORIZED'),
    declined: 'FAILED',
    expired: 'EXPIRED',
    webhook: (row) =>
      JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'payment.updated',
        created: Math.floor(Date.now() / 1000),
        data: present(config, row),
      }),
  };
}

function present(config: Config, row: WalletRow) {
  return {
    id: row.id,
    merchant_order_id: row.merchantPaymentId,
    amount: row.amount,
    currency: 'JPY',
    capture: row.capture,
    status: row.status,
    failure_code: row.status === 'FAILED' ? 'USER_CANCELED' : row.status === 'EXPIRED' ? 'EXPIRED' : null,
    refunded_amount: row.refundedAmount,
    description: row.description,
    checkout_url: `${config.publicUrl}${PREFIX}/checkout/${row.id}`,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export function merpaySandboxRoutes(config: Config): ServerRoute[] {
  const merpay = config.payments.merpay as WalletConfig;
  const d = merpayDialect(config);
  const error = (h: ResponseToolkit, status: number, code: string) =>
    h.response({ error: { code, message: code.toLowerCase().replace(/_/g, ' ') } }).code(status);
  const authed = (request: Request) =>
    safeEqual(String(request.headers.authorization ?? ''), `Bearer ${merpay.apiKey}`);
  const body = (request: Request) => bodyFields(request.payload);

  const api = (
    method: 'GET' | 'POST',
    path: string,
    handler: (request: Request, h: ResponseToolkit) => Promise<unknown>,
  ): ServerRoute => ({
    method,
    path: `${PREFIX}${path}`,
    options: { auth: false },
    async handler(request, h) {
      if (!authed(request)) return error(h, 401, 'UNAUTHORIZED');
      return handler(request, h);
    },
  });
  const load = async (request: Request) =>
    findWalletPayment(request.server.app.knex, d, { id: pathParam(request, 'id') });

  return [
    api('POST', '/v1/payments', async (request, h) => {
      const b = body(request);
      const amount = Number(b.amount);
      const orderId = String(b.merchant_order_id ?? '');
      if (!orderId || !Number.isSafeInteger(amount) || amount < 1 || b.currency !== 'JPY') {
        return error(h, 400, 'INVALID_REQUEST');
      }
      const knex = request.server.app.knex;
      const row =
        (await createWalletPayment(knex, d, {
          merchantPaymentId: orderId,
          amount,
          capture: b.capture !== false,
          description: b.description ? String(b.description) : null,
          returnUrl: b.return_url ? String(b.return_url) : null,
          notifyUrl: b.notify_url ? String(b.notify_url) : null,
        })) ?? (await findWalletPayment(knex, d, { merchant_payment_id: orderId }));
      if (!row || row.amount !== amount) return error(h, 409, 'ORDER_ID_CONFLICT');
      return h.response(present(config, row)).code(201);
    }),
    api('GET', '/v1/payments/{id}', async (request, h) => {
      const row = await load(request);
      return row ? present(config, row) : error(h, 404, 'PAYMENT_NOT_FOUND');
    }),
    api('POST', '/v1/payments/{id}/capture', async (request, h) => {
      const row = await load(request);
      if (!row) return error(h, 404, 'PAYMENT_NOT_FOUND');
      if (row.status === 'CAPTURED') return present(config, row);
      if (Number(body(request).amount ?? row.amount) !== row.amount) return error(h, 400, 'INVALID_AMOUNT');
      const done = await changeStatus(request.server.app.knex, d, row.id, ['AUTHORIZED'], 'CAPTURED');
      return done ? present(config, done) : error(h, 409, 'INVALID_STATUS');
    }),
    api('POST', '/v1/payments/{id}/cancel', async (request, h) => {
      const row = await load(request);
      if (!row) return error(h, 404, 'PAYMENT_NOT_FOUND');
      if (row.status === 'CANCELED') return present(config, row);
      const done = await changeStatus(request.server.app.knex, d, row.id, ['AUTHORIZED', 'PENDING'], 'CANCELED');
      return done ? present(config, done) : error(h, 409, 'INVALID_STATUS');
    }),
    api('POST', '/v1/payments/{id}/refunds', async (request, h) => {
      const row = await load(request);
      if (!row) return error(h, 404, 'PAYMENT_NOT_FOUND');
      const key = String(request.headers['idempotency-key'] ?? '');
      if (!key) return error(h, 400, 'IDEMPOTENCY_KEY_REQUIRED');
      const amount = Number(body(request).amount);
      const r = await refundWallet(
        request.server.app.knex,
        d,
        row.id,
        key,
        amount,
        ['CAPTURED', 'PARTIALLY_REFUNDED'],
        'REFUNDED',
      );
      if (!r.ok)
        return error(h, r.code === 'amount' ? 400 : 409, r.code === 'amount' ? 'INVALID_AMOUNT' : 'INVALID_STATUS');
      // A partial refund leaves the payment partially refunded.
      if (r.row.status === 'CAPTURED') {
        await request.server.app
          .knex('sandbox_wallet_payments')
          .where({ id: row.id, status: 'CAPTURED' })
          .update({ status: 'PARTIALLY_REFUNDED' });
      }
      return h.response({ id: `re_${key}`, payment_id: row.id, amount, status: 'SUCCEEDED' }).code(201);
    }),
    ...approvalRoutes(d, `${PREFIX}/checkout/{id}`),
  ];
}
