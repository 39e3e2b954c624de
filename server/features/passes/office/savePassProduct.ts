// POST and PUT api/v1/staff/parks/{parkId}/pass-products[/{itemId}]: an editor (or owner) creates or changes a pass
// product. The one writer of pass_products and pass_product_parks (server/test/ledgerWriters.unit.test.ts). One
// transaction writes the item (items.pass, admission, shown by QR, sale window, re-entry), its basic plan prices per
// age group (disability and companion share items.disability_price, as the item editor keeps them), the renewal
// plan (item_plans.kind 'renewal'), the pass_products row, the parks the pass admits at (always its own; a partner
// park only where the member is owner) and the park's staff audit row. A new item starts private, like any office
// item: it is shown once its sale label moves. Passes already sold keep their terms (they carry their own dates).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { OfficePassProduct, SavePassProductRequest } from '../../../../common/dto/pass';
import { ItemCategory, type Locale, SaleLabel, UsageTrigger } from '../../../../common/enums';
import { AGE_GROUPS } from '../../../../common/reference';
import { addDays, tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { parkStaffAccess } from '../../../lib/staffAccess';
import { recordStaffChange } from '../../../lib/staffAudit';
import { loadPassProduct } from './passProductView';

export interface SavePassProductInput {
  parkId: number;
  /** The member saving; null only for the demo seed (seeds/passes.ts), which may name any park as a partner. */
  actorUserId: number | null;
  request: SavePassProductRequest;
  locale?: Locale;
  /** Create only: the item's code (the seed's natural key); otherwise a new office code. */
  code?: string;
}

type Prices = SavePassProductRequest['prices'];

const bad = (field: string) => new DomainError('invalidParam', { field });
const AGE_GROUP_IDS = new Set(AGE_GROUPS.map((g) => g.id));
const DISCOUNT_CATEGORIES: number[] = [ItemCategory.Event, ItemCategory.Quest];
/** A pass admits for up to two years of terms; the item stays listed that long (its use dates mean nothing here). */
const LISTED_DAYS = 731;

/** Basic prices per known age group, once each; disability and companion without an age group, one price for both. */
function splitPrices(prices: Prices, field: string, disabilityAllowed: boolean) {
  const basic = prices.filter((p) => p.unit_kind === 'basic');
  const other = prices.filter((p) => p.unit_kind !== 'basic');
  if (basic.length === 0) throw bad(field);
  const groups = basic.map((p) => p.age_group_id);
  if (groups.some((g) => g === null || !AGE_GROUP_IDS.has(g)) || new Set(groups).size !== groups.length)
    throw bad(field);
  if (other.length && !disabilityAllowed) throw bad(field);
  if (other.some((p) => p.age_group_id !== null && p.age_group_id !== undefined)) throw bad(field);
  const kinds = other.map((p) => p.unit_kind);
  if (new Set(kinds).size !== kinds.length || new Set(other.map((p) => p.price)).size > 1) throw bad(field);
  if (kinds.includes('companion') && !kinds.includes('disability')) throw bad(field);
  return {
    basic: basic.map((p) => ({ ageGroupId: p.age_group_id as number, price: p.price })),
    disabilityPrice: other[0]?.price ?? null,
  };
}

/** Rules across fields, each naming its field; the parks the pass admits at (own park first). */
async function check(trx: Knex.Transaction, input: SavePassProductInput, itemId: number): Promise<number[]> {
  const r = input.request;
  if (r.kind === 'single' ? r.max_holders !== 1 : r.max_holders < 2 || r.max_holders > 10) throw bad('max_holders');
  if (r.max_entries !== null && r.max_entries !== undefined && !r.reentry) throw bad('max_entries');
  if (r.discount_categories.some((c) => !DISCOUNT_CATEGORIES.includes(c))) throw bad('discount_categories');
  if (r.discount_percent > 0 && r.discount_categories.length === 0) throw bad('discount_categories');
  if (r.sale_from && r.sale_until && new Date(r.sale_from) >= new Date(r.sale_until)) throw bad('sale_until');
  const parkIds = [input.parkId, ...new Set(r.park_ids.filter((id) => id !== input.parkId))];
  // A partner park the product already admits at stays (an editor may save what an owner of both parks set).
  const linked = new Set((await trx('pass_product_parks').where({ item_id: itemId }).pluck('park_id')).map(Number));
  for (const id of parkIds.slice(1)) {
    if (linked.has(id)) continue;
    const park = await trx('parks').where({ id }).first('id');
    const owner = input.actorUserId === null || (await parkStaffAccess(trx, input.actorUserId, id, 'owner')) === 'ok';
    if (!park || !owner) throw bad('park_ids');
  }
  if (r.guest_vouchers > 0 || r.guest_voucher_item_id) {
    // A voucher makes an admission ticket of a park the pass admits at free.
    const voucherItem = r.guest_voucher_item_id
      ? await trx('items')
          .where({ id: r.guest_voucher_item_id, category: ItemCategory.AdmissionTicket, pass: false })
          .whereIn('park_id', parkIds)
          .first('id')
      : undefined;
    if (!voucherItem) throw bad('guest_voucher_item_id');
  }
  return parkIds;
}

function itemColumns(r: SavePassProductRequest, disabilityPrice: number | null) {
  return {
    name_ja: r.name_ja,
    name_en: r.name_en || null,
    description_ja: r.description_ja,
    description_en: r.description_en || null,
    category: ItemCategory.AdmissionTicket,
    usage_trigger: UsageTrigger.QrPresentation,
    pass: true,
    lottery: false,
    waitlist: false,
    reservation_required: false,
    reentry: r.reentry,
    max_entries: r.reentry ? (r.max_entries ?? null) : null,
    max_per_order: r.kind === 'family' ? r.max_holders : 10,
    minimum_participant: 1,
    disability_price: disabilityPrice,
    sale_starts_at: r.sale_from ? new Date(r.sale_from) : null,
    sale_ends_at: r.sale_until ? new Date(r.sale_until) : null,
  };
}

async function writePlan(
  trx: Knex.Transaction,
  itemId: number,
  kind: 'basic' | 'renewal',
  planId: number | null,
  prices: { ageGroupId: number; price: number }[],
): Promise<number> {
  let id = planId;
  if (!id) {
    const [ja, en] = kind === 'basic' ? ['基本プラン', 'Standard'] : ['更新', 'Renewal'];
    const [row] = await trx('item_plans')
      .insert({ item_id: itemId, kind, name_ja: ja, name_en: en, sort: kind === 'basic' ? 0 : 90 })
      .returning('id');
    id = Number(row.id);
  }
  await trx('item_plan_prices').where({ item_plan_id: id }).delete();
  await trx('item_plan_prices').insert(
    prices.map((p) => ({ item_plan_id: id, age_group_id: p.ageGroupId, price: p.price })),
  );
  return id;
}

async function writeProduct(
  trx: Knex.Transaction,
  input: SavePassProductInput,
  itemId: number,
  existing: { renewalPlanId: number | null } | undefined,
): Promise<void> {
  const r = input.request;
  const parkIds = await check(trx, input, itemId);
  const prices = splitPrices(r.prices, 'prices', true);
  const renewal = r.renewal ? splitPrices(r.renewal.prices, 'renewal.prices', false) : null;
  await trx('items')
    .where({ id: itemId })
    .update({ ...itemColumns(r, prices.disabilityPrice), updated_at: new Date() });
  const basic = await trx('item_plans').where({ item_id: itemId, kind: 'basic' }).orderBy('sort').first('id');
  await writePlan(trx, itemId, 'basic', basic?.id ?? null, prices.basic);
  let renewalPlanId: number | null = null;
  if (renewal) renewalPlanId = await writePlan(trx, itemId, 'renewal', existing?.renewalPlanId ?? null, renewal.basic);
  const row = {
    park_id: input.parkId,
    kind: r.kind,
    max_holders: r.max_holders,
    validity_days: r.validity_days,
    validity_start: r.validity_start,
    start_within_days: r.start_within_days,
    renewal_plan_id: renewalPlanId,
    renewal_window_days: r.renewal?.window_days ?? 60,
    discount_percent: r.discount_percent,
    discount_categories: trx.raw('?::smallint[]', [`{${r.discount_categories.join(',')}}`]),
    guest_vouchers: r.guest_vouchers,
    guest_voucher_item_id: r.guest_vouchers > 0 ? r.guest_voucher_item_id : null,
    cancel_rate_percent: r.cancel_rate_percent,
  };
  if (existing)
    await trx('pass_products')
      .where({ item_id: itemId })
      .update({ ...row, updated_at: new Date() });
  else await trx('pass_products').insert({ item_id: itemId, ...row });
  // A renewal plan no order line refers to goes with the renewal; one that renewed passes stays (orders name it).
  if (!renewal && existing?.renewalPlanId) {
    const used = await trx('order_lines')
      .where({ item_id: itemId })
      .whereRaw('units @> ?::jsonb', [JSON.stringify([{ planId: existing.renewalPlanId }])])
      .first('id');
    if (!used) await trx('item_plans').where({ id: existing.renewalPlanId }).delete();
  }
  await trx('pass_product_parks').where({ item_id: itemId }).whereNotIn('park_id', parkIds).delete();
  await trx('pass_product_parks')
    .insert(parkIds.map((park_id) => ({ item_id: itemId, park_id })))
    .onConflict(['item_id', 'park_id'])
    .ignore();
}

/** The audit row keeps the request (what staff asked for) and the product's settings before and after. */
const auditView = (p: OfficePassProduct | undefined) => {
  if (!p) return null;
  const { activePasses: _a, activeHolders: _h, parkNames: _n, updatedAt: _u, ...settings } = p;
  return settings;
};

export async function createPassProduct(knex: Knex, input: SavePassProductInput): Promise<OfficePassProduct> {
  return knex.transaction(async (trx) => {
    const park = await trx('parks').where({ id: input.parkId }).first('image_url');
    if (!park) throw notFound();
    const today = tokyoDate();
    const [row] = await trx('items')
      .insert({
        code: input.code ?? `office-${randomUUID()}`,
        park_id: input.parkId,
        combination_label: 4,
        image_url: park.imageUrl,
        available_from: today,
        available_until: addDays(today, LISTED_DAYS),
        ...itemColumns(input.request, null),
        sale_label: SaleLabel.Private,
        link_id: randomUUID(),
      })
      .returning('id');
    const itemId = Number(row.id);
    await writeProduct(trx, input, itemId, undefined);
    const after = (await loadPassProduct(trx, input.parkId, itemId, input.locale)) as OfficePassProduct;
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'pass_product',
      entityId: itemId,
      action: 'created',
      after: auditView(after),
    });
    return after;
  });
}

export async function updatePassProduct(
  knex: Knex,
  input: SavePassProductInput & { itemId: number },
): Promise<OfficePassProduct> {
  return knex.transaction(async (trx) => {
    const locked = await trx('pass_products')
      .where({ item_id: input.itemId, park_id: input.parkId })
      .forUpdate()
      .first('kind', 'max_holders', 'renewal_plan_id');
    if (!locked) throw notFound();
    const before = await loadPassProduct(trx, input.parkId, input.itemId, input.locale);
    // Passes sold keep their holders: a sold family pass cannot become single, nor hold fewer people.
    const sold = await trx('passes').where({ item_id: input.itemId }).first('id');
    if (sold && input.request.kind !== locked.kind) throw bad('kind');
    if (sold && input.request.max_holders < Number(locked.maxHolders)) throw bad('max_holders');
    await writeProduct(trx, input, input.itemId, { renewalPlanId: locked.renewalPlanId ?? null });
    const after = (await loadPassProduct(trx, input.parkId, input.itemId, input.locale)) as OfficePassProduct;
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'pass_product',
      entityId: input.itemId,
      action: 'updated',
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}
