import { describe, expect, it } from 'vitest';
import {
  canTransition,
  IllegalPaymentTransition,
  isPendingPayment,
  PAYMENT_STATES,
  type PaymentState,
  stateAfterRefund,
  transition,
} from './paymentState';

const LEGAL: [PaymentState, PaymentState][] = [
  ['created', 'redirected'],
  ['created', 'authorized'],
  ['created', 'verified'],
  ['created', 'captured'],
  ['created', 'failed'],
  ['redirected', 'authorized'],
  ['redirected', 'verified'],
  ['redirected', 'captured'],
  ['redirected', 'failed'],
  ['authorized', 'captured'],
  ['authorized', 'voided'],
  // A checked card (mode CHECK): charged at the draw, or nothing to charge.
  ['verified', 'captured'],
  ['verified', 'voided'],
  ['captured', 'partially_refunded'],
  ['captured', 'refunded'],
  ['partially_refunded', 'partially_refunded'],
  ['partially_refunded', 'refunded'],
  // A late success: the provider completed a payment we had given up on as abandoned.
  ['failed', 'authorized'],
  ['failed', 'verified'],
  ['failed', 'captured'],
];

describe('payment state machine', () => {
  it('allows exactly the listed moves', () => {
    for (const from of PAYMENT_STATES) {
      for (const to of PAYMENT_STATES) {
        const legal = LEGAL.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(legal);
      }
    }
  });

  it('returns the target of a legal move and throws on an illegal one', () => {
    expect(transition('redirected', 'captured')).toBe('captured');
    expect(transition('failed', 'captured')).toBe('captured');
    expect(() => transition('failed', 'redirected')).toThrow(IllegalPaymentTransition);
    expect(() => transition('captured', 'authorized')).toThrow('illegal payment transition captured -> authorized');
    expect(() => transition('voided', 'captured')).toThrow(IllegalPaymentTransition);
    expect(() => transition('refunded', 'partially_refunded')).toThrow(IllegalPaymentTransition);
    // A captured payment is not voided: it is refunded.
    expect(() => transition('captured', 'voided')).toThrow(IllegalPaymentTransition);
    // Success is reported once: no state goes back to pending.
    expect(() => transition('authorized', 'redirected')).toThrow(IllegalPaymentTransition);
  });

  it('final states have no way out', () => {
    for (const state of ['voided', 'refunded'] as const) {
      for (const to of PAYMENT_STATES) expect(canTransition(state, to)).toBe(false);
    }
  });

  it('knows the pending states', () => {
    expect(PAYMENT_STATES.filter(isPendingPayment)).toEqual(['created', 'redirected']);
  });

  it('a refund is partial until everything went back', () => {
    expect(stateAfterRefund(1000, 0, 300)).toBe('partially_refunded');
    expect(stateAfterRefund(1000, 300, 700)).toBe('refunded');
    expect(stateAfterRefund(1000, 300, 600)).toBe('partially_refunded');
  });
});
