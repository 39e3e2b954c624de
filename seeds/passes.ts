// Demo pass products (issue 29), made through the pass office's service (the one writer of pass_products) so the
// demo shows what staff would make: a family pass (2-5 holders, valid from the first entry, renewal from 60 days
// before the end) and a single pass at the first park, and one pass valid at a city's zoo and aquarium (Nagoya:
// Higashiyama Zoo and Port of Nagoya Public Aquarium). Each is made once, by its item code, and put on sale; later
// runs leave it as staff left it (the office audits their changes).
import type { Knex } from 'knex';
import type { SavePassProductRequest } from '../common/dto/pass';
import { SaleLabel } from '../common/enums';
import { createPassProduct } from '../server/features/passes/office/savePassProduct';

type Price = SavePassProductRequest['prices'][number];
/** Yen per age group id (1 infant … 6 senior); null: not sold to that group. */
const basic = (yen: (number | null)[]): Price[] =>
  yen.flatMap((price, i) => (price === null ? [] : [{ age_group_id: i + 1, unit_kind: 'basic' as const, price }]));
const disability = (price: number): Price[] => [
  { age_group_id: null, unit_kind: 'disability', price },
  { age_group_id: null, unit_kind: 'companion', price },
];

interface PassSeed {
  code: string;
  parkSlug: string;
  partnerSlugs: string[];
  voucherItemCode: string | null;
  request: Omit<SavePassProductRequest, 'park_ids' | 'guest_voucher_item_id'>;
}

const COMMON: Pick<
  SavePassProductRequest,
  | 'validity_days'
  | 'discount_percent'
  | 'discount_categories'
  | 'reentry'
  | 'max_entries'
  | 'cancel_rate_percent'
  | 'sale_from'
  | 'sale_until'
> = {
  validity_days: 365,
  discount_percent: 10,
  discount_categories: [1, 2],
  reentry: false,
  max_entries: null,
  cancel_rate_percent: 10,
  sale_from: null,
  sale_until: null,
};

export const PASS_SEEDS: PassSeed[] = [
  {
    code: 'asahiyama-zoo--family-pass',
    parkSlug: 'asahiyama-zoo',
    partnerSlugs: [],
    voucherItemCode: 'asahiyama-zoo--admission',
    request: {
      ...COMMON,
      name_ja: 'ファミリー年間パスポート',
      name_en: 'Family annual pass',
      description_ja:
        '2〜5人のご家族で、最初の入園日から1年間何度でも入園できます。お一人ずつ顔写真付きの会員証をお持ちいただきます。イベント・クエストは10％引き、ゲスト招待券2枚付き。',
      description_en:
        'For a family of 2 to 5: a year of visits from your first entry, each holder with a member card and photo. 10% off events and quests, and two guest vouchers.',
      kind: 'family',
      max_holders: 5,
      validity_start: 'first_entry',
      start_within_days: 180,
      prices: [...basic([0, 800, 800, 1600, 4000, 3000]), ...disability(2000)],
      renewal: { window_days: 60, prices: basic([0, 700, 700, 1400, 3600, 2700]) },
      guest_vouchers: 2,
    },
  },
  {
    code: 'asahiyama-zoo--single-pass',
    parkSlug: 'asahiyama-zoo',
    partnerSlugs: [],
    voucherItemCode: null,
    request: {
      ...COMMON,
      name_ja: '年間パスポート（個人）',
      name_en: 'Annual pass (one person)',
      description_ja: '最初の入園日から1年間、ご本人が何度でも入園できます。終了の60日前から更新できます。',
      description_en: 'A year of visits for one person from the first entry, renewable from 60 days before it ends.',
      kind: 'single',
      max_holders: 1,
      validity_start: 'first_entry',
      start_within_days: 180,
      prices: [...basic([null, 400, 400, 800, 2000, 1500]), ...disability(1000)],
      renewal: { window_days: 60, prices: basic([null, 350, 350, 700, 1800, 1350]) },
      guest_vouchers: 0,
    },
  },
  {
    code: 'higashiyama-zoo--nagoya-pass',
    parkSlug: 'higashiyama-zoo',
    partnerSlugs: ['nagoya-port-aquarium'],
    voucherItemCode: null,
    request: {
      ...COMMON,
      name_ja: '名古屋 動物園・水族館 共通年間パスポート',
      name_en: 'Nagoya zoo and aquarium annual pass',
      description_ja: '東山動植物園と名古屋港水族館に、購入日から1年間何度でも入場できます。',
      description_en:
        'A year of visits to Higashiyama Zoo and the Port of Nagoya Public Aquarium from the day you buy it.',
      kind: 'single',
      max_holders: 1,
      validity_start: 'purchase',
      start_within_days: 365,
      prices: basic([null, 2000, 2000, 4000, 6000, 5000]),
      renewal: { window_days: 60, prices: basic([null, 1800, 1800, 3600, 5400, 4500]) },
      guest_vouchers: 0,
    },
  },
];

export async function seedPassProducts(trx: Knex.Transaction, parkIds: Map<string, number>): Promise<void> {
  for (const p of PASS_SEEDS) {
    if (await trx('items').where({ code: p.code }).first('id')) continue;
    const parkOf = (slug: string) => {
      const id = parkIds.get(slug);
      if (id === undefined) throw new Error(`seed: missing park ${slug}`);
      return id;
    };
    const voucher = p.voucherItemCode ? await trx('items').where({ code: p.voucherItemCode }).first('id') : undefined;
    const product = await createPassProduct(trx, {
      parkId: parkOf(p.parkSlug),
      actorUserId: null,
      code: p.code,
      request: {
        ...p.request,
        park_ids: p.partnerSlugs.map(parkOf),
        guest_voucher_item_id: voucher?.id ?? null,
      },
    });
    await trx('items').where({ id: product.itemId }).update({ sale_label: SaleLabel.Sale, is_private: false });
  }
}
