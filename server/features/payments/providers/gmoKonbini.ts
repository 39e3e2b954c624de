// Konbini (convenience-store) payments shaped after GMO Payment Gateway's CVS payment (same protocol type as the
// card adapter: form-encoded `key=value&...`, errors as `ErrCode=...&ErrInfo=...`):
//   EntryTranCvs.idPass (ShopID, ShopPass, OrderID, Amount) -> AccessID / AccessPass
//   ExecTranCvs.idPass (Convenience, CustomerName, CustomerKana, TelNo, PaymentTermDay, ...) -> Convenience, ConfNo,
//     ReceiptNo, PaymentTerm (yyyyMMddHHmmss, Japan time), ReceiptUrl: the slip the buyer takes to the store
//   SearchTradeMulti.idPass (PayType 3) -> Status; CvsCancel.idPass cancels an unpaid slip.
//   Result notification (結果通知, PayType 3): Status REQSUCCESS (slip issued), PAYSUCCESS (paid at the store),
//     EXPIRED (deadline passed unpaid), CANCEL; the same shared-secret CheckString as the card notifications.
// The start answers a "redirect" to our own page that shows the slip (the returnUrl): nothing is paid yet, and the
// payment stays pending until the store's payment is notified or the deadline passes. GMO has no refund for a
// konbini payment (money paid at a store goes back by bank transfer, outside the provider): refund refuses.
import { timingSafeEqual } from 'node:crypto';
import type { GmoConfig } from '../../../config';
import {
  httpCall,
  type KonbiniSlip,
  NotificationRejected,
  type NotificationRequest,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderStatus,
  type ProviderTxn,
  type StartRequest,
  type StartResult,
} from '../provider';
import { gmoCheckString, gmoDecode, gmoEncode, gmoEventId, gmoFailureReason } from './gmoCard';

/** GMO's PayType of a convenience-store trade. */
export const CVS_PAY_TYPE = '3';

/** yyyyMMddHHmmss in Japan time (what GMO writes) to a Date. */
export function fromGmoStamp(stamp: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s] = m;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`);
}

/** A Date as GMO writes it (yyyyMMddHHmmss, Japan time). */
export const toGmoStamp = (d: Date) =>
  new Date(d.getTime() + 9 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);

/** A konbini trade's status to ours: paid is captured (nothing to capture later), expired and cancelled fail. */
export function cvsStatus(status: string): { status: ProviderStatus; reason?: 'expired' | 'cancelled' } {
  switch (status) {
    case 'PAYSUCCESS':
      return { status: 'captured' };
    case 'EXPIRED':
      return { status: 'failed', reason: 'expired' };
    case 'CANCEL':
      return { status: 'failed', reason: 'cancelled' };
    default:
      // UNPROCESSED, REQSUCCESS (slip issued, waiting for the buyer), PAYFAIL (the store's retry).
      return { status: 'pending' };
  }
}

export class GmoKonbiniProvider implements PaymentProvider {
  readonly name = 'konbini' as const;
  readonly notificationAck = { contentType: 'text/plain; charset=utf-8', body: '0' };

  constructor(private readonly config: GmoConfig) {}

  private get shop() {
    return { ShopID: this.config.shopId, ShopPass: this.config.shopPass };
  }

  private async call(api: string, fields: Record<string, string | number | undefined | null>) {
    const { status, text } = await httpCall(`${this.config.apiUrl}/payment/${api}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: gmoEncode(fields),
    });
    if (status !== 200) throw new ProviderError(`GMO ${api} answered HTTP ${status}`, `http_${status}`);
    const out = gmoDecode(text);
    if (out.ErrCode) {
      const info = (out.ErrInfo ?? '').split('|')[0] ?? '';
      throw new ProviderError(`GMO ${api}: ${out.ErrCode} ${out.ErrInfo}`, info);
    }
    return out;
  }

  async start(req: StartRequest): Promise<StartResult> {
    const k = req.konbini;
    if (!k) throw new ProviderError('no store chosen', 'no_convenience');
    const entry = await this.call('EntryTranCvs.idPass', { ...this.shop, OrderID: req.orderRef, Amount: req.amount });
    const refs = {
      providerRef: entry.AccessID ?? '',
      accessId: entry.AccessID ?? '',
      accessPass: entry.AccessPass ?? '',
    };
    if (!refs.accessId || !refs.accessPass)
      throw new ProviderError('GMO EntryTranCvs gave no AccessID', 'no_access_id');
    await req.onProviderRefs?.(refs);
    const exec = await this.call('ExecTranCvs.idPass', {
      AccessID: refs.accessId,
      AccessPass: refs.accessPass,
      OrderID: req.orderRef,
      Convenience: k.convenience,
      CustomerName: k.customerName.slice(0, 40),
      CustomerKana: k.customerKana.slice(0, 40),
      TelNo: k.telNo,
      MailAddress: k.mailAddress ?? undefined,
      PaymentTermDay: k.paymentTermDays,
      ReceiptsDisp1: req.description.slice(0, 32),
      ClientField1: req.paymentId,
      // The sandbox takes the notification URL per payment; GMO itself has it in the shop settings.
      ...(this.config.sandbox ? { NotifyUrl: req.notifyUrl } : {}),
    });
    const slip: KonbiniSlip = {
      convenience: exec.Convenience ?? k.convenience,
      confNo: exec.ConfNo ?? '',
      receiptNo: exec.ReceiptNo ?? '',
      paymentTerm: fromGmoStamp(exec.PaymentTerm ?? ''),
      receiptUrl: exec.ReceiptUrl || null,
    };
    if (!slip.confNo || Number.isNaN(slip.paymentTerm.getTime())) {
      throw new ProviderError('GMO ExecTranCvs gave no payment number or term', 'no_slip');
    }
    // Our page shows the slip; the payment waits for the store.
    return { kind: 'redirect', url: req.returnUrl, ...refs, konbini: slip };
  }

  async capture(): Promise<void> {
    throw new ProviderError('a konbini payment is captured when paid at the store', 'unsupported');
  }

  /** Cancels an unpaid slip (CvsCancel): the store refuses it from then on. */
  async void(txn: ProviderTxn): Promise<void> {
    await this.call('CvsCancel.idPass', { ...this.shop, ...this.access(txn), OrderID: txn.orderRef });
  }

  async refund(): Promise<void> {
    throw new ProviderError('GMO cannot refund a konbini payment (bank transfer by staff)', 'refund_unsupported');
  }

  verifyNotification(request: NotificationRequest): ProviderEvent {
    const fields = gmoDecode(request.rawBody.toString('utf8'));
    const given = Buffer.from(fields.CheckString ?? '', 'utf8');
    const expected = Buffer.from(gmoCheckString(fields, this.config.shopPass), 'utf8');
    if (fields.ShopID !== this.config.shopId || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotificationRejected();
    }
    if (fields.PayType !== CVS_PAY_TYPE) throw new NotificationRejected('not a convenience-store notification');
    return this.event(fields);
  }

  async queryStatus(txn: ProviderTxn): Promise<ProviderEvent> {
    const trade = await this.call('SearchTradeMulti.idPass', {
      ...this.shop,
      OrderID: txn.orderRef,
      PayType: CVS_PAY_TYPE,
    });
    return this.event({ ...trade, OrderID: trade.OrderID ?? txn.orderRef });
  }

  private event(fields: Record<string, string>): ProviderEvent {
    const { status, reason } = cvsStatus(fields.Status ?? '');
    const errInfo = (fields.ErrInfo ?? '').split('|')[0] || undefined;
    const accessId = fields.AccessID ?? '';
    const { ShopPass: _pass, AccessPass: _accessPass, CheckString: _check, ...raw } = fields;
    return {
      eventId: gmoEventId(accessId, status, reason ?? errInfo),
      providerRef: accessId,
      orderRef: fields.OrderID ?? '',
      amount: Number(fields.Amount ?? Number.NaN),
      status,
      ...(status === 'failed' ? { reason: reason ?? gmoFailureReason(errInfo ?? '') } : {}),
      raw,
    };
  }

  private access(txn: ProviderTxn) {
    return { AccessID: txn.accessId ?? '', AccessPass: txn.accessPass ?? '' };
  }
}
