// The payment state machine (DESIGN "Orders and payments"): explicit states and one transition function
// that refuses illegal moves. Shared so the PWA can label states; the server moves payments only through it.
import type { PaymentMethod, PaymentMode } from '../enums';
import type { MessageKey } from '../messages';

export const PAYMENT_STATES = [
  /** Row written, provider not asked yet (or its answer not stored yet). */
  'created',
  /** The user was sent to the provider: 3-D Secure challenge, PayPay / merpay approval page. */
  'redirected',
  /** Money reserved (mode AUTH): capture on a lottery win, void on a loss. */
  'authorized',
  /** The card passed a zero-amount check (mode CHECK): nothing reserved; charged on a lottery win. */
  'verified',
  'captured',
  'voided',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The provider has not given its final word yet. */
export const PENDING_PAYMENT_STATES: readonly PaymentState[] = ['created', 'redirected'];
export const isPendingPayment = (state: PaymentState): boolean => PENDING_PAYMENT_STATES.includes(state);

/** Money was taken or reserved at some point (the order side's "paid"). */
export const SUCCEEDED_PAYMENT_STATES: readonly PaymentState[] = [
  'authorized',
  'verified',
  'captured',
  'partially_refunded',
  'refunded',
];

/** Money was taken (captured), whatever was given back since. */
export const CAPTURED_PAYMENT_STATES: readonly PaymentState[] = ['captured', 'partially_refunded', 'refunded'];

const TRANSITIONS: Record<PaymentState, readonly PaymentState[]> = {
  created: ['redirected', 'authorized', 'verified', 'captured', 'failed'],
  redirected: ['authorized', 'verified', 'captured', 'failed'],
  authorized: ['captured', 'voided'],
  // Charged at the draw (captured), or nothing to charge (voided: a loss, a refused charge).
  verified: ['captured', 'voided'],
  captured: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  voided: [],
  // Late success: the provider completed a payment after we had failed it as abandoned (reason 'expired').
  failed: ['authorized', 'verified', 'captured'],
  refunded: [],
};

export class IllegalPaymentTransition extends Error {
  constructor(
    readonly from: PaymentState,
    readonly to: PaymentState,
  ) {
    super(`illegal payment transition ${from} -> ${to}`);
    this.name = 'IllegalPaymentTransition';
  }
}

export function canTransition(from: PaymentState, to: PaymentState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The next state, or an IllegalPaymentTransition error. */
export function transition(from: PaymentState, to: PaymentState): PaymentState {
  if (!canTransition(from, to)) throw new IllegalPaymentTransition(from, to);
  return to;
}

/** The state after refunding `refund` yen more of a captured payment of `amount` of which `refunded` already went back. */
export function stateAfterRefund(amount: number, refunded: number, refund: number): PaymentState {
  return refunded + refund >= amount ? 'refunded' : 'partially_refunded';
}

export const FAILURE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'three_ds_failed',
  'invalid_card',
  'user_declined',
  'expired',
  'cancelled',
  'amount_mismatch',
  'order_mismatch',
  'provider_error',
  /** The payment succeeded but its places were gone (it came after its holds were given back): money given back. */
  'places_gone',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** What the user is told about a failed payment. */
export const FAILURE_MESSAGES: Record<FailureReason, MessageKey> = {
  card_declined: 'paymentCardDeclined',
  insufficient_funds: 'paymentInsufficientFunds',
  three_ds_failed: 'payment3dsFailed',
  invalid_card: 'paymentCardDeclined',
  user_declined: 'paymentDeclined',
  expired: 'paymentExpired',
  cancelled: 'paymentDeclined',
  amount_mismatch: 'paymentFailed',
  order_mismatch: 'paymentFailed',
  provider_error: 'paymentFailed',
  places_gone: 'paymentPlacesGone',
};

/** GET /api/v1/payments/{id} and the return call: a payment as its owner sees it. */
export interface PaymentView {
  id: string;
  orderId: number;
  method: PaymentMethod;
  mode: PaymentMode;
  /** Yen, tax included. */
  amount: number;
  refundedAmount: number;
  state: PaymentState;
  failureReason: FailureReason | null;
  /** Localised text for failureReason. */
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string;
  /** Konbini payments: the slip to pay at the store (null for other methods, or before the provider issued it). */
  konbini?: KonbiniSlipView | null;
}

/** A konbini payment's slip: store (GMO Convenience code), numbers, deadline, the provider's slip page. */
export interface KonbiniSlipView {
  convenience: string;
  confNo: string;
  receiptNo: string;
  /** ISO date-time: pay by then. */
  deadline: string;
  receiptUrl: string | null;
}
