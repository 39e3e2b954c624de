import type { TicketPackContent, TicketPackDetail, TicketPackSummary } from '../../../common/dto/ticketPack';
import type { ItemCategory, Locale, SaleLabel } from '../../../common/enums';
import { dateRange, isUsableOn, type ParkCalendar, SELLING_SALE_LABELS } from '../../../common/rules/availability';
import { tokyoDate } from '../../../common/time';
import { localize } from '../../lib/localize';
import { isListedRow, leadOf, parkRef } from '../items';
import type { TicketPack } from './models';
import type { TicketPackListRow } from './services/listTicketPacks';

/** Applications accepted now: a selling sale label ("sale", or "private" for link holders) inside the schedule. */
export function isApplicationOpen(pack: TicketPack, now = new Date()): boolean {
  const t = now.getTime();
  return (
    SELLING_SALE_LABELS.includes(pack.saleLabel) &&
    new Date(pack.applicationStartsAt).getTime() <= t &&
    new Date(pack.applicationEndsAt).getTime() >= t
  );
}

function summaryFields(
  pack: TicketPack,
  park: { id: number; nameJa: string; nameEn: string | null; prefectureId: number },
  locale: Locale,
  now: Date,
): TicketPackSummary {
  return {
    id: pack.id,
    category: pack.category as ItemCategory,
    name: localize(pack, 'name', locale),
    lead: leadOf(localize(pack, 'description', locale)),
    imageUrl: pack.imageUrl,
    park: parkRef(park, locale),
    saleLabel: pack.saleLabel as SaleLabel,
    price: pack.price,
    applicationStartsAt: new Date(pack.applicationStartsAt).toISOString(),
    applicationEndsAt: new Date(pack.applicationEndsAt).toISOString(),
    applicationOpen: isApplicationOpen(pack, now),
    availableFrom: pack.availableFrom,
    availableUntil: pack.availableUntil,
    minTotal: pack.minTotal,
    maxTotal: pack.maxTotal,
  };
}

export function presentTicketPackSummary(row: TicketPackListRow, locale: Locale, now = new Date()): TicketPackSummary {
  return summaryFields(
    row,
    { id: row.parkId, nameJa: row.parkNameJa, nameEn: row.parkNameEn, prefectureId: row.parkPrefectureId },
    locale,
    now,
  );
}

/**
 * Dates from today on which the pack can be used: inside its own period and usable for every item it holds
 * (each item's period, excluded days and application deadline, and the park's open days).
 */
export function selectableDates(pack: TicketPack, calendar: ParkCalendar, now = new Date()): string[] {
  const today = tokyoDate(now);
  // The later of the two YYYY-MM-DD dates (strings: Math.max does not apply).
  const from = pack.availableFrom.localeCompare(today) > 0 ? pack.availableFrom : today;
  const items = (pack.contents ?? []).flatMap((c) => (c.item ? [c.item] : []));
  return dateRange(from, pack.availableUntil, 400).filter((date) =>
    items.every((item) =>
      isUsableOn(
        {
          availableFrom: item.availableFrom,
          availableUntil: item.availableUntil,
          excludedDays: (item.excludedDays ?? []).map((d) => d.date),
          applicationDeadlineDays: item.applicationDeadlineDays,
          applicationDeadlineTime: item.applicationDeadlineTime,
        },
        calendar,
        date,
        now,
      ),
    ),
  );
}

export function presentTicketPackDetail(
  pack: TicketPack,
  calendar: ParkCalendar,
  locale: Locale,
  now = new Date(),
): TicketPackDetail {
  const park = pack.park;
  if (!park) throw new Error('presentTicketPackDetail needs the park');
  const items: TicketPackContent[] = (pack.contents ?? [])
    .flatMap((c) => (c.item ? [{ content: c, item: c.item }] : []))
    .sort((a, b) => a.item.category - b.item.category || a.item.id - b.item.id)
    .map(({ content, item }) => ({
      itemId: item.id,
      name: localize(item, 'name', locale),
      category: item.category as ItemCategory,
      quantity: content.quantity,
      imageUrl: item.imageUrl,
      listed: isListedRow(item, park.isPrivate),
    }));
  return {
    ...summaryFields(pack, park, locale, now),
    description: localize(pack, 'description', locale),
    items,
    selectableTimes: [...(pack.selectableTimes ?? [])].sort(),
    selectableDates: selectableDates(pack, calendar, now),
    isPrivate: pack.isPrivate,
  };
}
