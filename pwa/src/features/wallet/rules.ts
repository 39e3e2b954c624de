// Pure rules of the wallet pages: the state a ticket shows (with marks waiting in the outbox), grouping by park and
// date, the day-of-use rule (Asia/Tokyo), and how long a share link has left.
import { type TicketState, TicketState as TS, type WalletPark, type WalletTicket } from '../../../../common/dto/wallet';
import { UsageTrigger } from '../../../../common/enums';
import { tokyoDate } from '../../../../common/time';
import type { OutboxEntry } from '../../db/wallet';

/** The twelve states of the spec and an annual pass's suspension, plus a usage mark made here that the server has not answered yet. */
export type DisplayState = TicketState | 'used_pending';

/** Colour family of a state's label. */
export type Tone = 'ready' | 'waiting' | 'done' | 'refused';

export const STATE_TONE: Record<DisplayState, Tone> = {
  available: 'ready',
  during_use_period: 'ready',
  unused_remains: 'ready',
  won_lottery: 'ready',
  lottery_waiting: 'waiting',
  cancel_waiting: 'waiting',
  minimum_application_waiting: 'waiting',
  wait_certificate: 'waiting',
  used_pending: 'waiting',
  used: 'done',
  partially_used: 'done',
  lost_lottery: 'refused',
  cancelled: 'refused',
  suspended: 'refused',
};

/** What the ticket shows: the server's state, unless a mark made on this device is still on its way. */
export function displayState(ticket: Pick<WalletTicket, 'id' | 'state'>, outbox: readonly OutboxEntry[]): DisplayState {
  const waiting = outbox.some((e) => e.ticketId === ticket.id && (e.state === 'pending' || e.state === 'sending'));
  if (waiting && ticket.state !== TS.Used) return 'used_pending';
  return ticket.state;
}

/** States in which the ticket can still be used (its QR shown, its button pressed). */
const USABLE: ReadonlySet<TicketState> = new Set([TS.Available, TS.DuringUsePeriod, TS.UnusedRemains, TS.WonLottery]);

export const isUsableState = (s: DisplayState) => s !== 'used_pending' && USABLE.has(s);

/** Is `date` (YYYY-MM-DD) today in Asia/Tokyo? Marking used is only allowed then. */
export const isUseDay = (useDate: string, now: Date = new Date()) => tokyoDate(now) === useDate;
/** Before the day of use (Asia/Tokyo). */
export const isBeforeUseDay = (useDate: string, now: Date = new Date()) => tokyoDate(now) < useDate;

export type UseAction =
  | { kind: 'qr' }
  | { kind: 'url'; available: boolean }
  | { kind: 'button'; allowed: boolean; reason: 'beforeDay' | 'afterDay' | 'state' | null }
  | { kind: 'none' };

/** The usage trigger UI of a ticket in the state it shows. */
export function useAction(ticket: WalletTicket, state: DisplayState, now: Date = new Date()): UseAction {
  switch (ticket.usageTrigger) {
    case UsageTrigger.QrPresentation:
      return { kind: 'qr' };
    case UsageTrigger.UrlAccess:
      return { kind: 'url', available: isUsableState(state) && !isBeforeUseDay(ticket.useDate, now) };
    case UsageTrigger.ButtonOperation: {
      if (!isUsableState(state)) return { kind: 'button', allowed: false, reason: 'state' };
      if (isBeforeUseDay(ticket.useDate, now)) return { kind: 'button', allowed: false, reason: 'beforeDay' };
      if (!isUseDay(ticket.useDate, now)) return { kind: 'button', allowed: false, reason: 'afterDay' };
      return { kind: 'button', allowed: true, reason: null };
    }
    default:
      return { kind: 'none' };
  }
}

export interface DateGroup {
  date: string;
  tickets: WalletTicket[];
}

export interface ParkGroup {
  park: WalletPark;
  dates: DateGroup[];
}

const byTime = (a: WalletTicket, b: WalletTicket) =>
  (a.time ?? '').localeCompare(b.time ?? '') ||
  a.itemName.localeCompare(b.itemName) ||
  a.ticketNumber.localeCompare(b.ticketNumber);

/**
 * My Tickets: parks ordered by their nearest day of use, each with its days in order and the tickets of a day by
 * time, then item, then ticket number.
 */
export function groupTickets(tickets: readonly WalletTicket[]): ParkGroup[] {
  const parks = new Map<number, { park: WalletPark; days: Map<string, WalletTicket[]> }>();
  for (const t of tickets) {
    let p = parks.get(t.park.id);
    if (!p) {
      p = { park: t.park, days: new Map() };
      parks.set(t.park.id, p);
    }
    const day = p.days.get(t.useDate) ?? [];
    day.push(t);
    p.days.set(t.useDate, day);
  }
  const groups = [...parks.values()].map(({ park, days }) => ({
    park,
    dates: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, list]) => ({ date, tickets: [...list].sort(byTime) })),
  }));
  return groups.sort(
    (a, b) => (a.dates[0]?.date ?? '').localeCompare(b.dates[0]?.date ?? '') || a.park.name.localeCompare(b.park.name),
  );
}

export interface ShownDateGroup extends DateGroup {
  /** All the tickets of the day (the day's count), of which `tickets` are the ones rendered. */
  total: number;
}

export interface ShownParkGroup {
  park: WalletPark;
  dates: ShownDateGroup[];
}

/**
 * The first `limit` tickets of the groups, in order: My Tickets renders a screenful at once and the rest a moment
 * later, so a long wallet opens as fast as a short one. Days keep their full count.
 */
export function firstTickets(groups: readonly ParkGroup[], limit: number): ShownParkGroup[] {
  let left = limit;
  const shown: ShownParkGroup[] = [];
  for (const g of groups) {
    if (left <= 0) break;
    const dates: ShownDateGroup[] = [];
    for (const d of g.dates) {
      if (left <= 0) break;
      const tickets = d.tickets.slice(0, left);
      left -= tickets.length;
      dates.push({ date: d.date, tickets, total: d.tickets.length });
    }
    shown.push({ park: g.park, dates });
  }
  return shown;
}

export type ShareExpiry = { expired: true } | { expired: false; hours: number; minutes: number };

/** How long a share link has left (its own state `expired`, or past expiresAt by this device's clock). */
export function shareExpiry(share: { state: string; expiresAt: string }, now: number = Date.now()): ShareExpiry {
  const left = Date.parse(share.expiresAt) - now;
  if (share.state === 'expired' || !(left > 0)) return { expired: true };
  const minutesTotal = Math.ceil(left / 60_000);
  return { expired: false, hours: Math.floor(minutesTotal / 60), minutes: minutesTotal % 60 };
}

/**
 * The ticket subtotal of the order detail: this ticket's own price. The detail answer's `ticketSubtotal` is the
 * sum over the whole order (the same as its subtotal), so it is not read here.
 */
export const ticketSubtotalOf = (detail: { ticket: Pick<WalletTicket, 'price'> }) => detail.ticket.price;
