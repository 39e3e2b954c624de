// Query pieces shared by the item and ticket-pack use cases: which rows are listed, the default order,
// the date-tab condition in SQL, and the park calendars / prices / tags of a page of rows.
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import { LISTED_SALE_LABELS, SaleLabel } from '../../../common/enums';
import { isParkOpen, type ParkCalendar } from '../../../common/rules/availability';

/** Sale status order when no keyword ranks the rows: on sale, unlabelled, coming, ended. */
export const SALE_STATUS_ORDER: readonly number[] = [
  SaleLabel.Sale,
  SaleLabel.Blank,
  SaleLabel.BeforeRelease,
  SaleLabel.WaitingForPublication,
  SaleLabel.EndOfSale,
];

export function saleStatusOrderSql(column: string): string {
  const whens = SALE_STATUS_ORDER.map((label, i) => `WHEN ${Number(label)} THEN ${i}`).join(' ');
  return `CASE ${column} ${whens} ELSE ${SALE_STATUS_ORDER.length} END`;
}

/** Default order: sale status, then park (north to south by prefecture), then id. */
export function orderByDefault(q: AnyQueryBuilder, table: 'items' | 'ticket_packs', prefectureColumn: string): void {
  q.orderByRaw(saleStatusOrderSql(`${table}.sale_label`)).orderBy([
    { column: prefectureColumn },
    { column: `${table}.park_id` },
    { column: `${table}.id` },
  ]);
}

/** Public listing: not private, a listed sale label, and a park that is itself listed. */
export function whereListed(q: AnyQueryBuilder, table: 'items' | 'ticket_packs'): void {
  q.where(`${table}.is_private`, false)
    .whereIn(`${table}.sale_label`, LISTED_SALE_LABELS as number[])
    .where('parks.is_private', false);
}

export function isListedRow(row: { isPrivate: boolean; saleLabel: number }, parkIsPrivate: boolean): boolean {
  return !row.isPrivate && !parkIsPrivate && (LISTED_SALE_LABELS as readonly number[]).includes(row.saleLabel);
}

/** Tokyo wall-clock time of an instant as 'YYYY-MM-DD HH:MM:SS.mmm' (a SQL timestamp without zone). */
export function tokyoWallClock(now: Date): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * Parks open on each date, by the shared rule (common/rules/availability.ts isParkOpen): the park calendars are
 * small, so this is worked out here rather than in SQL.
 */
export async function openParksByDate(
  knex: Knex | Knex.Transaction,
  dates: readonly string[],
): Promise<Map<string, number[]>> {
  const parkIds = ((await knex('parks').select('id')) as { id: number }[]).map((p) => p.id);
  const calendars = await parkCalendars(knex, parkIds, dates[0] ?? '0000-01-01', dates);
  return new Map(dates.map((d) => [d, parkIds.filter((id) => isParkOpen(calendars.get(id) ?? NO_CALENDAR, d))]));
}

const NO_CALENDAR: ParkCalendar = { closedWeekdays: [], specialDays: [] };

/**
 * The date tab in SQL, the same rules as common/rules/availability.ts (unavailableReason) so paging and counts
 * stay right: usable on at least one of the dates: the park open that day (`openParks`, from openParksByDate),
 * inside the availability period, not an excluded day, and the application deadline not passed at `now`
 * (Asia/Tokyo wall-clock time, compared with the deadline date + time).
 */
export function whereUsableOnAnyDate(
  q: AnyQueryBuilder,
  dates: readonly string[],
  openParks: Map<string, number[]>,
  now: Date,
): void {
  const branches: string[] = [];
  const bindings: (string | number)[] = [];
  const wallClock = tokyoWallClock(now);
  for (const day of dates) {
    const parks = openParks.get(day) ?? [];
    if (parks.length === 0) continue;
    branches.push(`(items.park_id IN (${parks.map(() => '?').join(', ')})
      AND items.available_from <= ?::date AND items.available_until >= ?::date
      AND (?::date - items.application_deadline_days) + items.application_deadline_time::time >= ?::timestamp
      AND NOT EXISTS (SELECT 1 FROM item_excluded_days x WHERE x.item_id = items.id AND x.date = ?::date))`);
    bindings.push(...parks, day, day, day, wallClock, day);
  }
  if (branches.length === 0) q.whereRaw('false');
  else q.whereRaw(`(${branches.join(' OR ')})`, bindings);
}

/** Park calendars (closed weekdays and special days from `from`) of the given parks. */
export async function parkCalendars(
  knex: Knex | Knex.Transaction,
  parkIds: readonly number[],
  from: string,
  onlyDates?: readonly string[],
): Promise<Map<number, ParkCalendar>> {
  const ids = [...new Set(parkIds)];
  const out = new Map<number, { closedWeekdays: number[]; specialDays: ParkCalendar['specialDays'][number][] }>(
    ids.map((id) => [id, { closedWeekdays: [], specialDays: [] }]),
  );
  if (ids.length === 0) return out;
  const [weekdays, specials] = await Promise.all([
    knex('park_closed_weekdays').select('park_id', 'weekday_id').whereIn('park_id', ids),
    knex('park_special_days')
      .select('park_id', 'date', 'kind')
      .whereIn('park_id', ids)
      .where('date', '>=', from)
      .modify((b) => {
        if (onlyDates) b.whereIn('date', onlyDates);
      }),
  ]);
  for (const w of weekdays as { parkId: number; weekdayId: number }[])
    out.get(w.parkId)?.closedWeekdays.push(w.weekdayId);
  for (const s of specials as { parkId: number; date: string; kind: 'closed' | 'open' | 'extended' }[]) {
    out.get(s.parkId)?.specialDays.push({ date: s.date, kind: s.kind });
  }
  return out;
}

/** Lowest and highest basic-plan price per item. */
export async function basicPriceRanges(
  knex: Knex | Knex.Transaction,
  itemIds: readonly number[],
): Promise<Map<number, { min: number; max: number }>> {
  if (itemIds.length === 0) return new Map();
  const rows = (await knex('item_plans as p')
    .join('item_plan_prices as pp', 'pp.item_plan_id', 'p.id')
    .where('p.kind', 'basic')
    .whereIn('p.item_id', itemIds)
    .groupBy('p.item_id')
    .select({ itemId: 'p.item_id' })
    .min({ lo: 'pp.price' })
    .max({ hi: 'pp.price' })) as { itemId: number; lo: number | string; hi: number | string }[];
  return new Map(rows.map((r) => [r.itemId, { min: Number(r.lo), max: Number(r.hi) }]));
}

export interface TagRow {
  itemId: number;
  id: number;
  code: string;
  nameJa: string;
  nameEn: string | null;
}

export async function tagsOfItems(knex: Knex | Knex.Transaction, itemIds: readonly number[]): Promise<TagRow[]> {
  if (itemIds.length === 0) return [];
  return (await knex('item_tags as it')
    .join('tags as t', 't.id', 'it.tag_id')
    .whereIn('it.item_id', itemIds)
    .orderBy([{ column: 'it.item_id' }, { column: 't.id' }])
    .select({
      itemId: 'it.item_id',
      id: 't.id',
      code: 't.code',
      nameJa: 't.name_ja',
      nameEn: 't.name_en',
    })) as TagRow[];
}

export async function excludedDaysOfItems(
  knex: Knex | Knex.Transaction,
  itemIds: readonly number[],
  from: string,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (itemIds.length === 0) return out;
  const rows = (await knex('item_excluded_days')
    .whereIn('item_id', itemIds)
    .where('date', '>=', from)
    .orderBy('date')
    .select('item_id', 'date')) as { itemId: number; date: string }[];
  for (const r of rows) out.set(r.itemId, [...(out.get(r.itemId) ?? []), r.date]);
  return out;
}
