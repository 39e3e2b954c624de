import type { Knex } from 'knex';
import type { CouponTerms } from '../../../../common/rules/checkout';
import { ensureUserCoupons } from '../coins';

export interface HeldCoupon extends CouponTerms {
  userCouponId: number;
  code: string;
  nameJa: string;
  nameEn: string | null;
}

/** The user's coupons with their terms and how often each was used (failed, voided and wholly cancelled orders give their use back). */
export async function heldCoupons(
  db: Knex | Knex.Transaction,
  userId: number,
  userCouponIds?: readonly number[],
): Promise<HeldCoupon[]> {
  const rows = (await db('user_coupons as uc')
    .join('coupons as c', 'c.id', 'uc.coupon_id')
    .where('uc.user_id', userId)
    .modify((q) => {
      if (userCouponIds) q.whereIn('uc.id', userCouponIds);
    })
    .orderBy([{ column: 'c.valid_until' }, { column: 'uc.id' }])
    .select(
      'uc.id as user_coupon_id',
      'c.id',
      'c.code',
      'c.name_ja',
      'c.name_en',
      'c.discount_kind',
      'c.discount_value',
      'c.scope',
      'c.park_id',
      'c.valid_from',
      'c.valid_until',
      'c.usage_limit',
      db.raw(
        `(SELECT count(*) FROM order_coupons oc JOIN orders o ON o.id = oc.order_id
          WHERE oc.user_coupon_id = uc.id AND o.state NOT IN ('failed', 'cancelled', 'voided'))::int AS times_used`,
      ),
      db.raw(
        '(SELECT coalesce(array_agg(ci.item_id), ARRAY[]::int[]) FROM coupon_items ci WHERE ci.coupon_id = c.id) AS item_ids',
      ),
    )) as (Omit<HeldCoupon, 'validFrom' | 'validUntil'> & { validFrom: Date | string; validUntil: Date | string })[];
  return rows.map((r) => ({
    ...r,
    parkId: r.parkId ?? null,
    itemIds: (r.itemIds ?? []).map(Number),
    timesUsed: Number(r.timesUsed),
    validFrom: new Date(r.validFrom).toISOString(),
    validUntil: new Date(r.validUntil).toISOString(),
  }));
}

export async function listCoupons(knex: Knex, userId: number): Promise<HeldCoupon[]> {
  await ensureUserCoupons(knex, userId);
  return heldCoupons(knex, userId);
}
