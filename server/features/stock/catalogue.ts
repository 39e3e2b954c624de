// What the cart needs to know about items and packs: sale rules, calendar of one date, slots, plans and prices,
// read in one statement per kind (the add path is hot during a flash sale).
import type { Knex } from 'knex';
import type { PassProduct } from '../../../common/dto/pass';
import type { AdvanceField } from '../../../common/rules/advanceInfo';
import {
  type ItemCalendar,
  isOnSale,
  type ParkCalendar,
  type UnavailableReason,
  unavailableReason,
} from '../../../common/rules/availability';
import { REASON_MESSAGES } from '../../../common/rules/cart';
import { DomainError, notFound } from '../../lib/errors';
import { isListedRow, loadPassProducts } from '../items';
import { isApplicationOpen, type TicketPack } from '../ticketPacks';

type Db = Knex | Knex.Transaction;

export interface CatalogueSlot {
  id: number;
  startTime: string;
  endTime: string;
  /** The general pool's places of a new date: the slot's capacity less the places set aside for pass holders. */
  capacity: number;
  /** Places set aside for pass holders (stock pool 1; 0 = none). */
  passCapacity: number;
}

export interface CataloguePlan {
  id: number;
  kind: 'basic' | 'additional';
  nameJa: string;
  nameEn: string | null;
  sort: number;
  prices: { ageGroupId: number; price: number }[];
}

/** What items and packs share: the sellable thing, its park, its name and picture. */
export interface CatalogueEntry {
  id: number;
  parkId: number;
  parkIsPrivate: boolean;
  parkNameJa: string;
  parkNameEn: string | null;
  nameJa: string;
  nameEn: string | null;
  imageUrl: string;
  saleLabel: number;
}

export interface CatalogueItem extends CatalogueEntry {
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  availableFrom: string;
  availableUntil: string;
  applicationDeadlineDays: number;
  applicationDeadlineTime: string;
  isPrivate: boolean;
  linkId: string;
  lottery: boolean;
  seatSelection: boolean;
  minimumParticipant: number;
  maxPerOrder: number;
  disabilityPrice: number | null;
  dailyCapacity: number;
  /** ItemCategory (common/enums.ts): a pass's member discount applies by category. */
  category: number;
  /** Asked of each ticket holder at checkout (common/rules/advanceInfo.ts). */
  advanceInfoFields: AdvanceField[];
  slots: CatalogueSlot[];
  plans: CataloguePlan[];
  /** An annual pass item: its product per language (items/passProducts.ts); null for tickets. */
  pass: { ja: PassProduct; en: PassProduct } | null;
  /** For the date asked about (when one was given). */
  calendar?: { excluded: boolean; specialKind: 'closed' | 'open' | 'extended' | null; closedWeekdays: number[] };
}

export interface CataloguePack extends CatalogueEntry {
  applicationStartsAt: Date;
  applicationEndsAt: Date;
  availableFrom: string;
  availableUntil: string;
  selectableTimes: string[];
  minTotal: number;
  maxTotal: number;
  price: number;
  isPrivate: boolean;
  linkId: string;
  contents: { itemId: number; quantity: number }[];
}

const ITEM_COLUMNS = `i.id, i.park_id, p.is_private AS park_is_private, p.name_ja AS park_name_ja, p.name_en AS park_name_en,
  i.name_ja, i.name_en, i.image_url, i.sale_label, i.sale_starts_at, i.sale_ends_at,
  i.available_from::text AS available_from, i.available_until::text AS available_until,
  i.application_deadline_days, i.application_deadline_time, i.is_private, i.link_id, i.lottery, i.seat_selection,
  i.minimum_participant, i.max_per_order, i.pass, i.disability_price, i.daily_capacity, i.category, i.advance_info_fields,
  (SELECT coalesce(json_agg(json_build_object('id', s.id, 'startTime', s.start_time, 'endTime', s.end_time,
     'capacity', s.capacity - s.pass_capacity, 'passCapacity', s.pass_capacity) ORDER BY s.start_time), '[]'::json)
     FROM item_time_slots s WHERE s.item_id = i.id) AS slots,
  (SELECT coalesce(json_agg(json_build_object('id', pl.id, 'kind', pl.kind, 'nameJa', pl.name_ja, 'nameEn', pl.name_en,
     'sort', pl.sort, 'prices', (SELECT coalesce(json_agg(json_build_object('ageGroupId', pp.age_group_id,
       'price', pp.price) ORDER BY pp.age_group_id), '[]'::json) FROM item_plan_prices pp WHERE pp.item_plan_id = pl.id))
     ORDER BY pl.sort, pl.id), '[]'::json) FROM item_plans pl WHERE pl.item_id = i.id) AS plans`;

const DATE_COLUMNS = `,
  EXISTS (SELECT 1 FROM item_excluded_days x WHERE x.item_id = i.id AND x.date = ?::date) AS excluded,
  (SELECT sd.kind FROM park_special_days sd WHERE sd.park_id = i.park_id AND sd.date = ?::date) AS special_kind,
  (SELECT coalesce(json_agg(w.weekday_id), '[]'::json) FROM park_closed_weekdays w WHERE w.park_id = i.park_id)
    AS closed_weekdays`;

interface ItemRow {
  id: number;
  park_id: number;
  park_is_private: boolean;
  park_name_ja: string;
  park_name_en: string | null;
  name_ja: string;
  name_en: string | null;
  image_url: string;
  sale_label: number;
  sale_starts_at: Date | null;
  sale_ends_at: Date | null;
  available_from: string;
  available_until: string;
  application_deadline_days: number;
  application_deadline_time: string;
  is_private: boolean;
  link_id: string;
  lottery: boolean;
  seat_selection: boolean;
  pass: boolean;
  minimum_participant: number;
  max_per_order: number;
  disability_price: number | null;
  daily_capacity: number;
  category: number;
  advance_info_fields: AdvanceField[] | string;
  slots: CatalogueSlot[] | string;
  plans: CataloguePlan[] | string;
  excluded?: boolean;
  special_kind?: 'closed' | 'open' | 'extended' | null;
  closed_weekdays?: number[] | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function itemOf(r: ItemRow): CatalogueItem {
  return {
    id: r.id,
    parkId: r.park_id,
    parkIsPrivate: r.park_is_private,
    parkNameJa: r.park_name_ja,
    parkNameEn: r.park_name_en,
    nameJa: r.name_ja,
    nameEn: r.name_en,
    imageUrl: r.image_url,
    saleLabel: r.sale_label,
    saleStartsAt: r.sale_starts_at,
    saleEndsAt: r.sale_ends_at,
    availableFrom: r.available_from,
    availableUntil: r.available_until,
    applicationDeadlineDays: r.application_deadline_days,
    applicationDeadlineTime: r.application_deadline_time,
    isPrivate: r.is_private,
    linkId: r.link_id,
    lottery: r.lottery,
    seatSelection: r.seat_selection,
    minimumParticipant: r.minimum_participant,
    maxPerOrder: r.max_per_order,
    disabilityPrice: r.disability_price,
    dailyCapacity: r.daily_capacity,
    category: r.category,
    advanceInfoFields: json(r.advance_info_fields),
    slots: json(r.slots),
    plans: json(r.plans),
    pass: null,
    ...(r.excluded === undefined
      ? {}
      : {
          calendar: {
            excluded: r.excluded,
            specialKind: r.special_kind ?? null,
            closedWeekdays: json(r.closed_weekdays ?? []).map(Number),
          },
        }),
  };
}

/** Items by id with their slots and plans (and, with `date`, that date's calendar facts). */
export async function loadItems(
  db: Db,
  itemIds: readonly number[],
  date?: string,
): Promise<Map<number, CatalogueItem>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const { rows } = (await db.raw(
    `SELECT ${ITEM_COLUMNS}${date ? DATE_COLUMNS : ''} FROM items i JOIN parks p ON p.id = i.park_id
     WHERE i.id IN (${ids.map(() => '?').join(', ')})`,
    [...(date ? [date, date] : []), ...ids],
  )) as { rows: ItemRow[] };
  const items = new Map(rows.map((r) => [r.id, itemOf(r)]));
  const passIds = rows.filter((r) => r.pass).map((r) => r.id);
  if (passIds.length > 0) {
    // One after another: `db` may be a transaction (one connection).
    const ja = await loadPassProducts(db, passIds, 'ja');
    const en = await loadPassProducts(db, passIds, 'en');
    for (const [id, product] of ja) {
      const item = items.get(id);
      const english = en.get(id);
      if (item && english) item.pass = { ja: product, en: english };
    }
  }
  return items;
}

interface PackRow {
  id: number;
  park_id: number;
  park_is_private: boolean;
  park_name_ja: string;
  park_name_en: string | null;
  name_ja: string;
  name_en: string | null;
  image_url: string;
  sale_label: number;
  application_starts_at: Date;
  application_ends_at: Date;
  available_from: string;
  available_until: string;
  selectable_times: string[];
  min_total: number;
  max_total: number;
  price: number;
  is_private: boolean;
  link_id: string;
  contents: { itemId: number; quantity: number }[] | string;
}

export async function loadPacks(db: Db, packIds: readonly number[]): Promise<Map<number, CataloguePack>> {
  const ids = [...new Set(packIds)];
  if (ids.length === 0) return new Map();
  const { rows } = (await db.raw(
    `SELECT t.id, t.park_id, p.is_private AS park_is_private, p.name_ja AS park_name_ja, p.name_en AS park_name_en,
       t.name_ja, t.name_en, t.image_url, t.sale_label, t.application_starts_at, t.application_ends_at,
       t.available_from::text AS available_from, t.available_until::text AS available_until, t.selectable_times,
       t.min_total, t.max_total, t.price, t.is_private, t.link_id,
       (SELECT coalesce(json_agg(json_build_object('itemId', c.item_id, 'quantity', c.quantity) ORDER BY c.item_id),
         '[]'::json) FROM ticket_pack_items c WHERE c.ticket_pack_id = t.id) AS contents
     FROM ticket_packs t JOIN parks p ON p.id = t.park_id WHERE t.id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  )) as { rows: PackRow[] };
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parkId: r.park_id,
        parkIsPrivate: r.park_is_private,
        parkNameJa: r.park_name_ja,
        parkNameEn: r.park_name_en,
        nameJa: r.name_ja,
        nameEn: r.name_en,
        imageUrl: r.image_url,
        saleLabel: r.sale_label,
        applicationStartsAt: r.application_starts_at,
        applicationEndsAt: r.application_ends_at,
        availableFrom: r.available_from,
        availableUntil: r.available_until,
        selectableTimes: r.selectable_times,
        minTotal: r.min_total,
        maxTotal: r.max_total,
        price: r.price,
        isPrivate: r.is_private,
        linkId: r.link_id,
        contents: json(r.contents),
      },
    ]),
  );
}

/** Listed, or opened with its link (like the item and pack pages); otherwise it does not exist for the caller. */
export function assertVisible(
  row: { isPrivate: boolean; saleLabel: number; parkIsPrivate: boolean; linkId: string },
  linkId: string | undefined,
): void {
  if (!isListedRow(row, row.parkIsPrivate) && row.linkId !== linkId) throw notFound();
}

export const calendarOf = (item: CatalogueItem): ItemCalendar => ({
  availableFrom: item.availableFrom,
  availableUntil: item.availableUntil,
  excludedDays: [],
  applicationDeadlineDays: item.applicationDeadlineDays,
  applicationDeadlineTime: item.applicationDeadlineTime,
});

/** Why the item cannot be used on the date it was loaded for (see loadItems), or null. */
export function reasonOnLoadedDate(item: CatalogueItem, date: string, now: Date): UnavailableReason | null {
  const c = item.calendar;
  if (!c) throw new Error('loadItems was called without a date');
  const park: ParkCalendar = {
    closedWeekdays: c.closedWeekdays,
    specialDays: c.specialKind ? [{ date, kind: c.specialKind }] : [],
  };
  return unavailableReason({ ...calendarOf(item), excludedDays: c.excluded ? [date] : [] }, park, date, now);
}

/** An item can be added for `date`: on sale now and usable that day; else a 400 naming why. */
export function assertItemSellable(item: CatalogueItem, date: string, now: Date): void {
  if (!isOnSale(item, now)) throw new DomainError(REASON_MESSAGES.notOnSale);
  const reason = reasonOnLoadedDate(item, date, now);
  if (reason) throw new DomainError(REASON_MESSAGES[reason]);
}

/** A pack can be added for `date`: applications open now, inside its own period. */
export function assertPackSellable(pack: CataloguePack, date: string, now: Date): void {
  if (!isApplicationOpen(pack as unknown as TicketPack, now)) throw new DomainError(REASON_MESSAGES.notOnSale);
  if (date < pack.availableFrom || date > pack.availableUntil) {
    throw new DomainError(REASON_MESSAGES.outsidePeriod);
  }
}

/** The basic plan of an item: the first one (by sort) of kind 'basic'. */
export const basicPlanOf = (item: CatalogueItem): CataloguePlan | undefined =>
  item.plans.find((p) => p.kind === 'basic');

// ---------------------------------------------------------------------------------------------
// A short-lived memo of catalogue reads for the add path: during a flash sale every add reads the same item.
// Entries live `ttlMs` (the route uses the catalogue cache setting, capped at 2 s; 0 in tests reads every time);
// prices for payment are read fresh by cartForCheckout.

const MEMO_MAX = 2000;
const memos = new WeakMap<object, Map<string, { expires: number; value: Promise<unknown> }>>();

export function cachedRead<T>(db: Db, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return load();
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (memo.size >= MEMO_MAX) {
    for (const [k, v] of memo) if (v.expires <= now || memo.size >= MEMO_MAX) memo.delete(k);
  }
  const value = load();
  const entry = { expires: now + ttlMs, value: value as Promise<unknown> };
  memo.set(key, entry);
  value.catch(() => {
    if (memo?.get(key) === entry) memo.delete(key);
  });
  return value;
}
