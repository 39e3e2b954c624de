// The order (application) state machine. Transitions are the only way a state changes; an illegal move throws.
export const ORDER_STATES = [
  'pending_payment',
  'authorized',
  'paid',
  'failed',
  'voided',
  'cancelled',
  'partially_cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const MOVES: Record<OrderState, readonly OrderState[]> = {
  // Waiting for the provider (redirect, 3-D Secure, PayPay/merpay approval).
  pending_payment: ['paid', 'authorized', 'failed'],
  // AUTH mode (lottery, waitlist): captured on a win, voided on a loss.
  authorized: ['paid', 'voided'],
  paid: ['cancelled', 'partially_cancelled'],
  partially_cancelled: ['cancelled', 'partially_cancelled'],
  // A payment we had given up on (the visitor left the provider's page past the window) that the provider then
  // completed: fulfilled from free places if they are still there (else the money goes back, the order stays failed).
  failed: ['paid', 'authorized'],
  voided: [],
  cancelled: [],
};

export class IllegalTransition extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`order cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransition';
  }
}

export function canMoveOrder(from: OrderState, to: OrderState): boolean {
  return MOVES[from].includes(to);
}

export function moveOrder(from: OrderState, to: OrderState): OrderState {
  if (!canMoveOrder(from, to)) throw new IllegalTransition(from, to);
  return to;
}
