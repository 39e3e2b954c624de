// My Tickets (the wallet), ticket tokens, usage marks, cancellation and sharing, as the API answers them.
// Requests are snake_case like the spec's calls; answers are camelCase. The PWA keeps WalletTicket rows in
// IndexedDB as they come, so every field a ticket page needs offline is on the ticket itself.

import type { UsageTrigger } from '../enums';
import type { BankTransferBrief } from './bankTransfer';
import type { PassRefusal, ScanPassInfo } from './pass';

/** The spec's ticket states (SPEC "Ticket states"), as stored in tickets.state. */
export const TicketState = {
  Available: 'available',
  DuringUsePeriod: 'during_use_period',
  UnusedRemains: 'unused_remains',
  LotteryWaiting: 'lottery_waiting',
  CancelWaiting: 'cancel_waiting',
  MinimumApplicationWaiting: 'minimum_application_waiting',
  WaitCertificate: 'wait_certificate',
  Used: 'used',
  PartiallyUsed: 'partially_used',
  LostLottery: 'lost_lottery',
  WonLottery: 'won_lottery',
  Cancelled: 'cancelled',
  /** An annual pass's term stopped by the park (reversible; tickets.suspension_reason says why). */
  Suspended: 'suspended',
} as const;
export type TicketState = (typeof TicketState)[keyof typeof TicketState];

export interface WalletPark {
  id: number;
  name: string;
  address: string | null;
  /** Park map images the wallet stores for offline map mode (absolute paths under /media). */
  mapImageUrls: string[];
  timeZone: 'Asia/Tokyo';
}

export interface WalletTicket {
  id: string;
  ticketNumber: string;
  packNumber: string | null;
  orderId: number;
  applicationNumber: string;
  park: WalletPark;
  itemId: number;
  itemName: string;
  /** Holder kind: basic | disability | companion | pack, or additional (an add-on plan's voucher); with the age group's name. */
  unitKind: string;
  /** An add-on voucher's plan (unitKind 'additional'); null for admissions. */
  planName: string | null;
  ageGroupName: string | null;
  price: number;
  /** Day of use (Asia/Tokyo, YYYY-MM-DD) and the slot's start time when timed. */
  useDate: string;
  time: string | null;
  seatCode: string | null;
  state: TicketState;
  usageTrigger: UsageTrigger;
  usedAt: string | null;
  /** The signed token (common/rules/ticketToken.ts) the QR code encodes; null when the ticket cannot be shown. */
  token: string | null;
  /** The face photo shown at the gate (PUT api/v1/me/tickets/image), if set. */
  faceImageUrl: string | null;
  /** Disabled holders show the certificate / disability-ID step before use. */
  needsCertificate: boolean;
  /** URL access: the /product/trigger/:id link, present only from the day of use. */
  triggerUrl: string | null;
  cancellable: boolean;
  shareable: boolean;
  /** Set while the ticket sits in an open share (it has then left My Tickets). */
  shareId: string | null;
  /** Received from someone else's share. */
  receivedFromShare: boolean;
}

/** GET api/v1/me/tickets: current tickets (not shared out, not past). */
export interface WalletAnswer {
  tickets: WalletTicket[];
  /** Server time of the answer: the wallet shows "last updated" from it. */
  asOf: string;
}

/** GET api/v1/me/tickets/{id}/detail: the order the ticket came from (SPEC "Order/application"). */
export interface TicketDetail {
  ticket: WalletTicket;
  applicationNumber: string;
  orderedAt: string;
  subtotal: number;
  coinDiscount: number;
  couponDiscount: number;
  total: number;
  /** PaymentMethod */
  paymentMethod: number;
  amountPaid: number;
  orderState: string;
  ticketSubtotal: number;
  /** The field labels and answers given at checkout for this holder. */
  advanceInformation: { key: string; label: string; value: string | null; photoUrl: string | null }[];
  cancellation: CancellationQuote | null;
}

/** What cancelling would cost now, by the item's policy (charge rate by days before use). */
export interface CancellationQuote {
  ticketIds: string[];
  daysBefore: number;
  chargeRate: number;
  fee: number;
  /** Refunded to the original payment method, and returned as coins. */
  refundAmount: number;
  refundCoins: number;
  /** Reward coins the cancelled tickets earned, taken back from the balance. */
  rewardCoinsBack: number;
  /** Reward coins the balance could not cover, taken from the money refund instead (1 coin = 1 yen). */
  refundReducedBy: number;
  /** The provider must confirm (state becomes cancel_waiting until it does). */
  needsProviderConfirmation: boolean;
  /** Paid at a convenience store: the money comes back by bank transfer from the park (the buyer enters an account). */
  refundByBankTransfer: boolean;
}

/** POST api/v1/me/tickets/{id}/use, and the outbox's replay of it. */
export interface UseTicketRequest {
  /** Client-made UUID: the idempotency key. */
  client_id: string;
  /** Device time of the act (ISO). */
  used_at: string;
}

export type UseConflict = 'alreadyUsed' | 'notUseDay' | 'notUsable';

export interface UseTicketAnswer {
  ticket: WalletTicket;
  /** True when this request (or an earlier one with the same client_id) is what marked it. */
  applied: boolean;
}

/** GET api/v1/parks/{id}/ticket-keys: public keys for offline verification. */
export interface TicketKey {
  kid: string;
  parkId: number;
  alg: 'Ed25519';
  /** Raw 32-byte public key, base64url. */
  publicKey: string;
  createdAt: string;
  /** When it starts signing: the next key is listed ahead of it, so devices hold it before its first ticket. */
  signsFrom: string;
  retiredAt: string | null;
}

/**
 * GET api/v1/parks/{id}/ticket-revocations?after=&limit=: token ids no longer valid, numbered in commit order.
 * A device keeps `next` and asks from it; `more` says another page is waiting.
 */
export interface TicketRevocations {
  parkId: number;
  revoked: { jti: string; revokedAt: string; seq: number }[];
  next: number;
  more: boolean;
  /** Server time of the answer (shown as the time of the last sync). */
  asOf: string;
}

/** Why staff should look at an act: a later duplicate, a revoked token or cancelled ticket, an impossible clock. */
export type ActFlag = 'duplicate' | 'revoked' | 'clock';

export interface ScanAnswer {
  scanId: string;
  ticketId: string;
  /**
   * accepted: this scan marks the ticket used (earliest act); duplicate: another act does, this one is flagged for
   * review; revoked: the token was revoked before the scan or the ticket cancelled since, stored flagged only.
   */
  result: 'accepted' | 'duplicate' | 'revoked';
  flag: ActFlag | null;
  /** The ticket's time of use (the earliest act's), null when it is not used. */
  usedAt: string | null;
  /** An entry or an exit. */
  direction: 'in' | 'out';
  /** Where the holder is after the act (as the server has the acts), and the entries counted. */
  inside: boolean;
  entries: number;
  /**
   * A member card (token version 3) refused by what the server knows of the pass: suspended (with the reason), its
   * term not started yet or over, a park the pass does not admit at. The act is stored flagged (result 'revoked').
   */
  refusal?: PassRefusal | null;
  suspendedReason?: string | null;
  /** A member card's scan: the holder, the pass and the day's visit ticket the act landed on. */
  pass?: ScanPassInfo | null;
}

export interface TicketShare {
  id: string;
  url: string;
  state: 'open' | 'received' | 'cancelled' | 'expired';
  expiresAt: string;
  createdAt: string;
  tickets: WalletTicket[];
}

/** GET api/v1/ticket-shares/{id}: what a receiver (guest or signed in) sees before receiving. */
export interface SharePreview {
  id: string;
  state: TicketShare['state'];
  expiresAt: string;
  sharerName: string;
  park: { id: number; name: string };
  tickets: { itemName: string; useDate: string; time: string | null; unitKind: string; ageGroupName: string | null }[];
}

/** GET api/v1/me/tickets/usage-histories */
export interface UsageHistoryEntry {
  ticket: WalletTicket;
  /** used | cancelled | expired (past day of use, unused) | shared (received by someone) */
  outcome: 'used' | 'cancelled' | 'expired' | 'shared';
  at: string;
}

// Added by the PWA side (backward-compatible): request bodies the wallet pages send, and the URL-access page's view.

/** PUT api/v1/me/tickets/image: the face photo (an id from POST api/v1/me/photos, purpose face) for these tickets. */
export interface TicketImageRequest {
  ticket_ids: string[];
  photo_id: string;
}

/** POST api/v1/me/tickets/cancellations, and GET cancellation-quote?ticket_ids[]= (bracket-style query). */
export interface CancelTicketsRequest {
  ticket_ids: string[];
}

/** POST api/v1/me/ticket-shares */
export interface CreateShareRequest {
  ticket_ids: string[];
}

/**
 * GET api/v1/me/tickets/{id}/trigger (the /product/trigger/:id page): the ticket and whether it can be used now;
 * POST on the same path marks it used and answers UseTicketAnswer (409 meta.code as for /use). The PWA also
 * accepts a bare WalletTicket here.
 */
export interface TicketTriggerView {
  ticket: WalletTicket;
  usable: boolean;
  reason: UseConflict | null;
}

/** POST api/v1/me/tickets/cancellations: the cancellation made (or retried) and the tickets as they are now. */
export interface CancellationAnswer {
  cancellationId: string;
  /** done: refunded (or nothing to refund); refunding: the provider is being asked; refund_failed: retry by posting the same tickets again. */
  state: 'done' | 'refunding' | 'refund_failed';
  quote: CancellationQuote;
  tickets: WalletTicket[];
  /** The refund owed by bank transfer (konbini payments), for which the visitor enters an account; else null. */
  bankTransfer: BankTransferBrief | null;
}
