import type { Knex } from 'knex';
import type { ItemSearchTab } from '../../../../common/dto/item';
import { SaleLabel } from '../../../../common/enums';
import type { ParkCalendar } from '../../../../common/rules/availability';
import { tokyoDate } from '../../../../common/time';
import { fetchSearchPage, whereSearch } from '../../../lib/search';
import { Item } from '../models';
import {
  basicPriceRanges,
  excludedDaysOfItems,
  openParksByDate,
  orderByDefault,
  parkCalendars,
  type TagRow,
  tagsOfItems,
  whereListed,
  whereUsableOnAnyDate,
} from '../queries';

export interface ListItemsQuery {
  tab: ItemSearchTab;
  /** Date tab: 1..MAX_SEARCH_DATES distinct YYYY-MM-DD dates (checked by the route). */
  dates?: string[];
  parkIds?: number[];
  categories?: number[];
  keyword?: string;
  page: number;
  perPage: number;
  now?: Date;
}

export type ItemListRow = Item & { parkNameJa: string; parkNameEn: string | null; parkPrefectureId: number };

export interface ListedItem {
  item: ItemListRow;
  price: { min: number; max: number } | null;
  tags: TagRow[];
  /** Date tab: the item's excluded days and its park's calendar, to tell which searched dates it is usable on. */
  calendar?: { excludedDays: string[]; park: ParkCalendar };
}

/**
 * Listed items by tab (available now / all / usable on one of the dates), park, category and keyword.
 * Ranked by the keyword when there is one, else by sale status, then park (north to south), then id.
 */
export async function listItems(query: ListItemsQuery, db?: Knex) {
  const knex = db ?? Item.knex();
  const now = query.now ?? new Date();
  const today = tokyoDate(now);
  const q = Item.query(db).join('parks', 'parks.id', 'items.park_id');
  whereListed(q, 'items');
  if (query.tab === 'available') {
    const at = now.toISOString();
    q.where('items.sale_label', SaleLabel.Sale)
      .where((b) => b.whereNull('items.sale_starts_at').orWhere('items.sale_starts_at', '<=', at))
      .where((b) => b.whereNull('items.sale_ends_at').orWhere('items.sale_ends_at', '>=', at))
      .where('items.available_until', '>=', today);
  }
  if (query.tab === 'date') {
    const dates = query.dates ?? [];
    whereUsableOnAnyDate(q, dates, await openParksByDate(knex, dates), now);
  }
  if (query.parkIds?.length) q.whereIn('items.park_id', query.parkIds);
  if (query.categories?.length) q.whereIn('items.category', query.categories);
  const terms = whereSearch(q, 'items.search_text', query.keyword);
  const { rows, total, totalCapped } = await fetchSearchPage<ItemListRow>({
    knex,
    filtered: q,
    idColumn: 'items.id',
    searchColumn: 'items.search_text',
    orderByDefault: (b) => orderByDefault(b, 'items', 'parks.prefecture_id'),
    rowsOf: (ids) =>
      Item.query(db)
        .from(ids.as('w'))
        .join('items', 'items.id', 'w.id')
        .join('parks', 'parks.id', 'items.park_id')
        .select('items.*', {
          parkNameJa: 'parks.name_ja',
          parkNameEn: 'parks.name_en',
          parkPrefectureId: 'parks.prefecture_id',
        }),
    terms,
    page: query.page,
    perPage: query.perPage,
  });
  const ids = rows.map((r) => r.id);
  const [prices, tags, excluded, calendars] = await Promise.all([
    basicPriceRanges(knex, ids),
    tagsOfItems(knex, ids),
    query.tab === 'date' ? excludedDaysOfItems(knex, ids, today) : Promise.resolve(null),
    query.tab === 'date'
      ? parkCalendars(
          knex,
          rows.map((r) => r.parkId),
          today,
        )
      : Promise.resolve(null),
  ]);
  const listed: ListedItem[] = rows.map((item) => ({
    item,
    price: prices.get(item.id) ?? null,
    tags: tags.filter((t) => t.itemId === item.id),
    calendar:
      excluded && calendars
        ? {
            excludedDays: excluded.get(item.id) ?? [],
            park: calendars.get(item.parkId) ?? { closedWeekdays: [], specialDays: [] },
          }
        : undefined,
  }));
  return { rows: listed, total, totalCapped };
}
