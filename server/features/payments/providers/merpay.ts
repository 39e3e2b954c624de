// merpay (メルペイ) shaped as a hosted checkout: JSON over HTTPS with `Authorization: Bearer <api key>`.
//   POST /v1/payments (merchant_order_id, amount, capture, return_url) -> checkout_url: the user approves there
//   -> the browser comes back to return_url and a webhook is sent to us
//   GET /v1/payments/{id}, POST /v1/payments/{id}/capture, /cancel, /refunds (partial, Idempotency-Key).
// Webhooks are signed: merpay-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(apiSecret, `${t}.${body}`)>.
import { createHmac } from 'node:crypto';
import type { FailureReason } from '../../../../common/rules/paymentState';
import type { WalletConfig } from '../../../config';
import {
  header,
  httpCall,
  NotificationRejected,
  type NotificationRequest,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderStatus,
  type ProviderTxn,
  type RefundRequest,
  type StartRequest,
  type StartResult,
} from '../provider';
import { safeEqual, WEBHOOK_TOLERANCE_SECONDS, walletEventId } from './payPay';

export function signMerpayWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'merpay-signature': `t=${timestamp},v1=${v1}` };
}

export function merpayStatus(status: string, failureCode?: string): { status: ProviderStatus; reason?: FailureReason } {
  switch (status) {
    case 'PENDING':
      return { status: 'pending' };
    case 'AUTHORIZED':
      return { status: 'authorized' };
    case 'CAPTURED':
      return { status: 'captured' };
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return { status: 'refunded' };
    case 'CANCELED':
      return { status: 'voided', reason: 'cancelled' };
    case 'EXPIRED':
      return { status: 'failed', reason: 'expired' };
    case 'FAILED':
      return { status: 'failed', reason: failureCode === 'USER_CANCELED' ? 'user_declined' : 'provider_error' };
    default:
      return { status: 'pending' };
  }
}

export class MerpayProvider implements PaymentProvider {
  readonly name = 'merpay' as const;
  readonly notificationAck = { contentType: 'application/json', body: '{"received":true}' };

  constructor(private readonly config: WalletConfig) {}

  private async call(
    method: string,
    path: string,
    payload?: object,
    idempotencyKey?: string,
  ): Promise<Record<string, unknown>> {
    const body = payload ? JSON.stringify(payload) : undefined;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.config.apiKey}`,
      'merpay-merchant-id': this.config.merchantId,
    };
    if (body) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const { status, text } = await httpCall(`${this.config.apiUrl}${path}`, { method, headers, body });
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ProviderError(`merpay ${method} ${path}: HTTP ${status}`, `http_${status}`);
    }
    if (status >= 300) {
      const error = answer.error as { code?: string; message?: string } | undefined;
      throw new ProviderError(
        `merpay ${method} ${path}: ${error?.code} ${error?.message ?? ''}`,
        error?.code ?? `http_${status}`,
      );
    }
    return answer;
  }

  async start(req: StartRequest): Promise<StartResult> {
    const p = await this.call(
      'POST',
      '/v1/payments',
      {
        merchant_order_id: req.orderRef,
        amount: req.amount,
        currency: 'JPY',
        capture: req.mode !== 'AUTH',
        description: req.description.slice(0, 255),
        return_url: req.returnUrl,
        ...(this.config.sandbox ? { notify_url: req.notifyUrl } : {}),
      },
      req.paymentId,
    );
    if (typeof p.id !== 'string' || typeof p.checkout_url !== 'string') {
      throw new ProviderError('merpay gave no payment id or checkout URL', 'no_url');
    }
    const refs = { providerRef: p.id };
    await req.onProviderRefs?.(refs);
    return { kind: 'redirect', url: p.checkout_url, ...refs };
  }

  private path(txn: ProviderTxn, action = '') {
    return `/v1/payments/${encodeURIComponent(txn.providerRef)}${action}`;
  }

  async capture(txn: ProviderTxn, amount: number): Promise<void> {
    await this.call('POST', this.path(txn, '/capture'), { amount }, `${txn.orderRef}-capture`);
  }

  async void(txn: ProviderTxn): Promise<void> {
    await this.call('POST', this.path(txn, '/cancel'), {}, `${txn.orderRef}-cancel`);
  }

  async refund(txn: ProviderTxn, refund: RefundRequest): Promise<void> {
    await this.call('POST', this.path(txn, '/refunds'), { amount: refund.amount }, refund.refundId);
  }

  verifyNotification(request: NotificationRequest): ProviderEvent {
    const body = request.rawBody.toString('utf8');
    const parts = Object.fromEntries(
      (header(request, 'merpay-signature') ?? '').split(',').map((kv) => kv.trim().split('=', 2) as [string, string]),
    );
    const timestamp = Number(parts.t);
    const now = Math.floor(Date.now() / 1000);
    if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new NotificationRejected('notification timestamp outside tolerance');
    }
    const expected = signMerpayWebhook(this.config.apiSecret, body, timestamp)['merpay-signature'];
    if (!safeEqual(expected, `t=${parts.t},v1=${parts.v1 ?? ''}`)) throw new NotificationRejected();
    let n: { data?: Record<string, unknown> };
    try {
      n = JSON.parse(body) as { data?: Record<string, unknown> };
    } catch {
      throw new NotificationRejected('notification body is not JSON');
    }
    return this.event(n.data ?? {}, n as Record<string, unknown>);
  }

  async queryStatus(txn: ProviderTxn): Promise<ProviderEvent> {
    const p = await this.call('GET', this.path(txn));
    return this.event(p, p);
  }

  private event(p: Record<string, unknown>, raw: Record<string, unknown>): ProviderEvent {
    const { status, reason } = merpayStatus(String(p.status ?? ''), p.failure_code as string | undefined);
    const ref = String(p.id ?? '');
    return {
      eventId: walletEventId(ref, status, reason),
      providerRef: ref,
      orderRef: String(p.merchant_order_id ?? ''),
      amount: Number(p.amount),
      status,
      ...(status === 'failed' ? { reason } : {}),
      raw,
    };
  }
}
