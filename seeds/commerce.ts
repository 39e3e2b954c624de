// Demo commerce data: which items ask for advance information, and coupons handed to every user.
// Idempotent: coupons by code, fields recomputed from the items' names and categories.
import type { Knex } from 'knex';
import type { AdvanceField } from '../common/rules/advanceInfo';

const NAME: AdvanceField = {
  key: 'name',
  kind: 'text',
  labelJa: 'ご利用者のお名前',
  labelEn: 'Name of the ticket holder',
  required: true,
  maxLength: 40,
};
const FACE: AdvanceField = {
  key: 'face_photo',
  kind: 'face_photo',
  labelJa: '顔写真（JPEG・PNG、10MBまで）',
  labelEn: 'Face photo (JPEG or PNG, up to 10MB)',
  required: true,
};
const GATE: AdvanceField = {
  key: 'gate_photo',
  kind: 'gate_photo',
  labelJa: 'ゲート提示用写真（JPEG、10MBまで、任意）',
  labelEn: 'Photo to show at the gate (JPEG, up to 10MB, optional)',
  required: false,
};

const COUPONS = [
  {
    code: 'WELCOME10',
    name_ja: 'はじめてのご利用 10%オフ',
    name_en: 'Welcome: 10% off',
    discount_kind: 'percent',
    discount_value: 10,
    scope: 'each_ticket',
    valid_from: '2026-01-01T00:00:00+09:00',
    valid_until: '2027-12-31T23:59:59+09:00',
    usage_limit: 1,
  },
  {
    code: 'FAMILY200',
    name_ja: 'ファミリー応援 チケット1枚につき200円引き',
    name_en: 'Family: 200 yen off each ticket',
    discount_kind: 'yen',
    discount_value: 200,
    scope: 'each_ticket',
    valid_from: '2026-01-01T00:00:00+09:00',
    valid_until: '2027-12-31T23:59:59+09:00',
    usage_limit: 2,
  },
  {
    code: 'EVENT500',
    name_ja: '体験イベント 500円引き（対象チケットのみ）',
    name_en: 'Experiences: 500 yen off (listed tickets only)',
    discount_kind: 'yen',
    discount_value: 500,
    scope: 'listed_items',
    valid_from: '2026-01-01T00:00:00+09:00',
    valid_until: '2027-12-31T23:59:59+09:00',
    usage_limit: 1,
  },
  {
    code: 'AUTUMN2025',
    name_ja: '2025年秋のキャンペーン 15%オフ',
    name_en: 'Autumn 2025: 15% off',
    discount_kind: 'percent',
    discount_value: 15,
    scope: 'each_ticket',
    valid_from: '2025-09-01T00:00:00+09:00',
    valid_until: '2025-11-30T23:59:59+09:00',
    usage_limit: 1,
  },
];

export async function seedCommerce(trx: Knex.Transaction): Promise<void> {
  await trx('items').update({ advance_info_fields: JSON.stringify([]) });
  await trx('items')
    .where('name_ja', 'like', '%年間パスポート%')
    .update({ advance_info_fields: JSON.stringify([NAME, FACE]) });
  // Events and quests with a reservation list the holders' names at the gate.
  await trx('items')
    .whereIn('category', [1, 2])
    .where('reservation_required', true)
    .update({ advance_info_fields: JSON.stringify([NAME, GATE]) });

  for (const coupon of COUPONS) {
    await trx('coupons')
      .insert({ ...coupon, for_all_users: true })
      .onConflict('code')
      .merge();
  }
  const listed = (await trx('coupons').where({ code: 'EVENT500' }).first('id')) as { id: number };
  const events = (await trx('items').where('category', 1).select('id')) as { id: number }[];
  await trx('coupon_items').where({ coupon_id: listed.id }).delete();
  if (events.length) {
    await trx('coupon_items').insert(events.map((e) => ({ coupon_id: listed.id, item_id: e.id })));
  }
}
