import { describe, expect, it } from 'vitest';
import { TicketState } from '../dto/wallet';
import { canMoveTicket, effectiveTicketState } from './ticketState';

describe('ticket state machine', () => {
  it('allows the moves of a ticket’s life', () => {
    expect(canMoveTicket('available', 'used')).toBe(true);
    expect(canMoveTicket('available', 'cancel_waiting')).toBe(true);
    expect(canMoveTicket('cancel_waiting', 'cancelled')).toBe(true);
    expect(canMoveTicket('lottery_waiting', 'won_lottery')).toBe(true);
    expect(canMoveTicket('wait_certificate', 'available')).toBe(true);
  });

  it('marking used is irreversible; cancelled and lost are final', () => {
    for (const to of Object.values(TicketState)) {
      expect(canMoveTicket('used', to)).toBe(false);
      expect(canMoveTicket('cancelled', to)).toBe(false);
      expect(canMoveTicket('lost_lottery', to)).toBe(false);
    }
    expect(canMoveTicket('used', 'available')).toBe(false);
    expect(canMoveTicket('cancelled', 'available')).toBe(false);
    expect(canMoveTicket('lottery_waiting', 'used')).toBe(false);
  });

  it("an annual pass's suspension is reversible, and a suspended term is never used or shared", () => {
    expect(canMoveTicket('available', 'suspended')).toBe(true);
    expect(canMoveTicket('suspended', 'available')).toBe(true);
    expect(canMoveTicket('suspended', 'cancelled')).toBe(true);
    expect(canMoveTicket('suspended', 'used')).toBe(false);
    expect(canMoveTicket('used', 'suspended')).toBe(false);
    expect(canMoveTicket('cancelled', 'suspended')).toBe(false);
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
