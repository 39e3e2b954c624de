import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../time';
import { canRenew, type PassFacts, passState, renewalTerm, renewalWindow, startBy, termEnd } from './passValidity';

const day = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2024-01-01', n));

describe('pass validity', () => {
  it('counts the first day: 365 days from 1 December end on 30 November, leap days included', () => {
    expect(termEnd('2026-12-01', 365)).toBe('2027-11-30');
    expect(termEnd('2027-03-01', 365)).toBe('2028-02-28');
    expect(termEnd('2028-02-29', 365)).toBe('2029-02-27');
    expect(termEnd('2026-12-01', 1)).toBe('2026-12-01');
    expect(startBy('2026-11-28', 365)).toBe('2027-11-27');
    expect(() => termEnd('2026-12-01', 0)).toThrow();
  });

  it('renews from the old end, whatever the day of renewal: terms are contiguous and exactly N days long', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 731 }), fc.integer({ min: 1, max: 5 }), (from, days, terms) => {
        let until = termEnd(from, days);
        for (let i = 0; i < terms; i++) {
          const next = renewalTerm(until, days);
          expect(next.from).toBe(addDays(until, 1));
          expect(daysBetween(next.from, next.until)).toBe(days - 1);
          until = next.until;
        }
        expect(daysBetween(from, until)).toBe(days * (terms + 1) - 1);
      }),
    );
  });

  it('says not started, active, expired, suspended or cancelled', () => {
    const started: PassFacts = {
      stored: 'open',
      validFrom: '2026-12-01',
      validUntil: '2027-11-30',
      startBy: '2027-11-27',
    };
    expect(passState(started, '2026-11-30')).toBe('not_started');
    expect(passState(started, '2026-12-01')).toBe('active');
    expect(passState(started, '2027-11-30')).toBe('active');
    expect(passState(started, '2027-12-01')).toBe('expired');
    const waiting: PassFacts = { stored: 'open', validFrom: null, validUntil: null, startBy: '2027-11-27' };
    expect(passState(waiting, '2027-11-27')).toBe('not_started');
    expect(passState(waiting, '2027-11-28')).toBe('expired');
    expect(passState({ ...started, stored: 'suspended' }, '2027-01-01')).toBe('suspended');
    expect(passState({ ...started, stored: 'cancelled' }, '2027-01-01')).toBe('cancelled');
  });

  it('opens renewal 60 days before the end and closes it at the end, for open started passes only', () => {
    const p: PassFacts = { stored: 'open', validFrom: '2026-12-01', validUntil: '2027-11-30', startBy: '2027-11-27' };
    expect(renewalWindow('2027-11-30', 60)).toEqual({ opensOn: '2027-10-01', closesOn: '2027-11-30' });
    expect(canRenew(p, 60, '2027-09-30')).toBe(false);
    expect(canRenew(p, 60, '2027-10-01')).toBe(true);
    expect(canRenew(p, 60, '2027-11-30')).toBe(true);
    expect(canRenew(p, 60, '2027-12-01')).toBe(false);
    expect(canRenew({ ...p, stored: 'suspended' }, 60, '2027-11-01')).toBe(false);
    expect(canRenew({ ...p, validFrom: null, validUntil: null }, 60, '2027-11-01')).toBe(false);
  });
});
