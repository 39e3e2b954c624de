import { describe, expect, it } from 'vitest';
import { TicketState } from '../dto/wallet';
import { canMoveTicket, effectiveTicketState, IllegalTicketMove, moveTicket } from './ticketState';

describe('ticket state machine', () => {
  it('allows the moves of a ticket’s life', () => {
    expect(moveTicket('available', 'used')).toBe('used');
    expect(moveTicket('available', 'cancel_waiting')).toBe('cancel_waiting');
    expect(moveTicket('cancel_waiting', 'cancelled')).toBe('cancelled');
    expect(moveTicket('lottery_waiting', 'won_lottery')).toBe('won_lottery');
    expect(moveTicket('wait_certificate', 'available')).toBe('available');
  });

  it('marking used is irreversible; cancelled and lost are final', () => {
    for (const to of Object.values(TicketState)) {
      expect(canMoveTicket('used', to)).toBe(false);
      expect(canMoveTicket('cancelled', to)).toBe(false);
      expect(canMoveTicket('lost_lottery', to)).toBe(false);
    }
    expect(() => moveTicket('used', 'available')).toThrow(IllegalTicketMove);
    expect(() => moveTicket('cancelled', 'available')).toThrow(IllegalTicketMove);
    expect(canMoveTicket('lottery_waiting', 'used')).toBe(false);
  });

  it('derives what the visitor sees from the day (Asia/Tokyo) and the certificate', () => {
    const t = { state: 'available' as const, useDate: '2026-12-24', needsCertificate: false };
    expect(effectiveTicketState(t, '2026-12-23')).toBe('available');
    expect(effectiveTicketState(t, '2026-12-24')).toBe('during_use_period');
    expect(effectiveTicketState(t, '2026-12-25')).toBe('unused_remains');
    expect(effectiveTicketState({ ...t, needsCertificate: true }, '2026-12-24')).toBe('wait_certificate');
    expect(effectiveTicketState({ ...t, state: 'used' }, '2026-12-25')).toBe('used');
  });
});
