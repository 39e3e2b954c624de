import { describe, expect, it } from 'vitest';
import { type CancelFacts, parkRefundBlock, visitorCancelBlock } from './cancelBlock';

const open: CancelFacts = {
  state: 'available',
  orderState: 'paid',
  unitKind: 'adult',
  shareId: null,
  receivedFromShare: false,
  wonViaWaitlist: false,
  daysBefore: 3,
};
const policy = [{ daysBefore: 7, chargeRate: 10 }];

describe('why a ticket cannot be cancelled', () => {
  it('names the first reason a person at the office would give', () => {
    expect(visitorCancelBlock(open, policy)).toBeNull();
    expect(visitorCancelBlock({ ...open, state: 'used' }, policy)).toBe('ticketState');
    expect(visitorCancelBlock({ ...open, orderState: 'cancelled' }, policy)).toBe('orderState');
    expect(visitorCancelBlock({ ...open, unitKind: 'pack' }, policy)).toBe('pack');
    expect(visitorCancelBlock({ ...open, shareId: 's' }, policy)).toBe('shared');
    expect(visitorCancelBlock({ ...open, wonViaWaitlist: true }, policy)).toBe('waitlistWin');
    expect(visitorCancelBlock({ ...open, daysBefore: null }, policy)).toBe('dayPassed');
    expect(visitorCancelBlock(open, [])).toBe('noCancellation');
  });

  it('the park may refund what the visitor may not for the policy, the day or the waitlist, never a used ticket', () => {
    for (const t of [{ ...open, daysBefore: null }, { ...open, wonViaWaitlist: true }, open]) {
      expect(parkRefundBlock(t)).toBeNull();
    }
    expect(parkRefundBlock({ ...open, state: 'used' })).toBe('ticketState');
    expect(parkRefundBlock({ ...open, state: 'cancelled' })).toBe('ticketState');
  });
});
