import type { Knex } from 'knex';
import type { DateAvailability, SlotAvailability } from '../../../../common/dto/cart';
import type { Locale } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { dateRange, isOnSale, unavailableReason } from '../../../../common/rules/availability';
import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityReason,
  availabilityStatus,
  combineStatuses,
  REASON_MESSAGES,
} from '../../../../common/rules/cart';
import { daysBetween } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { excludedDaysOfItems, parkCalendars } from '../../items';
import { assertVisible, calendarOf, loadItems } from '../catalogue';
import { roundsTakingEntries } from '../lotteryRounds';

/**
 * Places left per date (and slot) of an item from `from` to `to` (at most AVAILABILITY_MAX_DAYS days), with the
 * status available | few | soldOut | unavailable and, when unavailable, why (the shared rules of
 * common/rules/availability.ts: period, excluded days, park closed, application deadline; or not on sale; for a
 * lottery item, a date no round taking entries now covers).
 * Dates whose stock row does not exist yet have their whole capacity left. The general pool only: places set aside
 * for pass holders are not for everyone (a holder reads them with GET /api/v1/items/{id}/pass-places).
 */
export async function getAvailability(
  knex: Knex,
  itemId: number,
  range: { from: string; to: string; linkId?: string },
  locale: Locale,
  now = new Date(),
): Promise<DateAvailability[]> {
  const days = daysBetween(range.from, range.to) + 1;
  if (days < 1 || days > AVAILABILITY_MAX_DAYS) {
    throw new DomainError('availabilityRange', { max: AVAILABILITY_MAX_DAYS });
  }
  const item = (await loadItems(knex, [itemId])).get(itemId);
  if (!item) throw notFound();
  assertVisible(item, range.linkId);
  const [calendars, excluded, stock, rounds] = await Promise.all([
    parkCalendars(knex, [item.parkId], range.from),
    excludedDaysOfItems(knex, [item.id], range.from),
    knex('stock_units')
      .where({ item_id: item.id, pool: 0 })
      .whereBetween('date', [range.from, range.to])
      .select('date', 'time_slot_id', 'capacity', 'sold', 'held') as Promise<
      { date: string; timeSlotId: number | null; capacity: number; sold: number; held: number }[]
    >,
    item.lottery ? roundsTakingEntries(knex, item.id, now) : null,
  ]);
  // A lottery item is applied for in a round: only the use dates of a round taking entries now are offered.
  const inRound = (date: string) => !rounds || rounds.some((r) => date >= r.useFrom && date <= r.useTo);
  const park = calendars.get(item.parkId) ?? { closedWeekdays: [], specialDays: [] };
  const cal = { ...calendarOf(item), excludedDays: excluded.get(item.id) ?? [] };
  const rows = new Map(stock.map((s) => [`${s.date}|${s.timeSlotId ?? 0}`, s]));
  const onSale = isOnSale(item, now);
  const slots = item.slots.length
    ? item.slots.map((s) => ({
        id: s.id as number | null,
        startTime: s.startTime,
        endTime: s.endTime,
        capacity: s.capacity,
      }))
    : [{ id: null, startTime: null, endTime: null, capacity: item.dailyCapacity }];

  return dateRange(range.from, range.to, AVAILABILITY_MAX_DAYS).map((date) => {
    const reason: AvailabilityReason | null = !onSale
      ? 'notOnSale'
      : (unavailableReason(cal, park, date, now) ?? (inRound(date) ? null : 'notInLotteryRound'));
    const perSlot: SlotAvailability[] = slots.map((s) => {
      const row = rows.get(`${date}|${s.id ?? 0}`);
      const capacity = row ? row.capacity : s.capacity;
      const remaining = Math.max(0, row ? row.capacity - row.sold - row.held : s.capacity);
      return {
        timeSlotId: s.id,
        startTime: s.startTime,
        endTime: s.endTime,
        capacity,
        remaining,
        status: availabilityStatus(remaining, reason),
      };
    });
    return {
      date,
      status: reason ? 'unavailable' : combineStatuses(perSlot),
      remaining: perSlot.reduce((n, s) => n + s.remaining, 0),
      reason,
      reasonText: reason ? message(REASON_MESSAGES[reason], locale) : null,
      slots: perSlot,
    };
  });
}
