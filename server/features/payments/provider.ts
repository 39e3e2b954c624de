// One interface for every payment provider. Adapters: providers/gmoCard.ts (cards, GMO Payment Gateway
// style), providers/payPay.ts, providers/merpay.ts and providers/internal.ts (full coin and free: no provider).
// Each external adapter talks HTTP to its base URL: the real provider with credentials, else the local sandbox.
// Adapters never touch our database and are never called inside a transaction (the sandbox on PGlite shares
// the one connection; and no lock should wait on a network call).
import type { PaymentMode } from '../../../common/enums';
import type { CardBrand } from '../../../common/rules/card';
import type { FailureReason } from '../../../common/rules/paymentState';

export type ProviderName = 'gmo' | 'paypay' | 'merpay' | 'konbini' | 'internal';
/** Providers that send server-to-server notifications. */
export const NOTIFYING_PROVIDERS = ['gmo', 'paypay', 'merpay', 'konbini'] as const;
export type NotifyingProvider = (typeof NOTIFYING_PROVIDERS)[number];

/** The provider's word on a payment, normalised. */
/** `verified`: a zero-amount card check passed (amount 0: nothing reserved). */
export type ProviderStatus = 'pending' | 'authorized' | 'verified' | 'captured' | 'voided' | 'refunded' | 'failed';

/** References the provider needs to act on an existing payment. */
export interface ProviderTxn {
  providerRef: string;
  orderRef: string;
  amount: number;
  accessId?: string | null;
  accessPass?: string | null;
}

/** Stored as soon as the provider knows the payment (GMO: after EntryTran, before ExecTran). */
export interface ProviderRefs {
  providerRef: string;
  accessId?: string;
  accessPass?: string;
  /** Konbini: the payment slip the provider issued. */
  konbini?: KonbiniSlip;
}

/** What the buyer takes to the store (GMO ExecTranCvs: Convenience, ConfNo, ReceiptNo, PaymentTerm, ReceiptUrl). */
export interface KonbiniSlip {
  convenience: string;
  confNo: string;
  receiptNo: string;
  paymentTerm: Date;
  receiptUrl: string | null;
}

/** Konbini: the store chosen, who pays (the store's terminal prints it) and the deadline. */
export interface KonbiniRequest {
  convenience: string;
  customerName: string;
  customerKana: string;
  telNo: string;
  mailAddress: string | null;
  /** The payment term as a number of days from today (Asia/Tokyo); the term ends 23:59:59 of that day. */
  paymentTermDays: number;
  /** The end of that day as we counted it: our places are held until then. GMO counts the days from the day the
   *  request reaches it, a day later when it arrives after midnight: the slip keeps the earlier of the two. */
  deadline: Date;
}

/** A card to charge: a one-time token from the tokeniser, or a registered (member) card. */
export type ChargeCard = { token: string } | { memberId: string; cardSeq: string };

export interface StartRequest {
  paymentId: string;
  orderRef: string;
  /** Yen, tax included. */
  amount: number;
  mode: PaymentMode;
  /** Where the browser comes back after a redirect (3-D Secure challenge, wallet approval). */
  returnUrl: string;
  /** Our server-to-server notification endpoint (sandboxes take it per payment; real providers are configured). */
  notifyUrl: string;
  description: string;
  card?: ChargeCard;
  konbini?: KonbiniRequest;
  /** Called once the provider has given its reference, before the step that can produce a notification. */
  onProviderRefs?: (refs: ProviderRefs) => Promise<void>;
}

/** A redirect to the provider's page, or the result at once (its event is settled like a notification). */
export type StartResult =
  | ({ kind: 'redirect'; url: string } & ProviderRefs)
  | ({ kind: 'completed' | 'failed'; event: ProviderEvent } & ProviderRefs);

/** A provider result, from a notification or from asking the provider (queryStatus). */
export interface ProviderEvent {
  /** Stable per result: the same result seen by notification and by the browser return has the same id. */
  eventId: string;
  providerRef: string;
  orderRef: string;
  amount: number;
  status: ProviderStatus;
  reason?: FailureReason;
  /** What the provider said (logged in payment_events; never card data). */
  raw: Record<string, unknown>;
}

export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** How a notification is acknowledged so the provider stops retrying. */
export interface NotificationAck {
  contentType: string;
  body: string;
}

export interface RefundRequest {
  amount: number;
  refundId: string;
  refundedBefore: number;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  start(request: StartRequest): Promise<StartResult>;
  capture(txn: ProviderTxn, amount: number): Promise<void>;
  void(txn: ProviderTxn): Promise<void>;
  /**
   * Gives back `amount` (partial refunds allowed). `refundId` is the idempotency key (a retried refund is done
   * once); `refundedBefore` is what earlier refunds gave back (GMO sets the remaining amount absolutely).
   */
  refund(txn: ProviderTxn, refund: RefundRequest): Promise<void>;
  /** Throws NotificationRejected when the signature or shared secret does not match. */
  verifyNotification(request: NotificationRequest): ProviderEvent;
  readonly notificationAck: NotificationAck;
  /** Server-to-server: the provider's current word on the payment (the browser's query string is never trusted). */
  queryStatus(txn: ProviderTxn): Promise<ProviderEvent>;
  /**
   * Charges a registered card with nobody present (a lottery win whose card was only checked at entry).
   * `orderRef` is the idempotency key: a repeat after a lost answer finds the first charge instead of making a
   * second. Throws a ProviderError with `reason` when the card is refused.
   */
  chargeStoredCard?(charge: StoredCardCharge): Promise<ProviderRefs>;
}

export interface StoredCardCharge {
  orderRef: string;
  amount: number;
  card: { memberId: string; cardSeq: string };
}

/** A card stored at the provider: references and display data only. */
export interface StoredCard {
  cardSeq: string;
  brand: CardBrand;
  last4: string;
  /** MM/YY */
  expiry: string;
  holderName: string | null;
}

/** Card members (GMO SaveMember / SaveCard / SearchCard / DeleteCard). */
export interface CardVault {
  saveMember(memberId: string, name: string): Promise<void>;
  saveCard(memberId: string, token: string, holderName: string | null): Promise<StoredCard>;
  searchCard(memberId: string, cardSeq: string): Promise<StoredCard | null>;
  deleteCard(memberId: string, cardSeq: string): Promise<void>;
}

/** The provider refused or failed a call. `reason` is set when it is a payment decline. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly reason?: FailureReason,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A notification whose signature or shared secret does not verify. */
export class NotificationRejected extends Error {
  constructor(message = 'notification signature invalid') {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** Header lookup that tolerates repeated headers. */
export function header(request: NotificationRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** JSON or form HTTP call with a timeout; the adapters' one way to reach a provider. */
export async function httpCall(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  timeoutMs = 15_000,
): Promise<{ status: number; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  } catch (err) {
    throw new ProviderError(`provider unreachable: ${(err as Error).message}`, 'unreachable');
  }
  return { status: res.status, text: await res.text() };
}
