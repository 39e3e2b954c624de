// Card payments shaped after GMO Payment Gateway (protocol type, form-encoded `key=value&...` in and out,
// errors as `ErrCode=...&ErrInfo=...`, several joined by `|`):
//   EntryTran.idPass (AccessID/AccessPass) -> ExecTran.idPass with a token or a member card
//   -> ACS=2: RedirectUrl to the 3-D Secure 2 challenge -> browser back to RetUrl (/payment/gmo/callback)
//   -> SecureTran2.idPass / SearchTrade.idPass (asked by us, server-to-server)
//   plus the result notification (結果通知) POSTed to us, retried until answered 200.
//   AlterTran.idPass: SALES (capture), VOID, RETURN; ChangeTran.idPass lowers an amount (partial refund).
//   Members: SaveMember / SaveCard / SearchCard / DeleteCard (card sequence, brand, masked number, expiry).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CardBrand } from '../../../../common/rules/card';
import { yymmToExpiry } from '../../../../common/rules/card';
import type { FailureReason } from '../../../../common/rules/paymentState';
import type { GmoConfig } from '../../../config';
import {
  type CardVault,
  httpCall,
  NotificationRejected,
  type NotificationRequest,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderRefs,
  type ProviderStatus,
  type ProviderTxn,
  type RefundRequest,
  type StartRequest,
  type StartResult,
  type StoredCard,
  type StoredCardCharge,
} from '../provider';

/** Error details the sandbox uses (declines have GMO's own 42G codes). */
export const GMO_ERR = {
  insufficient: { code: '42G', info: '42G020000' },
  cardDeclined: { code: '42G', info: '42G120000' },
  tdsFailed: { code: 'E21', info: 'E21010201' },
  tdsPending: { code: 'E21', info: 'E21010202' },
  notTds: { code: 'E21', info: 'E21010203' },
  auth: { code: 'E01', info: 'E01020001' },
  param: { code: 'E01', info: 'E01010001' },
  orderIdUsed: { code: 'E01', info: 'E01040010' },
  tradeNotFound: { code: 'E01', info: 'E01110002' },
  badState: { code: 'E01', info: 'E01050004' },
  amount: { code: 'E01', info: 'E01170006' },
  memberExists: { code: 'E01', info: 'E01390010' },
  memberNotFound: { code: 'E01', info: 'E01390002' },
  cardNotFound: { code: 'E01', info: 'E01240002' },
  tokenInvalid: { code: 'E61', info: 'E61010002' },
} as const;

export function gmoFailureReason(errInfo: string): FailureReason {
  if (errInfo === GMO_ERR.tdsFailed.info) return 'three_ds_failed';
  if (/^42G0[234]/.test(errInfo)) return 'insufficient_funds';
  if (/^42G(65|83)/.test(errInfo) || errInfo.startsWith('E61')) return 'invalid_card';
  if (errInfo.startsWith('42')) return 'card_declined';
  return 'provider_error';
}

/** GMO trade status (SearchTrade, notifications) to our normalised status. */
export function gmoStatus(status: string, errInfo?: string): ProviderStatus {
  switch (status) {
    case 'AUTH':
    case 'SAUTH':
      return 'authorized';
    case 'CHECK':
      return 'verified';
    case 'CAPTURE':
    case 'SALES':
      return 'captured';
    case 'VOID':
      return 'voided';
    case 'RETURN':
    case 'RETURNX':
      return 'refunded';
    default:
      return errInfo ? 'failed' : 'pending';
  }
}

/** `key=value&...` as GMO writes it. */
export const gmoEncode = (fields: Record<string, string | number | undefined | null>): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) params.set(k, String(v));
  return params.toString();
};
export const gmoDecode = (text: string): Record<string, string> => Object.fromEntries(new URLSearchParams(text));

/** The fields of a result notification covered by its CheckString. */
const CHECKED_FIELDS = ['ShopID', 'OrderID', 'AccessID', 'Status', 'JobCd', 'Amount', 'ErrCode', 'ErrInfo'] as const;

/** The shared-secret hash of a result notification: HMAC-SHA256 keyed with the shop password. */
export function gmoCheckString(fields: Record<string, string | undefined>, shopPass: string): string {
  const text = CHECKED_FIELDS.map((k) => fields[k] ?? '').join('|');
  return createHmac('sha256', shopPass).update(text).digest('hex');
}

export const gmoEventId = (accessId: string, status: ProviderStatus, errInfo?: string) =>
  status === 'failed' ? `${accessId}:failed:${errInfo ?? ''}` : `${accessId}:${status}`;

function brandOf(value: string | undefined): CardBrand {
  const v = (value ?? '').toUpperCase();
  return (['VISA', 'MASTER', 'JCB', 'AMEX', 'DINERS'] as const).find((b) => b === v) ?? 'OTHER';
}

export class GmoCardProvider implements PaymentProvider, CardVault {
  readonly name = 'gmo' as const;
  readonly notificationAck = { contentType: 'text/plain; charset=utf-8', body: '0' };

  constructor(private readonly config: GmoConfig) {}

  private get shop() {
    return { ShopID: this.config.shopId, ShopPass: this.config.shopPass };
  }
  private get site() {
    return { SiteID: this.config.siteId, SitePass: this.config.sitePass };
  }

  /** One API call; an `ErrCode` answer becomes a ProviderError (reason set for card declines). */
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
      const reason = gmoFailureReason(info);
      throw new ProviderError(
        `GMO ${api}: ${out.ErrCode} ${out.ErrInfo}`,
        info,
        reason === 'provider_error' ? undefined : reason,
      );
    }
    return out;
  }

  async start(req: StartRequest): Promise<StartResult> {
    const entry = await this.call('EntryTran.idPass', {
      ...this.shop,
      OrderID: req.orderRef,
      JobCd: req.mode,
      // A check (有効性チェック) carries no amount.
      Amount: req.mode === 'CHECK' ? undefined : req.amount,
      TdFlag: '2',
    });
    const refs = {
      providerRef: entry.AccessID ?? '',
      accessId: entry.AccessID ?? '',
      accessPass: entry.AccessPass ?? '',
    };
    if (!refs.accessId || !refs.accessPass) throw new ProviderError('GMO EntryTran gave no AccessID', 'no_access_id');
    await req.onProviderRefs?.(refs);
    const card = req.card;
    if (!card) throw new ProviderError('no card to charge', 'no_card');
    try {
      const exec = await this.call('ExecTran.idPass', {
        AccessID: refs.accessId,
        AccessPass: refs.accessPass,
        OrderID: req.orderRef,
        Method: '1',
        ...('token' in card ? { Token: card.token } : { ...this.site, MemberID: card.memberId, CardSeq: card.cardSeq }),
        RetUrl: req.returnUrl,
        ClientField1: req.paymentId,
        // The sandbox takes the notification URL per payment; GMO itself has it in the shop settings.
        ...(this.config.sandbox ? { NotifyUrl: req.notifyUrl } : {}),
      });
      if (exec.ACS === '2' && exec.RedirectUrl) return { kind: 'redirect', url: exec.RedirectUrl, ...refs };
      const status = gmoStatus(req.mode);
      const { CheckString: _check, ...raw } = exec;
      return {
        kind: 'completed',
        event: {
          eventId: gmoEventId(refs.accessId, status),
          providerRef: refs.accessId,
          orderRef: req.orderRef,
          amount: req.mode === 'CHECK' ? 0 : req.amount,
          status,
          raw,
        },
        ...refs,
      };
    } catch (err) {
      if (err instanceof ProviderError && err.reason) {
        return {
          kind: 'failed',
          event: {
            eventId: gmoEventId(refs.accessId, 'failed', err.code),
            providerRef: refs.accessId,
            orderRef: req.orderRef,
            amount: req.amount,
            status: 'failed',
            reason: err.reason,
            raw: { ErrInfo: err.code },
          },
          ...refs,
        };
      }
      throw err;
    }
  }

  /** EntryTran + ExecTran of a member card without 3-D Secure (nobody is there to answer a challenge). */
  async chargeStoredCard(charge: StoredCardCharge): Promise<ProviderRefs> {
    let access: { AccessID: string; AccessPass: string };
    try {
      const entry = await this.call('EntryTran.idPass', {
        ...this.shop,
        OrderID: charge.orderRef,
        JobCd: 'CAPTURE',
        Amount: charge.amount,
        TdFlag: '0',
      });
      access = { AccessID: entry.AccessID ?? '', AccessPass: entry.AccessPass ?? '' };
    } catch (err) {
      if (!(err instanceof ProviderError) || err.code !== GMO_ERR.orderIdUsed.info) throw err;
      // A repeat: the trade exists. Charged already, or entered and not executed (the answer was lost).
      const trade = await this.call('SearchTrade.idPass', { ...this.shop, OrderID: charge.orderRef });
      const refs = { providerRef: trade.AccessID ?? '', accessId: trade.AccessID, accessPass: trade.AccessPass };
      if (gmoStatus(trade.Status ?? '') === 'captured') return refs;
      if (trade.Status !== 'UNPROCESSED') {
        throw new ProviderError(`GMO charge ${charge.orderRef} is ${trade.Status}`, trade.ErrInfo || 'bad_state');
      }
      access = { AccessID: trade.AccessID ?? '', AccessPass: trade.AccessPass ?? '' };
    }
    await this.call('ExecTran.idPass', {
      ...access,
      OrderID: charge.orderRef,
      Method: '1',
      ...this.site,
      MemberID: charge.card.memberId,
      CardSeq: charge.card.cardSeq,
    });
    return { providerRef: access.AccessID, accessId: access.AccessID, accessPass: access.AccessPass };
  }

  async capture(txn: ProviderTxn, amount: number): Promise<void> {
    await this.call('AlterTran.idPass', { ...this.shop, ...this.access(txn), JobCd: 'SALES', Amount: amount });
  }

  async void(txn: ProviderTxn): Promise<void> {
    await this.call('AlterTran.idPass', { ...this.shop, ...this.access(txn), JobCd: 'VOID' });
  }

  /**
   * Everything left back: RETURN; part of it: ChangeTran to the amount that remains. The remaining amount is
   * computed from our ledger, not read from GMO, so a retried refund sets the same amount again (idempotent).
   */
  async refund(txn: ProviderTxn, refund: RefundRequest): Promise<void> {
    const trade = await this.call('SearchTrade.idPass', { ...this.shop, OrderID: txn.orderRef });
    if (trade.Status === 'RETURN' || trade.Status === 'RETURNX') return;
    const remaining = txn.amount - refund.refundedBefore - refund.amount;
    if (remaining <= 0) {
      await this.call('AlterTran.idPass', { ...this.shop, ...this.access(txn), JobCd: 'RETURN' });
    } else if (Number(trade.Amount) !== remaining) {
      await this.call('ChangeTran.idPass', {
        ...this.shop,
        ...this.access(txn),
        JobCd: trade.JobCd === 'AUTH' ? 'SALES' : 'CAPTURE',
        Amount: remaining,
      });
    }
  }

  verifyNotification(request: NotificationRequest): ProviderEvent {
    const fields = gmoDecode(request.rawBody.toString('utf8'));
    const given = Buffer.from(fields.CheckString ?? '', 'utf8');
    const expected = Buffer.from(gmoCheckString(fields, this.config.shopPass), 'utf8');
    if (fields.ShopID !== this.config.shopId || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotificationRejected();
    }
    return this.event(fields);
  }

  /** SearchTrade; a trade still before authorisation after a 3-D Secure challenge is completed by SecureTran2. */
  async queryStatus(txn: ProviderTxn): Promise<ProviderEvent> {
    let trade = await this.call('SearchTrade.idPass', { ...this.shop, OrderID: txn.orderRef });
    if (trade.Status === 'UNPROCESSED' || trade.Status === 'AUTHENTICATED') {
      try {
        await this.call('SecureTran2.idPass', this.access(txn));
        trade = await this.call('SearchTrade.idPass', { ...this.shop, OrderID: txn.orderRef });
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        // Still waiting for the challenge, or not a 3-D Secure trade: the trade's own status stands.
        if (err.code !== GMO_ERR.tdsPending.info && err.code !== GMO_ERR.notTds.info) {
          return this.event({ ...trade, ErrCode: err.code.slice(0, 3), ErrInfo: err.code });
        }
      }
    }
    return this.event(trade);
  }

  private event(fields: Record<string, string>): ProviderEvent {
    const status = gmoStatus(fields.Status ?? '', fields.ErrInfo || undefined);
    const accessId = fields.AccessID ?? '';
    const errInfo = (fields.ErrInfo ?? '').split('|')[0] || undefined;
    const { ShopPass: _pass, AccessPass: _accessPass, CheckString: _check, ...raw } = fields;
    return {
      eventId: gmoEventId(accessId, status, errInfo),
      providerRef: accessId,
      orderRef: fields.OrderID ?? '',
      amount: Number(fields.Amount ?? Number.NaN),
      status,
      ...(status === 'failed' ? { reason: gmoFailureReason(errInfo ?? '') } : {}),
      raw,
    };
  }

  private access(txn: ProviderTxn) {
    return { AccessID: txn.accessId ?? '', AccessPass: txn.accessPass ?? '' };
  }

  // ---- Card members ----

  async saveMember(memberId: string, name: string): Promise<void> {
    try {
      await this.call('SaveMember.idPass', { ...this.site, MemberID: memberId, MemberName: name.slice(0, 255) });
    } catch (err) {
      if (err instanceof ProviderError && err.code === GMO_ERR.memberExists.info) return;
      throw err;
    }
  }

  async saveCard(memberId: string, token: string, holderName: string | null): Promise<StoredCard> {
    const saved = await this.call('SaveCard.idPass', {
      ...this.site,
      MemberID: memberId,
      Token: token,
      DefaultFlag: '0',
      HolderName: holderName ?? undefined,
    });
    const card = await this.searchCard(memberId, saved.CardSeq ?? '');
    if (!card) throw new ProviderError('GMO SaveCard: card not found afterwards', 'card_missing');
    return card;
  }

  async searchCard(memberId: string, cardSeq: string): Promise<StoredCard | null> {
    try {
      const c = await this.call('SearchCard.idPass', {
        ...this.site,
        MemberID: memberId,
        SeqMode: '1',
        CardSeq: cardSeq,
      });
      if (c.DeleteFlag === '1') return null;
      return {
        cardSeq: c.CardSeq ?? cardSeq,
        brand: brandOf(c.Brand),
        last4: (c.CardNo ?? '').slice(-4),
        expiry: yymmToExpiry(c.Expire ?? '0000'),
        holderName: c.HolderName || null,
      };
    } catch (err) {
      if (err instanceof ProviderError && err.code === GMO_ERR.cardNotFound.info) return null;
      throw err;
    }
  }

  async deleteCard(memberId: string, cardSeq: string): Promise<void> {
    try {
      await this.call('DeleteCard.idPass', { ...this.site, MemberID: memberId, SeqMode: '1', CardSeq: cardSeq });
    } catch (err) {
      if (err instanceof ProviderError && err.code === GMO_ERR.cardNotFound.info) return;
      throw err;
    }
  }
}
