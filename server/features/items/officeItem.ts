// An item as the back office reads it (every label, private ones included), shared by the office's item use cases.
import type { Knex } from 'knex';
import type { OfficeItem, OfficeItemRow } from '../../../common/dto/catalogueOffice';
import type { Locale, SaleLabel } from '../../../common/enums';
import type { AdvanceField } from '../../../common/rules/advanceInfo';
import { saleLabelMoves } from '../../../common/rules/saleLabel';

type Db = Knex | Knex.Transaction;

const instantOf = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

/** Time slots per item. */
export async function slotsOf(db: Db, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = (await db('item_time_slots')
    .whereIn('item_id', itemIds)
    .groupBy('item_id')
    .select('item_id', db.raw('COUNT(*)::int AS n'))) as { itemId: number; n: number }[];
  return new Map(rows.map((r) => [Number(r.itemId), Number(r.n)]));
}

/** Places sold per item (stock rows of every date). */
export async function soldOf(db: Db, itemIds: number[]): Promise<Map<number, number>> {
  const sales = await salesOf(db, itemIds);
  return new Map([...sales].map(([id, s]) => [id, s.sold]));
}

/** Places sold and the capacity they were sold from, per item (stock rows of every date made so far). */
export async function salesOf(db: Db, itemIds: number[]): Promise<Map<number, { sold: number; capacity: number }>> {
  if (itemIds.length === 0) return new Map();
  const rows = (await db('stock_units')
    .whereIn('item_id', itemIds)
    .groupBy('item_id')
    .select(
      'item_id',
      db.raw('COALESCE(SUM(sold), 0)::int AS sold'),
      db.raw('COALESCE(SUM(capacity), 0)::int AS capacity'),
    )) as { itemId: number; sold: number; capacity: number }[];
  return new Map(rows.map((r) => [Number(r.itemId), { sold: Number(r.sold), capacity: Number(r.capacity) }]));
}

export function officeRow(
  // biome-ignore lint/suspicious/noExplicitAny: a row of items as knex answers it (camelCased)
  r: any,
  sales: { sold: number; capacity: number },
  timeSlots: number,
  locale: Locale,
): OfficeItemRow {
  return {
    id: r.id,
    name: (locale === 'en' && r.nameEn) || r.nameJa,
    nameJa: r.nameJa,
    nameEn: r.nameEn ?? null,
    category: r.category,
    saleLabel: r.saleLabel as SaleLabel,
    isPrivate: Boolean(r.isPrivate),
    availableFrom: r.availableFrom,
    availableUntil: r.availableUntil,
    sold: sales.sold,
    capacity: sales.capacity,
    linkId: r.linkId,
    moves: [...saleLabelMoves(r.saleLabel as SaleLabel)],
    timeSlots,
    updatedAt: instantOf(r.updatedAt) ?? '',
  };
}

/** The item of the park, or undefined (another park's item is not found, never shown). */
export async function loadOfficeItem(
  db: Db,
  parkId: number,
  itemId: number,
  locale: Locale = 'ja',
): Promise<OfficeItem | undefined> {
  const r = await db('items').where({ id: itemId, park_id: parkId }).first();
  if (!r) return undefined;
  const basic = await db('item_plans').where({ item_id: itemId, kind: 'basic' }).orderBy('sort').first('id');
  const prices = basic
    ? ((await db('item_plan_prices')
        .where({ item_plan_id: basic.id })
        .orderBy('age_group_id')
        .select('age_group_id', 'price')) as { ageGroupId: number; price: number }[])
    : [];
  const policy = (await db('item_cancellation_policies')
    .where({ item_id: itemId })
    .orderBy('days_before', 'desc')
    .select('days_before', 'charge_rate')) as { daysBefore: number; chargeRate: number }[];
  const excluded = (await db('item_excluded_days')
    .where({ item_id: itemId })
    .orderBy('date')
    .pluck('date')) as string[];
  const sales = (await salesOf(db, [itemId])).get(itemId) ?? { sold: 0, capacity: 0 };
  const slots = (await db('item_time_slots')
    .where({ item_id: itemId })
    .orderBy('start_time')
    .select('id', 'start_time', 'end_time', 'capacity')) as {
    id: number;
    startTime: string;
    endTime: string;
    capacity: number;
  }[];
  const addOns = (await db('item_plans')
    .where({ item_id: itemId, kind: 'additional' })
    .orderBy(['sort', 'id'])
    .select('id', 'name_ja', 'name_en')) as { id: number; nameJa: string; nameEn: string | null }[];
  const addOnPrices = addOns.length
    ? ((await db('item_plan_prices')
        .whereIn(
          'item_plan_id',
          addOns.map((a) => a.id),
        )
        .orderBy('age_group_id')
        .select('item_plan_id', 'age_group_id', 'price')) as {
        itemPlanId: number;
        ageGroupId: number;
        price: number;
      }[])
    : [];
  return {
    ...officeRow(r, sales, (await slotsOf(db, [itemId])).get(itemId) ?? 0, locale),
    descriptionJa: r.descriptionJa,
    descriptionEn: r.descriptionEn ?? null,
    notesJa: r.notesJa ?? null,
    notesEn: r.notesEn ?? null,
    combinationLabel: r.combinationLabel,
    usageTrigger: r.usageTrigger,
    reservationRequired: Boolean(r.reservationRequired),
    lottery: Boolean(r.lottery),
    waitlist: Boolean(r.waitlist),
    seatSelection: Boolean(r.seatSelection),
    reentry: Boolean(r.reentry),
    maxEntries: r.maxEntries ?? null,
    minimumParticipant: r.minimumParticipant,
    maxPerOrder: r.maxPerOrder,
    disabilityPrice: r.disabilityPrice ?? null,
    applicationDeadlineDays: r.applicationDeadlineDays,
    applicationDeadlineTime: r.applicationDeadlineTime,
    saleStartsAt: instantOf(r.saleStartsAt),
    saleEndsAt: instantOf(r.saleEndsAt),
    shareableUntil: r.shareableUntil ?? null,
    rewardCoins: r.rewardCoins,
    dailyCapacity: r.dailyCapacity,
    imageUrl: r.imageUrl,
    prices: prices.map((p) => ({ ageGroupId: Number(p.ageGroupId), price: Number(p.price) })),
    cancellationPolicy: policy.map((p) => ({ daysBefore: Number(p.daysBefore), chargeRate: Number(p.chargeRate) })),
    excludedDays: excluded,
    timeSlotList: slots.map((s) => ({
      id: Number(s.id),
      startTime: s.startTime,
      endTime: s.endTime,
      capacity: Number(s.capacity),
    })),
    additionalPlans: addOns.map((a) => ({
      id: Number(a.id),
      nameJa: a.nameJa,
      nameEn: a.nameEn ?? null,
      prices: addOnPrices
        .filter((p) => Number(p.itemPlanId) === Number(a.id))
        .map((p) => ({ ageGroupId: Number(p.ageGroupId), price: Number(p.price) })),
    })),
    advanceInfoFields: (typeof r.advanceInfoFields === 'string'
      ? JSON.parse(r.advanceInfoFields)
      : (r.advanceInfoFields ?? [])) as AdvanceField[],
  };
}
