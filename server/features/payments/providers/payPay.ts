// PayPay shaped after its Web Payment API (JSON, `resultInfo` + `data`, HMAC "OPA-Auth" request signing):
//   POST /v2/codes (merchantPaymentId, amount, redirectUrl) -> data.url: the user approves there
//   -> PayPay sends the browser to redirectUrl and a webhook to us
//   GET /v2/codes/payments/{merchantPaymentId} (status), POST /v2/payments/capture,
//   POST /v2/payments/preauthorize/revert (void), POST /v2/refunds (partial allowed, merchantRefundId idempotent).
// Webhooks are signed: x-paypay-signature = base64 HMAC-SHA256(apiSecret, `${x-paypay-timestamp}.${body}`).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** Webhooks older than this (or from the future by as much) are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const JSON_TYPE = 'application/json;charset=UTF-8';

/** The `Authorization: hmac OPA-Auth:...` header of a request to `path` (relative to the API base). */
export function paypayAuthorization(
  config: Pick<WalletConfig, 'apiKey' | 'apiSecret'>,
  method: string,
  path: string,
  body: string | undefined,
  nonce = randomBytes(8).toString('hex'),
  epoch = Math.floor(Date.now() / 1000),
): string {
  const contentType = body ? JSON_TYPE : 'empty';
  const hash = body ? createHash('md5').update(contentType).update(body).digest('base64') : 'empty';
  const mac = createHmac('sha256', config.apiSecret)
    .update([path, method.toUpperCase(), nonce, String(epoch), contentType, hash].join('\n'))
    .digest('base64');
  return `hmac OPA-Auth:${config.apiKey}:${mac}:${nonce}:${epoch}:${hash}`;
}

/** Checks a request's OPA-Auth header (used by the sandbox). */
export function verifyPaypayAuthorization(
  config: Pick<WalletConfig, 'apiKey' | 'apiSecret'>,
  value: string | undefined,
  method: string,
  path: string,
  body: string | undefined,
  now = Math.floor(Date.now() / 1000),
): boolean {
  const m = /^hmac OPA-Auth:([^:]+):([^:]+):([^:]+):(\d+):(.+)$/.exec(value ?? '');
  if (!m) return false;
  const [, key, , nonce, epoch] = m as unknown as [string, string, string, string, string];
  if (key !== config.apiKey || Math.abs(now - Number(epoch)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = paypayAuthorization(config, method, path, body || undefined, nonce, Number(epoch));
  return safeEqual(expected, value ?? '');
}

export function signPaypayWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64');
  return { 'x-paypay-timestamp': String(timestamp), 'x-paypay-signature': signature };
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function paypayStatus(status: string): { status: ProviderStatus; reason?: FailureReason } {
  switch (status) {
    case 'CREATED':
      return { status: 'pending' };
    case 'AUTHORIZED':
      return { status: 'authorized' };
    case 'COMPLETED':
      return { status: 'captured' };
    case 'REFUNDED':
      return { status: 'refunded' };
    case 'CANCELED':
      return { status: 'voided', reason: 'cancelled' };
    case 'EXPIRED':
      return { status: 'failed', reason: 'expired' };
    case 'FAILED':
      return { status: 'failed', reason: 'user_declined' };
    default:
      return { status: 'pending' };
  }
}

export const walletEventId = (ref: string, status: ProviderStatus, reason?: string) =>
  status === 'failed' ? `${ref}:failed:${reason ?? ''}` : `${ref}:${status}`;

interface PaypayAnswer {
  resultInfo?: { code?: string; message?: string };
  data?: Record<string, unknown>;
}

export class PayPayProvider implements PaymentProvider {
  readonly name = 'paypay' as const;
  readonly notificationAck = { contentType: 'application/json', body: '{"result":"ok"}' };

  constructor(private readonly config: WalletConfig) {}

  private async call(method: string, path: string, payload?: object): Promise<Record<string, unknown>> {
    const body = payload ? JSON.stringify(payload) : undefined;
    const headers: Record<string, string> = {
      authorization: paypayAuthorization(this.config, method, path, body),
      'x-assume-merchant': this.config.merchantId,
    };
    if (body) headers['content-type'] = JSON_TYPE;
    const { status, text } = await httpCall(`${this.config.apiUrl}${path}`, { method, headers, body });
    let answer: PaypayAnswer;
    try {
      answer = JSON.parse(text) as PaypayAnswer;
    } catch {
      throw new ProviderError(`PayPay ${method} ${path}: HTTP ${status}`, `http_${status}`);
    }
    const code = answer.resultInfo?.code ?? `http_${status}`;
    if (status >= 300 || (code !== 'SUCCESS' && code !== 'REQUEST_ACCEPTED')) {
      throw new ProviderError(`PayPay ${method} ${path}: ${code} ${answer.resultInfo?.message ?? ''}`, code);
    }
    return answer.data ?? {};
  }

  async start(req: StartRequest): Promise<StartResult> {
    const data = await this.call('POST', '/v2/codes', {
      merchantPaymentId: req.orderRef,
      amount: { amount: req.amount, currency: 'JPY' },
      codeType: 'ORDER_QR',
      orderDescription: req.description.slice(0, 255),
      isAuthorization: req.mode === 'AUTH',
      redirectUrl: req.returnUrl,
      redirectType: 'WEB_LINK',
      requestedAt: Math.floor(Date.now() / 1000),
      ...(this.config.sandbox ? { notifyUrl: req.notifyUrl } : {}),
    });
    const refs = { providerRef: req.orderRef };
    await req.onProviderRefs?.(refs);
    if (typeof data.url !== 'string') throw new ProviderError('PayPay gave no payment URL', 'no_url');
    return { kind: 'redirect', url: data.url, ...refs };
  }

  private async details(txn: ProviderTxn) {
    return this.call('GET', `/v2/codes/payments/${encodeURIComponent(txn.providerRef)}`);
  }

  async capture(txn: ProviderTxn, amount: number): Promise<void> {
    await this.call('POST', '/v2/payments/capture', {
      merchantPaymentId: txn.providerRef,
      amount: { amount, currency: 'JPY' },
      merchantCaptureId: `${txn.orderRef}-c`,
      requestedAt: Math.floor(Date.now() / 1000),
      orderDescription: 'capture',
    });
  }

  async void(txn: ProviderTxn): Promise<void> {
    const details = await this.details(txn);
    await this.call('POST', '/v2/payments/preauthorize/revert', {
      merchantRevertId: `${txn.orderRef}-v`,
      paymentId: details.paymentId,
      requestedAt: Math.floor(Date.now() / 1000),
    });
  }

  async refund(txn: ProviderTxn, refund: RefundRequest): Promise<void> {
    const details = await this.details(txn);
    await this.call('POST', '/v2/refunds', {
      merchantRefundId: refund.refundId,
      paymentId: details.paymentId,
      amount: { amount: refund.amount, currency: 'JPY' },
      requestedAt: Math.floor(Date.now() / 1000),
    });
  }

  verifyNotification(request: NotificationRequest): ProviderEvent {
    const body = request.rawBody.toString('utf8');
    const timestamp = Number(header(request, 'x-paypay-timestamp'));
    const given = header(request, 'x-paypay-signature') ?? '';
    const now = Math.floor(Date.now() / 1000);
    if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new NotificationRejected('notification timestamp outside tolerance');
    }
    const expected = signPaypayWebhook(this.config.apiSecret, body, timestamp)['x-paypay-signature'];
    if (!safeEqual(expected, given)) throw new NotificationRejected();
    let n: Record<string, unknown>;
    try {
      n = JSON.parse(body) as Record<string, unknown>;
    } catch {
      throw new NotificationRejected('notification body is not JSON');
    }
    const { status, reason } = paypayStatus(String(n.state ?? ''));
    const ref = String(n.merchant_order_id ?? '');
    return {
      eventId: walletEventId(ref, status, reason),
      providerRef: ref,
      orderRef: ref,
      amount: Number(n.order_amount),
      status,
      ...(status === 'failed' ? { reason } : {}),
      raw: n,
    };
  }

  async queryStatus(txn: ProviderTxn): Promise<ProviderEvent> {
    const d = await this.details(txn);
    const { status, reason } = paypayStatus(String(d.status ?? ''));
    const amount = (d.amount as { amount?: number } | undefined)?.amount;
    const ref = String(d.merchantPaymentId ?? txn.providerRef);
    return {
      eventId: walletEventId(ref, status, reason),
      providerRef: ref,
      orderRef: ref,
      amount: Number(amount),
      status,
      ...(status === 'failed' ? { reason } : {}),
      raw: d,
    };
  }
}
