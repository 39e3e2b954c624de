// Why a ticket cannot be cancelled, as a code the back office shows in ja and en (the visitor's own cancellation
// answers only "cannot"), and whether the park may still refund it (a closure: whatever the policy or the day).
// The same facts as the wallet's isCancellable, checked in the order a person at the office would explain them.

import type { TicketState } from '../dto/wallet';
import { type CancellationPolicyRow, chargeRateFor } from './cancellationFee';
import { OPEN_STATES } from './ticketState';

export const CANCEL_BLOCKS = [
  'ticketState',
  'orderState',
  'pack',
  'shared',
  'waitlistWin',
  'dayPassed',
  'noCancellation',
] as const;
export type CancelBlock = (typeof CANCEL_BLOCKS)[number];

export interface CancelFacts {
  state: TicketState;
  orderState: string;
  unitKind: string;
  shareId: string | null;
  receivedFromShare: boolean;
  wonViaWaitlist: boolean;
  /** Days before use the fee is priced at (null: the day of use has passed). */
  daysBefore: number | null;
}

/** Why the park may not refund the ticket (null: it may, fee 0, whatever the policy or the day). */
export function parkRefundBlock(t: CancelFacts): CancelBlock | null {
  if (!OPEN_STATES.includes(t.state)) return 'ticketState';
  if (t.orderState !== 'paid' && t.orderState !== 'partially_cancelled') return 'orderState';
  if (t.unitKind === 'pack') return 'pack';
  if (t.shareId !== null || t.receivedFromShare) return 'shared';
  return null;
}

/** Why the visitor cannot cancel the ticket themselves today (null: they can). */
export function visitorCancelBlock(t: CancelFacts, policies: readonly CancellationPolicyRow[]): CancelBlock | null {
  const park = parkRefundBlock(t);
  if (park) return park;
  if (t.wonViaWaitlist) return 'waitlistWin';
  if (t.daysBefore === null) return 'dayPassed';
  if (chargeRateFor(policies, t.daysBefore) === null) return 'noCancellation';
  return null;
}
