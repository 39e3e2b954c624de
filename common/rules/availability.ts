// When an item can be used and applied for (SPEC sections 3 and 5): the availability period, excluded days,
// the park's open days and the application deadline. Pure date rules on Asia/Tokyo business dates, shared by
// the ticket search (date tab), the pack page and, later, the cart.
import { SaleLabel } from '../enums';
import { addDays, isoWeekday, tokyoDate } from '../time';

/** Ticket search accepts up to this many dates (SPEC section 9). */
export const MAX_SEARCH_DATES = 10;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Tokyo is UTC+9 all year (no daylight saving time). */
const TOKYO_OFFSET = '+09:00';

/** The instant of a Tokyo wall-clock date and HH:MM time. */
export function tokyoInstantOf(date: string, time: string): Date {
  return new Date(`${date}T${TIME.test(time) ? time : '23:59'}:00${TOKYO_OFFSET}`);
}

export interface ParkCalendar {
  /** ISO weekdays (1 Monday .. 7 Sunday) the park is regularly closed. */
  closedWeekdays: readonly number[];
  /** Special days: 'closed' closes an otherwise open day; 'open' and 'extended' open an otherwise closed one. */
  specialDays: readonly { date: string; kind: 'closed' | 'open' | 'extended' }[];
}

/** Whether the park is open on a date: a special day wins over the regular closed weekdays. */
export function isParkOpen(park: ParkCalendar, date: string): boolean {
  const special = park.specialDays.find((d) => d.date === date);
  if (special) return special.kind !== 'closed';
  return !park.closedWeekdays.includes(isoWeekday(date));
}

export interface ApplicationDeadline {
  /** Applications close this many days before the day of use… */
  applicationDeadlineDays: number;
  /** …at this Tokyo time (HH:MM). */
  applicationDeadlineTime: string;
}

/** The instant applications for a day of use close: `days` days before it, at the given Tokyo time. */
export function applicationDeadline(date: string, rule: ApplicationDeadline): Date {
  return tokyoInstantOf(addDays(date, -rule.applicationDeadlineDays), rule.applicationDeadlineTime);
}

/** Whether the deadline for a day of use has passed at `now` (the deadline minute itself still counts). */
export function isDeadlinePassed(date: string, rule: ApplicationDeadline, now: Date = new Date()): boolean {
  return now.getTime() > applicationDeadline(date, rule).getTime();
}

export interface ItemCalendar extends ApplicationDeadline {
  availableFrom: string;
  availableUntil: string;
  excludedDays: readonly string[];
}

export type UnavailableReason = 'outsidePeriod' | 'excludedDay' | 'parkClosed' | 'deadlinePassed';

/** Why an item cannot be used on a date, or null when it can (checked in this order). */
export function unavailableReason(
  item: ItemCalendar,
  park: ParkCalendar,
  date: string,
  now: Date = new Date(),
): UnavailableReason | null {
  if (date < item.availableFrom || date > item.availableUntil) return 'outsidePeriod';
  if (item.excludedDays.includes(date)) return 'excludedDay';
  if (!isParkOpen(park, date)) return 'parkClosed';
  if (isDeadlinePassed(date, item, now)) return 'deadlinePassed';
  return null;
}

export function isUsableOn(item: ItemCalendar, park: ParkCalendar, date: string, now: Date = new Date()): boolean {
  return unavailableReason(item, park, date, now) === null;
}

/** The dates of `dates` on which the item can be used. */
export function usableDates(
  item: ItemCalendar,
  park: ParkCalendar,
  dates: readonly string[],
  now: Date = new Date(),
): string[] {
  return dates.filter((d) => isUsableOn(item, park, d, now));
}

/** Every date from `from` to `to` inclusive (at most `limit`). */
export function dateRange(from: string, to: string, limit = 400): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < limit; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface SaleWindow {
  saleLabel: SaleLabel | number;
  saleStartsAt: Date | string | null;
  saleEndsAt: Date | string | null;
  availableUntil: string;
}

const instant = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));

/** Sale labels under which a ticket can be bought: "sale", and "private" (sold to holders of its link only). */
export const SELLING_SALE_LABELS: readonly number[] = [SaleLabel.Sale, SaleLabel.Private];

/**
 * On sale now: a selling sale label, inside the sale window (open ends allowed) and still usable from today on.
 * (The "available" tab lists only listed items, so private ones never show there.)
 */
export function isOnSale(item: SaleWindow, now: Date = new Date()): boolean {
  if (!SELLING_SALE_LABELS.includes(item.saleLabel)) return false;
  if (item.saleStartsAt !== null && instant(item.saleStartsAt) > now.getTime()) return false;
  if (item.saleEndsAt !== null && instant(item.saleEndsAt) < now.getTime()) return false;
  return item.availableUntil >= tokyoDate(now);
}

/** Dates as given in a search: valid, distinct, sorted; more than MAX_SEARCH_DATES is refused by the caller. */
export function normalizeSearchDates(dates: readonly string[]): string[] {
  return [...new Set(dates.filter(isIsoDate))].sort();
}
