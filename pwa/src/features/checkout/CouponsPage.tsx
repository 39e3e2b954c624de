import { useTranslation } from 'react-i18next';
import type { CouponView } from '../../../../common/dto/order';
import { QueryState } from '../../lib/components/QueryState';
import { formatDateTime, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useMyCouponsQuery } from './checkoutApi';
import { SignedIn } from './components';

function CouponCard({ coupon }: { coupon: CouponView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const left = Math.max(0, coupon.usageLimit - coupon.timesUsed);
  return (
    <li className={`coupon coupon--${coupon.status}`} data-testid="coupon">
      <div className="coupon__value">
        {coupon.discountKind === 'percent'
          ? t('checkout.coupons.percentOff', { value: coupon.discountValue })
          : t('checkout.coupons.yenOff', { value: formatYen(coupon.discountValue, locale) })}
      </div>
      <div className="coupon__body">
        <p className="coupon__name">{coupon.name}</p>
        <p className="muted">{t(`checkout.coupons.scope.${coupon.scope}`)}</p>
        <p className="muted">
          {t('checkout.coupons.validity', {
            from: formatDateTime(coupon.validFrom, locale),
            to: formatDateTime(coupon.validUntil, locale),
          })}
        </p>
        <p className="muted">{t('checkout.coupons.usesLeft', { count: left, limit: coupon.usageLimit })}</p>
      </div>
      <span className={`coupon__status coupon__status--${coupon.status}`} data-testid="coupon-status">
        {t(`checkout.coupons.status.${coupon.status}`)}
      </span>
    </li>
  );
}

const ORDER: Record<CouponView['status'], number> = { usable: 0, notYet: 1, used: 2, expired: 3 };

/** /me/my-coupon: the user's coupons with status, discount and validity. */
export default function CouponsPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useMyCouponsQuery(undefined, { refetchOnMountOrArgChange: true });
  const coupons = [...(data?.data ?? [])].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="coupons-page">
        <h1 className="page-title">{t('checkout.coupons.title')}</h1>
        <QueryState isLoading={isLoading} error={error}>
          {() =>
            coupons.length === 0 ? (
              <p className="empty-state" data-testid="coupons-empty">
                {t('checkout.coupons.empty')}
              </p>
            ) : (
              <ul className="coupons">
                {coupons.map((c) => (
                  <CouponCard key={c.userCouponId} coupon={c} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </SignedIn>
  );
}
