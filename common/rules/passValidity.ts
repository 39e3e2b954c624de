// When an annual pass may be used and renewed (issue 29; server/features/passes/README.md, 2.2 and 2.3). Pure
// dates (YYYY-MM-DD, Asia/Tokyo), shared by the server, the member card and the gate.
// - A term of N days starting on `from` ends on from + N - 1, inclusive: 365 days from 2026-12-01 end 2027-11-30.
// - A pass valid from its first entry must start by `startBy` (purchase day + startWithinDays - 1); one that
//   has not by then expired unused. A family pass shares one period: the earliest entry of any holder starts it.
// - A renewal term starts the day after the current end, whatever the day it is bought: the holder loses nothing
//   by renewing early. Renewal opens `windowDays` before the end and closes at the end (after it: a new pass).
import type { PassState } from '../dto/pass';
import { addDays } from '../time';

/** The last day of a term of `days` days starting on `from`. */
export function termEnd(from: string, days: number): string {
  if (!Number.isInteger(days) || days < 1) throw new Error(`pass validity: bad days ${days}`);
  return addDays(from, days - 1);
}

/** The last day a first entry can start a pass bought on `purchaseDay`. */
export function startBy(purchaseDay: string, startWithinDays: number): string {
  return termEnd(purchaseDay, startWithinDays);
}

/** The next term of a pass whose paid period ends on `currentEnd`. */
export function renewalTerm(currentEnd: string, days: number): { from: string; until: string } {
  const from = addDays(currentEnd, 1);
  return { from, until: termEnd(from, days) };
}

export interface PassFacts {
  /** Stored state of the pass's current term ticket(s): cancelled or refunding passes as they are. */
  stored: 'open' | 'suspended' | 'cancel_waiting' | 'cancelled';
  validFrom: string | null;
  validUntil: string | null;
  startBy: string;
}

/** What a visitor, the office and the gate see for a pass on `today`. */
export function passState(p: PassFacts, today: string): PassState {
  if (p.stored === 'cancelled' || p.stored === 'cancel_waiting') return p.stored;
  if (p.stored === 'suspended') return 'suspended';
  if (p.validFrom === null || p.validUntil === null) return today <= p.startBy ? 'not_started' : 'expired';
  if (today < p.validFrom) return 'not_started';
  return today <= p.validUntil ? 'active' : 'expired';
}

/** The renewal window of a started pass: from `windowDays` before its end through its end. */
export function renewalWindow(validUntil: string, windowDays: number): { opensOn: string; closesOn: string } {
  return { opensOn: addDays(validUntil, -windowDays), closesOn: validUntil };
}

/** Whether a pass may be renewed on `today` (a renewable product; the caller checks no later term is paid). */
export function canRenew(p: PassFacts, windowDays: number, today: string): boolean {
  if (p.stored !== 'open' || p.validFrom === null || p.validUntil === null) return false;
  const w = renewalWindow(p.validUntil, windowDays);
  return w.opensOn <= today && today <= w.closesOn;
}

/** A pass number and holder position typed at a gate when the card cannot be read (P012-0000345-2). */
export const PASS_NUMBER = /^(P\d{3}-\d{7})-(\d{1,2})$/;
