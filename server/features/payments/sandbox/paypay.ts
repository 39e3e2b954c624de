// Local stand-in for PayPay's Web Payment API (development and tests only). Requests must carry a valid
// `hmac OPA-Auth:...` header signed with the configured API key and secret. Answers `{ resultInfo, data }`.
//   POST /sandbox/paypay/v2/codes                          create -> data.url (approval page)
//   GET  /sandbox/paypay/v2/codes/payments/{merchantPaymentId}
//   POST /sandbox/paypay/v2/payments/capture               AUTHORIZED -> COMPLETED
//   POST /sandbox/paypay/v2/payments/preauthorize/revert   AUTHORIZED -> CANCELED
//   POST /sandbox/paypay/v2/refunds                        partial, idempotent by merchantRefundId
//   GET|POST /sandbox/paypay/pay/{id}                      approval page: Approve / Decline
// Webhooks (signed x-paypay-signature) go to the notify URL through the outbox.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import type { Config, WalletConfig } from '../../../config';
import { pathParam } from '../../../lib/request';
import { verifyPaypayAuthorization } from '../providers/payPay';
import {
  approvalRoutes,
  changeStatus,
  createWalletPayment,
  findWalletPayment,
  refundWallet,
  type WalletDialect,
  type WalletRow,
} from './wallet';

const PREFIX = '/sandbox/paypay';

export function paypayDialect(config: Config): WalletDialect {
  const paypay = config.payments.paypay as WalletConfig;
  return {
    provider: 'paypay',
    label: 'PayPay',
    pagePath: (id) => `${PREFIX}/pay/${id}`,
    newId: () => randomBytes(12).toString('hex'),
    pending: 'CREATED',
    approved: (capture) => (capture ? 'COMPLETED' : 'AUTHORIZED'),
    declined: 'FAILED',
    expired: 'EXPIRED',
    webhook: (row) =>
      JSON.stringify({
        notification_type: 'Transaction',
        notification_id: randomUUID(),
        merchant_id: paypay.merchantId,
        store_id: '',
        order_id: row.providerPaymentId ?? '',
        merchant_order_id: row.merchantPaymentId,
        order_amount: row.amount,
        state: row.status,
        paid_at: row.status === 'COMPLETED' ? new Date(row.updatedAt).toISOString() : null,
        authorized_at: row.status === 'AUTHORIZED' ? new Date(row.updatedAt).toISOString() : null,
        expires_at: new Date(row.expiresAt).toISOString(),
      }),
  };
}

const present = (row: WalletRow) => ({
  paymentId: row.providerPaymentId,
  status: row.status,
  acceptedAt: Math.floor(new Date(row.updatedAt).getTime() / 1000),
  merchantPaymentId: row.merchantPaymentId,
  amount: { amount: row.amount, currency: 'JPY' },
  requestedAt: Math.floor(new Date(row.createdAt).getTime() / 1000),
  orderDescription: row.description,
  refunds: { data: [] as unknown[] },
  refundedAmount: row.refundedAmount,
});

export function paypaySandboxRoutes(config: Config): ServerRoute[] {
  const paypay = config.payments.paypay as WalletConfig;
  const d = paypayDialect(config);
  const answer = (h: ResponseToolkit, code: string, data: unknown, status = 200) =>
    h.response({ resultInfo: { code, message: code, codeId: '08100001' }, data }).code(status);

  /** Checks the OPA-Auth signature over the raw body; answers the parsed JSON body or null. */
  const authed = (request: Request): Record<string, unknown> | null => {
    const raw = request.payload ? String(request.payload) : '';
    const path = request.path.slice(PREFIX.length);
    const ok = verifyPaypayAuthorization(
      paypay,
      request.headers.authorization as string | undefined,
      request.method,
      path,
      raw || undefined,
    );
    if (!ok) return null;
    try {
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const raw = { parse: false, output: 'data', maxBytes: 64 * 1024 } as const;

  const api = (
    method: 'GET' | 'POST',
    path: string,
    handler: (body: Record<string, unknown>, request: Request, h: ResponseToolkit) => Promise<unknown>,
  ): ServerRoute => ({
    method,
    path: `${PREFIX}${path}`,
    options: { auth: false, ...(method === 'POST' ? { payload: raw } : {}) },
    async handler(request, h) {
      const body = authed(request);
      if (!body) return answer(h, 'UNAUTHORIZED', null, 401);
      return handler(body, request, h);
    },
  });

  return [
    api('POST', '/v2/codes', async (b, request, h) => {
      const amount = Number((b.amount as { amount?: number } | undefined)?.amount);
      const merchantPaymentId = String(b.merchantPaymentId ?? '');
      if (!merchantPaymentId || !Number.isSafeInteger(amount) || amount < 1)
        return answer(h, 'INVALID_PARAMS', null, 400);
      const row = await createWalletPayment(request.server.app.knex, d, {
        merchantPaymentId,
        amount,
        capture: b.isAuthorization !== true,
        description: b.orderDescription ? String(b.orderDescription) : null,
        returnUrl: b.redirectUrl ? String(b.redirectUrl) : null,
        notifyUrl: b.notifyUrl ? String(b.notifyUrl) : null,
      });
      if (!row) return answer(h, 'DUPLICATE_DYNAMIC_QR_REQUEST', null, 400);
      return answer(
        h,
        'SUCCESS',
        {
          codeId: row.id,
          url: `${config.publicUrl}${d.pagePath(row.id)}`,
          deeplink: `paypay://payment?link_key=${row.id}`,
          expiryDate: Math.floor(new Date(row.expiresAt).getTime() / 1000),
          merchantPaymentId,
          amount: { amount, currency: 'JPY' },
          codeType: 'ORDER_QR',
          redirectUrl: row.returnUrl,
          redirectType: 'WEB_LINK',
          isAuthorization: !row.capture,
        },
        201,
      );
    }),
    api('GET', '/v2/codes/payments/{merchantPaymentId}', async (_b, request, h) => {
      const merchantPaymentId = pathParam(request, 'merchantPaymentId');
      const row = await findWalletPayment(request.server.app.knex, d, { merchant_payment_id: merchantPaymentId });
      if (!row) return answer(h, 'DYNAMIC_QR_PAYMENT_NOT_FOUND', null, 404);
      return answer(h, 'SUCCESS', present(row));
    }),
    api('POST', '/v2/payments/capture', async (b, request, h) => {
      const knex = request.server.app.knex;
      const row = await findWalletPayment(knex, d, { merchant_payment_id: String(b.merchantPaymentId ?? '') });
      if (!row) return answer(h, 'DYNAMIC_QR_PAYMENT_NOT_FOUND', null, 404);
      if (row.status === 'COMPLETED') return answer(h, 'SUCCESS', present(row));
      if (Number((b.amount as { amount?: number } | undefined)?.amount) !== row.amount) {
        return answer(h, 'INVALID_PARAMS', null, 400);
      }
      const done = await changeStatus(knex, d, row.id, ['AUTHORIZED'], 'COMPLETED');
      if (!done) return answer(h, 'ORDER_NOT_REVERSIBLE', null, 400);
      return answer(h, 'SUCCESS', present(done));
    }),
    api('POST', '/v2/payments/preauthorize/revert', async (b, request, h) => {
      const knex = request.server.app.knex;
      const row = await findWalletPayment(knex, d, { provider_payment_id: String(b.paymentId ?? '') });
      if (!row) return answer(h, 'DYNAMIC_QR_PAYMENT_NOT_FOUND', null, 404);
      if (row.status === 'CANCELED') return answer(h, 'SUCCESS', present(row));
      const done = await changeStatus(knex, d, row.id, ['AUTHORIZED'], 'CANCELED');
      if (!done) return answer(h, 'ORDER_NOT_REVERSIBLE', null, 400);
      return answer(h, 'SUCCESS', present(done));
    }),
    api('POST', '/v2/refunds', async (b, request, h) => {
      const knex = request.server.app.knex;
      const row = await findWalletPayment(knex, d, { provider_payment_id: String(b.paymentId ?? '') });
      if (!row) return answer(h, 'DYNAMIC_QR_PAYMENT_NOT_FOUND', null, 404);
      const amount = Number((b.amount as { amount?: number } | undefined)?.amount);
      const refundId = String(b.merchantRefundId ?? '');
      if (!refundId) return answer(h, 'INVALID_PARAMS', null, 400);
      const r = await refundWallet(knex, d, row.id, refundId, amount, ['COMPLETED'], 'REFUNDED');
      if (!r.ok) return answer(h, r.code === 'amount' ? 'INVALID_PARAMS' : 'ORDER_NOT_REFUNDABLE', null, 400);
      return answer(h, 'REQUEST_ACCEPTED', {
        status: 'CREATED',
        merchantRefundId: refundId,
        paymentId: row.providerPaymentId,
        amount: { amount, currency: 'JPY' },
      });
    }),
    ...approvalRoutes(d, `${PREFIX}/pay/{id}`),
  ];
}
