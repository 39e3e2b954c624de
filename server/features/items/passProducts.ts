// The pass settings of pass items (issue 29, server/features/passes/README.md 1.2): one read for the item page, the
// catalogue the cart uses, and the member cards. The item keeps name, plans and prices; pass_products the rest.
// Prices of a pass: the basic plan per age group, the item's disability price for disabled holders and companions;
// a renewal is priced by the product's renewal plan (item_plans.kind 'renewal').
import type { Knex } from 'knex';
import type { PassHolderKind, PassPrice, PassProduct } from '../../../common/dto/pass';
import type { Locale } from '../../../common/enums';
import { AGE_GROUPS } from '../../../common/reference';

const AGE = new Map(AGE_GROUPS.map((g) => [g.id, g]));
const DISABILITY_NAMES: Record<Exclude<PassHolderKind, 'basic'>, { ja: string; en: string }> = {
  disability: { ja: '障がい者', en: 'Person with a disability' },
  companion: { ja: '介助者', en: 'Companion' },
};

interface Row {
  item_id: number;
  park_id: number;
  kind: PassProduct['kind'];
  max_holders: number;
  validity_days: number;
  validity_start: PassProduct['validityStart'];
  start_within_days: number;
  renewal_plan_id: number | null;
  renewal_window_days: number;
  discount_percent: number;
  discount_categories: number[] | string;
  guest_vouchers: number;
  guest_voucher_item_id: number | null;
  cancel_rate_percent: number;
  name_ja: string;
  name_en: string | null;
  reentry: boolean;
  max_entries: number | null;
  disability_price: number | null;
  sale_starts_at: Date | null;
  sale_ends_at: Date | null;
  parks: { id: number; nameJa: string; nameEn: string | null }[] | string;
  plans: { id: number; kind: string; sort: number; prices: { ageGroupId: number; price: number }[] }[] | string;
  holder_capacity: boolean;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const pgArray = (v: number[] | string): number[] =>
  Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

function pricesOf(
  plan: { prices: { ageGroupId: number; price: number }[] } | undefined,
  disabilityPrice: number | null,
  locale: Locale,
): PassPrice[] {
  const out: PassPrice[] = (plan?.prices ?? [])
    .slice()
    .sort((a, b) => a.ageGroupId - b.ageGroupId)
    .map((p) => {
      const g = AGE.get(p.ageGroupId);
      return {
        ageGroupId: p.ageGroupId,
        ageGroupName: g ? (locale === 'en' ? g.nameEn : g.nameJa) : String(p.ageGroupId),
        unitKind: 'basic',
        price: p.price,
      };
    });
  if (disabilityPrice !== null) {
    for (const kind of ['disability', 'companion'] as const) {
      out.push({
        ageGroupId: null,
        ageGroupName: DISABILITY_NAMES[kind][locale],
        unitKind: kind,
        price: disabilityPrice,
      });
    }
  }
  return out;
}

/** Pass products of these items (items that are not passes are left out). */
export async function loadPassProducts(
  db: Knex | Knex.Transaction,
  itemIds: readonly number[],
  locale: Locale,
): Promise<Map<number, PassProduct>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const { rows } = (await db.raw(
    `SELECT pp.item_id, pp.park_id, pp.kind, pp.max_holders, pp.validity_days, pp.validity_start, pp.start_within_days,
       pp.renewal_plan_id, pp.renewal_window_days, pp.discount_percent, pp.discount_categories, pp.guest_vouchers,
       pp.guest_voucher_item_id, pp.cancel_rate_percent, i.name_ja, i.name_en, i.reentry, i.max_entries,
       i.disability_price, i.sale_starts_at, i.sale_ends_at,
       -- Some timed item of a park the pass admits at sets places aside for holders (passes README 2.11).
       EXISTS (SELECT 1 FROM pass_product_parks x JOIN items t ON t.park_id = x.park_id
         JOIN item_time_slots s ON s.item_id = t.id WHERE x.item_id = pp.item_id AND s.pass_capacity > 0)
         AS holder_capacity,
       (SELECT coalesce(json_agg(json_build_object('id', p.id, 'nameJa', p.name_ja, 'nameEn', p.name_en)
          ORDER BY p.id = pp.park_id DESC, p.id), '[]'::json)
          FROM pass_product_parks x JOIN parks p ON p.id = x.park_id WHERE x.item_id = pp.item_id) AS parks,
       (SELECT coalesce(json_agg(json_build_object('id', pl.id, 'kind', pl.kind, 'sort', pl.sort,
          'prices', (SELECT coalesce(json_agg(json_build_object('ageGroupId', pr.age_group_id, 'price', pr.price)),
            '[]'::json) FROM item_plan_prices pr WHERE pr.item_plan_id = pl.id)) ORDER BY pl.sort, pl.id), '[]'::json)
          FROM item_plans pl WHERE pl.item_id = pp.item_id) AS plans
     FROM pass_products pp JOIN items i ON i.id = pp.item_id
     WHERE i.pass AND pp.item_id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  )) as { rows: Row[] };
  const out = new Map<number, PassProduct>();
  for (const r of rows) {
    const parks = json(r.parks);
    const plans = json(r.plans);
    const basic = plans.find((p) => p.kind === 'basic');
    const renewal = r.renewal_plan_id === null ? undefined : plans.find((p) => p.id === r.renewal_plan_id);
    const name = (x: { nameJa: string; nameEn: string | null }) => (locale === 'en' && x.nameEn ? x.nameEn : x.nameJa);
    out.set(r.item_id, {
      itemId: r.item_id,
      parkId: r.park_id,
      parkIds: parks.map((p) => p.id),
      parkNames: parks.map(name),
      name: name({ nameJa: r.name_ja, nameEn: r.name_en }),
      kind: r.kind,
      maxHolders: r.max_holders,
      validityDays: r.validity_days,
      validityStart: r.validity_start,
      startWithinDays: r.start_within_days,
      prices: pricesOf(basic, r.disability_price, locale),
      renewal: renewal
        ? {
            planId: renewal.id,
            windowDays: r.renewal_window_days,
            prices: pricesOf(renewal, r.disability_price, locale),
          }
        : null,
      benefits: {
        dailyAdmission: true,
        reentry: r.reentry,
        maxEntries: r.reentry ? r.max_entries : 1,
        discountPercent: r.discount_percent,
        discountCategories: pgArray(r.discount_categories),
        guestVouchersPerTerm: r.guest_vouchers,
        guestVoucherItemId: r.guest_voucher_item_id,
        holderCapacity: r.holder_capacity,
      },
      cancelRatePercent: r.cancel_rate_percent,
      saleFrom: r.sale_starts_at ? new Date(r.sale_starts_at).toISOString() : null,
      saleUntil: r.sale_ends_at ? new Date(r.sale_ends_at).toISOString() : null,
    });
  }
  return out;
}
