import type {
  ItemDetail,
  ItemParkRef,
  ItemPlanDto,
  ItemSummary,
  ItemTimeSlotDto,
  TagRef,
} from '../../../common/dto/item';
import type { PassProduct } from '../../../common/dto/pass';
import {
  type CombinationLabel,
  FEW_LEFT_THRESHOLD,
  type ItemCategory,
  type Locale,
  type SaleLabel,
  type UsageTrigger,
} from '../../../common/enums';
import { AGE_GROUPS, PREFECTURES } from '../../../common/reference';
import { isOnSale, usableDates } from '../../../common/rules/availability';
import { tokyoDate } from '../../../common/time';
import { localize, localizeOrNull } from '../../lib/localize';
import type { Item, ItemPlan, Tag } from './models';
import type { ListedItem } from './services/listItems';

const refName = (r: { nameJa: string; nameEn: string | null }, locale: Locale) =>
  locale === 'en' && r.nameEn ? r.nameEn : r.nameJa;

/** The first sentence of a description, for cards (about 110 characters at most, cut at a word in latin text). */
export function leadOf(text: string, max = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[。．！？]|[.!?](\s|$)/);
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function parkRef(
  park: { id: number; nameJa: string; nameEn: string | null; prefectureId: number },
  locale: Locale,
): ItemParkRef {
  const prefecture = PREFECTURES.find((p) => p.id === park.prefectureId);
  return {
    id: park.id,
    name: localize(park, 'name', locale),
    prefecture: { id: park.prefectureId, name: prefecture ? refName(prefecture, locale) : '' },
  };
}

export const tagRef = (t: Pick<Tag, 'id' | 'code' | 'nameJa' | 'nameEn'>, locale: Locale): TagRef => ({
  id: t.id,
  code: t.code,
  name: localize(t, 'name', locale),
});

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function summaryFields(
  item: Item,
  park: ItemParkRef,
  price: { min: number; max: number } | null,
  tags: TagRef[],
  locale: Locale,
  now: Date,
): ItemSummary {
  return {
    id: item.id,
    category: item.category as ItemCategory,
    name: localize(item, 'name', locale),
    lead: leadOf(localize(item, 'description', locale)),
    imageUrl: item.imageUrl,
    park,
    saleLabel: item.saleLabel as SaleLabel,
    combinationLabel: item.combinationLabel as CombinationLabel,
    onSale: isOnSale(item, now),
    reservationRequired: item.reservationRequired,
    lottery: item.lottery,
    waitlist: item.waitlist,
    priceFrom: price?.min ?? null,
    priceTo: price?.max ?? null,
    availableFrom: item.availableFrom,
    availableUntil: item.availableUntil,
    rewardCoins: item.rewardCoins,
    tags,
  };
}

export function presentItemSummary(
  row: ListedItem,
  locale: Locale,
  dates: readonly string[] | undefined,
  now = new Date(),
): ItemSummary {
  const { item } = row;
  const park = parkRef(
    { id: item.parkId, nameJa: item.parkNameJa, nameEn: item.parkNameEn, prefectureId: item.parkPrefectureId },
    locale,
  );
  const summary = summaryFields(
    item,
    park,
    row.price,
    row.tags.map((t) => tagRef(t, locale)),
    locale,
    now,
  );
  if (dates && row.calendar) {
    summary.usableDates = usableDates(
      {
        availableFrom: item.availableFrom,
        availableUntil: item.availableUntil,
        excludedDays: row.calendar.excludedDays,
        applicationDeadlineDays: item.applicationDeadlineDays,
        applicationDeadlineTime: item.applicationDeadlineTime,
      },
      row.calendar.park,
      dates,
      now,
    );
  }
  return summary;
}

const AGE_NAMES = new Map(AGE_GROUPS.map((g) => [g.id, g]));

function presentPlan(plan: ItemPlan, locale: Locale): ItemPlanDto {
  return {
    id: plan.id,
    kind: plan.kind,
    name: localize(plan, 'name', locale),
    prices: (plan.prices ?? [])
      .slice()
      .sort((a, b) => a.ageGroupId - b.ageGroupId)
      .map((p) => {
        const group = AGE_NAMES.get(p.ageGroupId);
        return {
          ageGroupId: p.ageGroupId,
          ageGroupName: group ? refName(group, locale) : String(p.ageGroupId),
          price: p.price,
        };
      }),
  };
}

/** The item page: every field a buyer needs, localised. `remaining` is the smallest slot capacity for now. */
/** `pass`: the pass product of a pass item (items/passProducts.ts), null for tickets. */
export function presentItemDetail(
  item: Item,
  locale: Locale,
  now = new Date(),
  pass: PassProduct | null = null,
): ItemDetail {
  const park = item.park;
  if (!park) throw new Error('presentItemDetail needs the park');
  const plans = (item.plans ?? []).slice().sort((a, b) => a.sort - b.sort || a.id - b.id);
  const basic = plans.filter((p) => p.kind === 'basic').map((p) => presentPlan(p, locale));
  const basicPrices = basic.flatMap((p) => p.prices.map((x) => x.price));
  const price = basicPrices.length ? { min: Math.min(...basicPrices), max: Math.max(...basicPrices) } : null;
  const timeSlots: ItemTimeSlotDto[] = (item.timeSlots ?? [])
    .slice()
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((s) => ({ id: s.id, startTime: s.startTime, endTime: s.endTime, capacity: s.capacity }));
  const remaining = timeSlots.length ? Math.min(...timeSlots.map((s) => s.capacity)) : item.dailyCapacity;
  const tags = (item.tags ?? [])
    .slice()
    .sort((a, b) => a.id - b.id)
    .map((t) => tagRef(t, locale));
  const today = tokyoDate(now);
  return {
    ...summaryFields(item, parkRef(park, locale), price, tags, locale, now),
    park: {
      ...parkRef(park, locale),
      closedWeekdays: (park.closedWeekdays ?? [])
        .slice()
        .sort((a, b) => a.id - b.id)
        .map((w) => ({ id: w.id, name: localize(w, 'name', locale) })),
    },
    description: localize(item, 'description', locale),
    notes: localizeOrNull(item, 'notes', locale),
    usageTrigger: item.usageTrigger as UsageTrigger,
    seatSelection: item.seatSelection,
    minimumParticipant: item.minimumParticipant,
    maxPerOrder: item.maxPerOrder,
    disabilityPrice: item.disabilityPrice,
    basicPlan: basic[0] ?? null,
    additionalPlans: plans.filter((p) => p.kind === 'additional').map((p) => presentPlan(p, locale)),
    excludedDays: (item.excludedDays ?? [])
      .map((d) => d.date)
      .filter((d) => d >= today)
      .sort(),
    applicationDeadline: { daysBefore: item.applicationDeadlineDays, time: item.applicationDeadlineTime },
    saleStartsAt: iso(item.saleStartsAt),
    saleEndsAt: iso(item.saleEndsAt),
    shareableUntil: item.shareableUntil,
    cancellationPolicy: (item.cancellationPolicies ?? [])
      .slice()
      .sort((a, b) => b.daysBefore - a.daysBefore)
      .map((c) => ({ daysBefore: c.daysBefore, chargeRate: c.chargeRate })),
    timeSlots,
    advanceInfoFields: item.advanceInfoFields ?? [],
    remaining,
    fewLeft: remaining < FEW_LEFT_THRESHOLD,
    isPrivate: item.isPrivate,
    pass,
  };
}
