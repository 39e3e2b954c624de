// A pass product as the back office reads it (common/dto/pass.ts OfficePassProduct): the item (names, sale window,
// sale label, re-entry), the pass_products row, its parks, the basic and renewal prices per age group (disability
// and companion at the item's one disability price, as the item editor keeps them) and how many passes and
// holders are active now. Shared by the office's pass product use cases.
import type { Knex } from 'knex';
import type { OfficePassProduct, PassHolderKind, PassPrice } from '../../../../common/dto/pass';
import type { Locale, SaleLabel } from '../../../../common/enums';
import { AGE_GROUPS } from '../../../../common/reference';
import { tokyoDate } from '../../../../common/time';

type Db = Knex | Knex.Transaction;

const AGE_GROUP = new Map(AGE_GROUPS.map((g) => [g.id, g]));
const local = (locale: Locale, ja: string, en: string | null | undefined) => (locale === 'en' && en) || ja;
const instantOf = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

function pricesOf(rows: { ageGroupId: number; price: number }[], locale: Locale): PassPrice[] {
  return rows.map((r) => {
    const g = AGE_GROUP.get(Number(r.ageGroupId));
    return {
      ageGroupId: Number(r.ageGroupId),
      ageGroupName: g ? local(locale, g.nameJa, g.nameEn) : String(r.ageGroupId),
      unitKind: 'basic' as PassHolderKind,
      price: Number(r.price),
    };
  });
}

const DISABILITY_NAMES: Record<Exclude<PassHolderKind, 'basic'>, [string, string]> = {
  disability: ['障害者', 'Disability'],
  companion: ['介助者', 'Companion'],
};

async function planPrices(db: Db, planId: number | null | undefined) {
  if (!planId) return [];
  return (await db('item_plan_prices')
    .where({ item_plan_id: planId })
    .orderBy('age_group_id')
    .select('age_group_id', 'price')) as { ageGroupId: number; price: number }[];
}

/** Passes of each product that can still be used (started and not ended, or not started and startable) and their holders. */
async function activeCounts(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, { passes: number; holders: number }>();
  const today = tokyoDate();
  const rows = (await db('passes as p')
    .leftJoin('pass_holders as h', 'h.pass_id', 'p.id')
    .whereIn('p.item_id', itemIds)
    .where((q) =>
      q
        .where('p.valid_until', '>=', today)
        .orWhere((n) => n.whereNull('p.valid_until').andWhere('p.start_by', '>=', today)),
    )
    .whereExists((q) =>
      q
        .select(db.raw('1'))
        .from('tickets as t')
        .whereRaw('t.pass_id = p.id')
        .where('t.unit_kind', 'pass')
        .whereIn('t.state', ['available', 'suspended']),
    )
    .groupBy('p.item_id')
    .select('p.item_id', db.raw('COUNT(DISTINCT p.id)::int AS passes'), db.raw('COUNT(h.id)::int AS holders'))) as {
    itemId: number;
    passes: number;
    holders: number;
  }[];
  return new Map(rows.map((r) => [Number(r.itemId), { passes: Number(r.passes), holders: Number(r.holders) }]));
}

/** Products some timed item of whose parks sets places aside for holders (item_time_slots.pass_capacity > 0). */
async function holderPlacesOf(db: Db, itemIds: number[]): Promise<Set<number>> {
  const rows = (await db('pass_product_parks as x')
    .join('items as t', 't.park_id', 'x.park_id')
    .join('item_time_slots as s', 's.item_id', 't.id')
    .whereIn('x.item_id', itemIds)
    .where('s.pass_capacity', '>', 0)
    .distinct('x.item_id')) as { itemId: number }[];
  return new Set(rows.map((r) => Number(r.itemId)));
}

/** The park's pass products (its own, not those of partner parks), newest first. */
export async function loadPassProducts(
  db: Db,
  parkId: number,
  locale: Locale = 'ja',
  only?: number,
): Promise<OfficePassProduct[]> {
  const q = db('pass_products as pp')
    .join('items as i', 'i.id', 'pp.item_id')
    .where('pp.park_id', parkId)
    .orderBy('pp.item_id', 'desc')
    .select(
      'pp.*',
      'i.name_ja',
      'i.name_en',
      'i.description_ja',
      'i.description_en',
      'i.sale_label',
      'i.sale_starts_at',
      'i.sale_ends_at',
      'i.reentry',
      'i.max_entries',
      'i.disability_price',
    );
  if (only !== undefined) q.where('pp.item_id', only);
  // biome-ignore lint/suspicious/noExplicitAny: rows of the join as knex answers them (camelCased)
  const rows = (await q) as any[];
  const itemIds = rows.map((r) => Number(r.itemId));
  if (itemIds.length === 0) return [];
  const parkRows = (await db('pass_product_parks as pp')
    .join('parks as p', 'p.id', 'pp.park_id')
    .whereIn('pp.item_id', itemIds)
    .orderBy('pp.park_id')
    .select('pp.item_id', 'p.id', 'p.name_ja', 'p.name_en')) as {
    itemId: number;
    id: number;
    nameJa: string;
    nameEn: string | null;
  }[];
  const basics = (await db('item_plans')
    .whereIn('item_id', itemIds)
    .where('kind', 'basic')
    .orderBy('sort')
    .select('id', 'item_id')) as { id: number; itemId: number }[];
  const counts = await activeCounts(db, itemIds);
  const withHolderPlaces = await holderPlacesOf(db, itemIds);
  const out: OfficePassProduct[] = [];
  for (const r of rows) {
    const itemId = Number(r.itemId);
    const parks = parkRows.filter((p) => Number(p.itemId) === itemId);
    const basic = basics.find((b) => Number(b.itemId) === itemId);
    const prices = pricesOf(await planPrices(db, basic?.id), locale);
    if (r.disabilityPrice !== null && r.disabilityPrice !== undefined) {
      for (const kind of ['disability', 'companion'] as const) {
        const [ja, en] = DISABILITY_NAMES[kind];
        prices.push({
          ageGroupId: null,
          ageGroupName: local(locale, ja, en),
          unitKind: kind,
          price: r.disabilityPrice,
        });
      }
    }
    const count = counts.get(itemId) ?? { passes: 0, holders: 0 };
    out.push({
      itemId,
      parkId: Number(r.parkId),
      parkIds: parks.map((p) => Number(p.id)),
      parkNames: parks.map((p) => local(locale, p.nameJa, p.nameEn)),
      name: local(locale, r.nameJa, r.nameEn),
      kind: r.kind,
      maxHolders: Number(r.maxHolders),
      validityDays: Number(r.validityDays),
      validityStart: r.validityStart,
      startWithinDays: Number(r.startWithinDays),
      prices,
      renewal: r.renewalPlanId
        ? {
            planId: Number(r.renewalPlanId),
            windowDays: Number(r.renewalWindowDays),
            prices: pricesOf(await planPrices(db, r.renewalPlanId), locale),
          }
        : null,
      benefits: {
        dailyAdmission: true,
        reentry: Boolean(r.reentry),
        maxEntries: r.maxEntries ?? null,
        discountPercent: Number(r.discountPercent),
        discountCategories: (r.discountCategories ?? []).map(Number),
        guestVouchersPerTerm: Number(r.guestVouchers),
        guestVoucherItemId: r.guestVoucherItemId ?? null,
        holderCapacity: withHolderPlaces.has(itemId),
      },
      cancelRatePercent: Number(r.cancelRatePercent),
      saleFrom: instantOf(r.saleStartsAt),
      saleUntil: instantOf(r.saleEndsAt),
      saleLabel: r.saleLabel as SaleLabel,
      activePasses: count.passes,
      activeHolders: count.holders,
      nameJa: r.nameJa,
      nameEn: r.nameEn ?? null,
      descriptionJa: r.descriptionJa,
      descriptionEn: r.descriptionEn ?? null,
      updatedAt: instantOf(r.updatedAt) ?? '',
    });
  }
  return out;
}

export async function loadPassProduct(
  db: Db,
  parkId: number,
  itemId: number,
  locale: Locale = 'ja',
): Promise<OfficePassProduct | undefined> {
  return (await loadPassProducts(db, parkId, locale, itemId))[0];
}
