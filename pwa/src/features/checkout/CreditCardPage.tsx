import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PaymentMethod } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { CardChoice, useCardChoice } from './CardChoice';
import { useCurrentCoinsQuery, useGetParkCartQuery, useMyCouponsQuery } from './checkoutApi';
import { Alert, PayStep, TotalsTable } from './components';
import { checkoutLines, computeTotals, offeredCoupons, parseParkId, parseQuick, readDraft } from './rules';
import { useSubmitOrder } from './useSubmitOrder';

function CreditCardContent({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const quick = parseQuick(query.get('quick'));
  const draft = useMemo(() => readDraft(parkId), [parkId]);
  const cart = useGetParkCartQuery(parkId, { refetchOnMountOrArgChange: true });
  const choice = useCardChoice({ offerSave: true });
  const coupons = useMyCouponsQuery();
  const coins = useCurrentCoinsQuery();
  const { submit, busy, error } = useSubmitOrder(parkId, quick);

  if (!draft?.agreement) {
    return <Navigate to={`/cart/${parkId}/payment${quick ? `?quick=${quick}` : ''}`} replace />;
  }
  const lines = checkoutLines(cart.data?.data, quick);
  const chosenCoupons = offeredCoupons(coupons.data?.data ?? [], parkId).filter((c) =>
    draft.couponIds.includes(c.userCouponId),
  );
  const totals = computeTotals({
    lines,
    coupons: chosenCoupons,
    coins: draft.coins,
    ownedCoins: coins.data?.data.balance ?? 0,
    parkId,
  });

  const pay = async () => {
    const card = await choice.resolve();
    if (card) await submit(draft, PaymentMethod.Visa, card);
  };

  const loading = cart.isLoading || choice.loading || coupons.isLoading || coins.isLoading;
  return (
    <QueryState isLoading={loading} error={cart.error ?? choice.error}>
      {() =>
        lines.length === 0 ? (
          <section className="empty-state" data-testid="cart-empty">
            <p>{message('cartEmpty', locale)}</p>
            <Link className="button" to="/cart">
              {t('checkout.common.backToCart')}
            </Link>
          </section>
        ) : (
          <div className="stack">
            <section className="panel">
              <h2>{t('checkout.payment.totals')}</h2>
              <TotalsTable totals={totals} testId="card-totals" />
            </section>
            <CardChoice choice={choice} />
            <Alert text={choice.tokenError ?? error?.text ?? null} />
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void pay()}
              disabled={busy || choice.tokenizing}
              data-testid="card-pay"
            >
              {busy || choice.tokenizing
                ? t('checkout.common.sending')
                : t('checkout.payment.pay', { total: formatYen(totals.total, locale) })}
            </button>
            <p className="checkout-back">
              <Link to={`/cart/${parkId}/payment${quick ? `?quick=${quick}` : ''}`}>{t('checkout.card.back')}</Link>
            </p>
          </div>
        )
      }
    </QueryState>
  );
}

/** /cart/:park/payment/credit-card: a registered card (default preselected) or a new one, tokenised, then paid. */
export default function CreditCardPage() {
  const { t } = useTranslation();
  const parkId = parseParkId(useParams().park);
  if (parkId === null) return <ErrorPage status={404} />;
  return (
    <PayStep title={t('checkout.card.title')} testId="credit-card-page">
      <CreditCardContent parkId={parkId} />
    </PayStep>
  );
}
