// The ticket state machine (SPEC "Ticket states"). tickets.state stores the lasting states; two are derived
// when a ticket is shown (effectiveTicketState): during_use_period (an available ticket on its day of use) and
// unused_remains (an available ticket whose day has passed), and wait_certificate for disabled holders who have
// not shown their certificate or disability ID yet.
import { TicketState } from '../dto/wallet';

const T = TicketState;

const MOVES: Record<TicketState, readonly TicketState[]> = {
  [T.Available]: [
    T.Suspended,
    T.Used,
    T.PartiallyUsed,
    T.CancelWaiting,
    T.Cancelled,
    T.WaitCertificate,
    T.DuringUsePeriod,
    T.UnusedRemains,
  ],
  [T.DuringUsePeriod]: [T.Used, T.PartiallyUsed, T.CancelWaiting, T.Cancelled, T.UnusedRemains],
  [T.WaitCertificate]: [T.Available, T.CancelWaiting, T.Cancelled],
  [T.PartiallyUsed]: [T.Used, T.UnusedRemains],
  [T.LotteryWaiting]: [T.WonLottery, T.LostLottery, T.Cancelled],
  // A won ticket is used at the gate as it is (it stays won_lottery until then).
  [T.WonLottery]: [T.Available, T.Used, T.PartiallyUsed, T.CancelWaiting, T.Cancelled],
  [T.MinimumApplicationWaiting]: [T.Available, T.Cancelled],
  // The refund is under way at the provider: it ends cancelled; a refused refund can be retried (stays here).
  [T.CancelWaiting]: [T.Cancelled, T.CancelWaiting],
  [T.UnusedRemains]: [],
  [T.LostLottery]: [],
  // Marking used is irreversible.
  [T.Used]: [],
  [T.Cancelled]: [],
  // A pass's term, stopped by the park: reinstated, or cancelled by staff.
  [T.Suspended]: [T.Available, T.CancelWaiting, T.Cancelled],
};

export function canMoveTicket(from: TicketState, to: TicketState): boolean {
  return MOVES[from]?.includes(to) ?? false;
}

/** States in which a ticket can still be used (on its day). */
export const USABLE_STATES: readonly TicketState[] = [T.Available, T.DuringUsePeriod, T.WonLottery];

/** States from which a ticket can be cancelled (by policy) or shared. */
export const OPEN_STATES: readonly TicketState[] = [T.Available, T.WonLottery, T.WaitCertificate];

export interface StateFacts {
  state: TicketState;
  useDate: string;
  needsCertificate: boolean;
}

/** What the visitor sees on `today` (Asia/Tokyo date) for a stored state. */
export function effectiveTicketState(t: StateFacts, today: string): TicketState {
  if (t.state !== T.Available) return t.state;
  if (t.useDate < today) return T.UnusedRemains;
  if (t.needsCertificate) return T.WaitCertificate;
  if (t.useDate === today) return T.DuringUsePeriod;
  return T.Available;
}
