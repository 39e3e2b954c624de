// POST and PUT api/v1/staff/parks/{parkId}/items[/{id}]: an editor (or owner) creates an item (private, so nothing
// is shown before its label moves) or changes some of its fields. Rules across fields are checked here (dates in
// order, known age groups, one charge rate per day count); the sale label moves only through moveSaleLabel, and
// stock per date and slot only through the stock ledger. Each save writes the park's audit row (fields before and
// after) in its transaction. Orders already placed keep their prices: lines carry their own subtotals.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { OfficeCancellationRow, OfficeItem, OfficePrice } from '../../../../common/dto/catalogueOffice';
import { SaleLabel } from '../../../../common/enums';
import type { AdvanceField } from '../../../../common/rules/advanceInfo';
import { addDays, tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { loadOfficeItem, soldOf } from '../officeItem';

/** The columns an editor may set (camelCase of items' columns). */
export interface ItemFields {
  nameJa?: string;
  nameEn?: string | null;
  descriptionJa?: string;
  descriptionEn?: string | null;
  notesJa?: string | null;
  notesEn?: string | null;
  category?: number;
  combinationLabel?: number;
  usageTrigger?: number;
  reservationRequired?: boolean;
  lottery?: boolean;
  waitlist?: boolean;
  minimumParticipant?: number;
  maxPerOrder?: number;
  disabilityPrice?: number | null;
  availableFrom?: string;
  availableUntil?: string;
  applicationDeadlineDays?: number;
  applicationDeadlineTime?: string;
  saleStartsAt?: Date | null;
  saleEndsAt?: Date | null;
  shareableUntil?: string | null;
  rewardCoins?: number;
  dailyCapacity?: number;
  /** The ticket may leave and come back on its day (gate exit and re-entry), up to maxEntries entries (null: no limit). */
  reentry?: boolean;
  maxEntries?: number | null;
  isPrivate?: boolean;
  imageUrl?: string;
  prices?: OfficePrice[];
  cancellationPolicy?: OfficeCancellationRow[];
  excludedDays?: string[];
  advanceInfoFields?: AdvanceField[];
  /** The whole list: slots with an id are kept (times and capacity for new dates), others added, missing ones removed. */
  timeSlots?: { id?: number; startTime: string; endTime: string; capacity: number }[];
  /** The whole list of add-ons, the same way. */
  additionalPlans?: { id?: number; nameJa: string; nameEn: string | null; prices: OfficePrice[] }[];
}

const COLUMNS: Record<string, string> = {
  nameJa: 'name_ja',
  nameEn: 'name_en',
  descriptionJa: 'description_ja',
  descriptionEn: 'description_en',
  notesJa: 'notes_ja',
  notesEn: 'notes_en',
  category: 'category',
  combinationLabel: 'combination_label',
  usageTrigger: 'usage_trigger',
  reservationRequired: 'reservation_required',
  lottery: 'lottery',
  waitlist: 'waitlist',
  minimumParticipant: 'minimum_participant',
  maxPerOrder: 'max_per_order',
  disabilityPrice: 'disability_price',
  availableFrom: 'available_from',
  availableUntil: 'available_until',
  applicationDeadlineDays: 'application_deadline_days',
  applicationDeadlineTime: 'application_deadline_time',
  saleStartsAt: 'sale_starts_at',
  saleEndsAt: 'sale_ends_at',
  shareableUntil: 'shareable_until',
  rewardCoins: 'reward_coins',
  dailyCapacity: 'daily_capacity',
  reentry: 'reentry',
  maxEntries: 'max_entries',
  isPrivate: 'is_private',
  imageUrl: 'image_url',
};

const bad = (field: string) => new DomainError('invalidParam', { field });

/** Rules across fields, on the item as it would be after the change. */
interface Checked {
  availableFrom?: string;
  availableUntil?: string;
  saleStartsAt?: Date | string | null;
  saleEndsAt?: Date | string | null;
  minimumParticipant?: number;
  maxPerOrder?: number;
  prices?: OfficePrice[];
  cancellationPolicy?: OfficeCancellationRow[];
  excludedDays?: string[];
  advanceInfoFields?: AdvanceField[];
}

/** Every price names an age group that exists. */
async function checkAgeGroups(trx: Knex.Transaction, prices: { ageGroupId: number }[]): Promise<void> {
  const groups = [...new Set(prices.map((p) => p.ageGroupId))];
  const known = (await trx('age_groups').whereIn('id', groups).pluck('id')) as number[];
  if (known.length !== groups.length) throw bad('prices');
}

async function checkItem(trx: Knex.Transaction, next: Checked): Promise<void> {
  if (next.availableFrom && next.availableUntil && next.availableFrom > next.availableUntil)
    throw bad('available_until');
  const starts = next.saleStartsAt ? new Date(next.saleStartsAt) : null;
  const ends = next.saleEndsAt ? new Date(next.saleEndsAt) : null;
  if (starts && ends && starts >= ends) throw bad('sale_ends_at');
  if ((next.minimumParticipant ?? 1) > (next.maxPerOrder ?? 10)) throw bad('minimum_participant');
  if (next.prices) {
    if (new Set(next.prices.map((p) => p.ageGroupId)).size !== next.prices.length) throw bad('prices');
    await checkAgeGroups(trx, next.prices);
  }
  if (next.cancellationPolicy) {
    const days = new Set(next.cancellationPolicy.map((p) => p.daysBefore));
    if (days.size !== next.cancellationPolicy.length) throw bad('cancellation_policy');
  }
  if (next.excludedDays && new Set(next.excludedDays).size !== next.excludedDays.length) throw bad('excluded_days');
  const keys = (next.advanceInfoFields ?? []).map((f) => f.key);
  if (new Set(keys).size !== keys.length) throw bad('advance_info_fields');
}

/**
 * A pass item (items.pass, made by the pass office: server/features/passes/office) stays a pass here: an admission
 * shown by QR with no date to book, never drawn by lottery nor waitlisted (README of passes, 2.12 and 2.15).
 */
function checkPassItem(fields: ItemFields): void {
  if (fields.lottery) throw bad('lottery');
  if (fields.waitlist) throw bad('waitlist');
  if (fields.category !== undefined && fields.category !== 0) throw bad('category');
  if (fields.reservationRequired) throw bad('reservation_required');
  if (fields.usageTrigger !== undefined && fields.usageTrigger !== 1) throw bad('usage_trigger');
  if (fields.timeSlots?.length) throw bad('time_slots');
}

function columnsOf(fields: ItemFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    const v = fields[key as keyof ItemFields];
    if (v !== undefined) out[column] = v;
  }
  if (fields.advanceInfoFields) out.advance_info_fields = JSON.stringify(fields.advanceInfoFields);
  return out;
}

/**
 * A slot something was sold, held, ordered, entered or waited for cannot go (its stock rows would go with it). Its
 * stock rows are locked first: a hold being taken on the slot meanwhile waits, then finds its row gone and fails
 * whole (cart lines have no key to the slot: migrations/20261127000100).
 */
async function slotInUse(trx: Knex.Transaction, slotId: number): Promise<boolean> {
  await trx('stock_units').where({ time_slot_id: slotId }).orderBy('id').forUpdate().select('id');
  const used = await Promise.all([
    trx('stock_units').where({ time_slot_id: slotId }).whereRaw('sold + held > 0').first('id'),
    trx('order_lines').where({ time_slot_id: slotId }).first('id'),
    trx('cart_lines').where({ time_slot_id: slotId }).first('id'),
    trx('waitlist_entries').where({ time_slot_id: slotId }).first('id'),
  ]);
  return used.some(Boolean);
}

async function writeSlots(trx: Knex.Transaction, itemId: number, slots: NonNullable<ItemFields['timeSlots']>) {
  const starts = slots.map((s) => s.startTime);
  if (new Set(starts).size !== starts.length) throw bad('time_slots');
  if (slots.some((s) => s.startTime >= s.endTime)) throw bad('end_time');
  const existing = (await trx('item_time_slots').where({ item_id: itemId }).pluck('id')) as number[];
  const kept = new Set(slots.flatMap((s) => (s.id ? [s.id] : [])));
  if ([...kept].some((id) => !existing.includes(id))) throw bad('time_slots');
  for (const id of existing.filter((id) => !kept.has(id))) {
    if (await slotInUse(trx, id)) throw new DomainError('timeSlotInUse');
    await trx('item_time_slots').where({ id }).delete();
  }
  // Two passes, so times can be swapped between slots without meeting the unique (item, start time) on the way.
  for (const [i, s] of slots.entries()) {
    if (s.id)
      await trx('item_time_slots')
        .where({ id: s.id })
        .update({ start_time: `~${i}` });
  }
  for (const s of slots) {
    const row = { start_time: s.startTime, end_time: s.endTime, capacity: s.capacity };
    if (!s.id) {
      await trx('item_time_slots').insert({ item_id: itemId, ...row });
      continue;
    }
    // Places set aside for pass holders are part of the slot's (stock/services/setPassCapacity.ts).
    const set = (await trx('item_time_slots').where({ id: s.id }).first('pass_capacity')) as { passCapacity: number };
    if (s.capacity < set.passCapacity) throw new DomainError('passCapacityOverSlot', { capacity: s.capacity });
    await trx('item_time_slots')
      .where({ id: s.id })
      .update({ start_time: s.startTime, end_time: s.endTime, capacity: s.capacity });
  }
}

async function writeAddOns(
  trx: Knex.Transaction,
  itemId: number,
  plans: NonNullable<ItemFields['additionalPlans']>,
): Promise<void> {
  const existing = (await trx('item_plans').where({ item_id: itemId, kind: 'additional' }).pluck('id')) as number[];
  const kept = new Set(plans.flatMap((p) => (p.id ? [p.id] : [])));
  if ([...kept].some((id) => !existing.includes(id))) throw bad('additional_plans');
  const removed = existing.filter((id) => !kept.has(id));
  // Orders keep their lines by plan id: an add-on of an item that has sold stays.
  if (removed.length && ((await soldOf(trx, [itemId])).get(itemId) ?? 0) > 0) {
    throw new DomainError('planInUse');
  }
  if (removed.length) await trx('item_plans').whereIn('id', removed).delete();
  await checkAgeGroups(
    trx,
    plans.flatMap((p) => p.prices),
  );
  for (const [i, p] of plans.entries()) {
    let id = p.id;
    if (id)
      await trx('item_plans')
        .where({ id })
        .update({ name_ja: p.nameJa, name_en: p.nameEn, sort: i + 1 });
    else {
      const [row] = await trx('item_plans')
        .insert({ item_id: itemId, kind: 'additional', name_ja: p.nameJa, name_en: p.nameEn, sort: i + 1 })
        .returning('id');
      id = Number(row.id);
    }
    await trx('item_plan_prices').where({ item_plan_id: id }).delete();
    if (p.prices.length) {
      await trx('item_plan_prices').insert(
        p.prices.map((x) => ({ item_plan_id: id, age_group_id: x.ageGroupId, price: x.price })),
      );
    }
  }
}

async function writeChildren(trx: Knex.Transaction, itemId: number, fields: ItemFields): Promise<void> {
  if (fields.timeSlots) await writeSlots(trx, itemId, fields.timeSlots);
  if (fields.additionalPlans) await writeAddOns(trx, itemId, fields.additionalPlans);
  if (fields.prices) {
    let basic = await trx('item_plans').where({ item_id: itemId, kind: 'basic' }).orderBy('sort').first('id');
    if (!basic) {
      [basic] = await trx('item_plans')
        .insert({ item_id: itemId, kind: 'basic', name_ja: '基本プラン', name_en: 'Standard', sort: 0 })
        .returning('id');
    }
    await trx('item_plan_prices').where({ item_plan_id: basic.id }).delete();
    if (fields.prices.length) {
      await trx('item_plan_prices').insert(
        fields.prices.map((p) => ({ item_plan_id: basic.id, age_group_id: p.ageGroupId, price: p.price })),
      );
    }
  }
  if (fields.cancellationPolicy) {
    await trx('item_cancellation_policies').where({ item_id: itemId }).delete();
    if (fields.cancellationPolicy.length) {
      await trx('item_cancellation_policies').insert(
        fields.cancellationPolicy.map((p) => ({
          item_id: itemId,
          days_before: p.daysBefore,
          charge_rate: p.chargeRate,
        })),
      );
    }
  }
  if (fields.excludedDays) {
    await trx('item_excluded_days').where({ item_id: itemId }).delete();
    if (fields.excludedDays.length) {
      await trx('item_excluded_days').insert(fields.excludedDays.map((date) => ({ item_id: itemId, date })));
    }
  }
}

/** Only what changed, for the audit row. */
function changed(before: OfficeItem | undefined, after: OfficeItem, fields: ItemFields) {
  const keys = Object.keys(fields).filter((k) => fields[k as keyof ItemFields] !== undefined) as (keyof OfficeItem)[];
  const pick = (o: OfficeItem | undefined) => (o ? Object.fromEntries(keys.map((k) => [k, o[k]])) : null);
  return { before: pick(before), after: pick(after) };
}

export async function createOfficeItem(
  knex: Knex,
  input: { parkId: number; actorUserId: number; fields: ItemFields & { nameJa: string; descriptionJa: string } },
): Promise<OfficeItem> {
  return knex.transaction(async (trx) => {
    const park = await trx('parks').where({ id: input.parkId }).first('image_url');
    if (!park) throw notFound();
    await checkItem(trx, input.fields);
    const [row] = await trx('items')
      .insert({
        code: `office-${randomUUID()}`,
        park_id: input.parkId,
        category: 0,
        combination_label: 4,
        usage_trigger: 1,
        image_url: park.imageUrl,
        available_from: tokyoDate(),
        available_until: addDays(tokyoDate(), 90),
        ...columnsOf(input.fields),
        // New items start private: nothing is shown to visitors before an editor moves the label.
        sale_label: SaleLabel.Private,
        link_id: randomUUID(),
      })
      .returning('id');
    const itemId = Number(row.id);
    await writeChildren(trx, itemId, { prices: [], ...input.fields });
    const after = (await loadOfficeItem(trx, input.parkId, itemId)) as OfficeItem;
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: itemId,
      action: 'created',
      after: changed(undefined, after, input.fields).after,
    });
    return after;
  });
}

export async function updateOfficeItem(
  knex: Knex,
  input: { parkId: number; itemId: number; actorUserId: number; fields: ItemFields },
): Promise<OfficeItem> {
  return knex.transaction(async (trx) => {
    const locked = await trx('items')
      .where({ id: input.itemId, park_id: input.parkId })
      .forUpdate()
      .first('id', 'pass');
    if (!locked) throw notFound();
    if (locked.pass) checkPassItem(input.fields);
    const before = (await loadOfficeItem(trx, input.parkId, input.itemId)) as OfficeItem;
    await checkItem(trx, { ...before, ...input.fields });
    const columns = columnsOf(input.fields);
    if (Object.keys(columns).length) {
      await trx('items')
        .where({ id: input.itemId })
        .update({ ...columns, updated_at: new Date() });
    }
    await writeChildren(trx, input.itemId, input.fields);
    // A lottery's places are drawn: holders' places would stay unbooked (setPassCapacity.ts refuses the other way).
    if (
      input.fields.lottery &&
      (await trx('item_time_slots').where({ item_id: input.itemId }).max('pass_capacity as n').first())?.n > 0
    ) {
      throw new DomainError('passCapacityNotForItem');
    }
    const after = (await loadOfficeItem(trx, input.parkId, input.itemId)) as OfficeItem;
    const diff = changed(before, after, input.fields);
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'item',
      entityId: input.itemId,
      action: 'updated',
      ...diff,
    });
    return after;
  });
}
