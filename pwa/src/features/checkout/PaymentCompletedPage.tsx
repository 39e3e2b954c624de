import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PaymentMethod } from '../../../../common/enums';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { Icon } from '../../lib/components/Icon';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useGetOrderQuery } from './checkoutApi';
import { SignedIn, Steps, TotalsTable } from './components';
import { lineCounts, parseQuick } from './rules';

const METHOD_KEYS: Record<number, string> = {
  [PaymentMethod.Visa]: 'card',
  [PaymentMethod.MPay]: 'merpay',
  [PaymentMethod.PayPay]: 'paypay',
  [PaymentMethod.FullCoin]: 'coin',
  [PaymentMethod.Konbini]: 'konbini',
};

function Completed({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data, isLoading, error } = useGetOrderQuery(orderId);
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => {
        const order = data?.data;
        if (!order) return null;
        const method =
          order.total === 0 && order.coinDiscount === 0 ? 'free' : (METHOD_KEYS[order.paymentMethod] ?? 'card');
        return (
          <div className="stack" data-testid="payment-completed">
            <section className="panel completed-hero">
              <p className="completed-hero__mark">
                <Icon name="check" size={40} />
              </p>
              <p className="lead-text">
                {order.state === 'authorized' ? t('checkout.completed.leadLottery') : t('checkout.completed.lead')}
              </p>
              <dl className="facts">
                <div>
                  <dt>{t('checkout.completed.applicationNumber')}</dt>
                  <dd data-testid="application-number">{order.applicationNumber}</dd>
                </div>
                <div>
                  <dt>{t('checkout.completed.orderedAt')}</dt>
                  <dd>{formatDateTime(order.orderedAt, locale)}</dd>
                </div>
                <div>
                  <dt>{t('checkout.completed.park')}</dt>
                  <dd>{order.park.name}</dd>
                </div>
              </dl>
            </section>
            <section className="panel">
              <h2>{t('checkout.completed.lines')}</h2>
              <ul className="order-lines">
                {order.lines.map((l) => (
                  <li key={l.id} className="order-line" data-testid="order-line">
                    <strong>{l.name}</strong>
                    <span className="muted">
                      {formatDate(l.date, locale)}
                      {l.time ? ` ${l.time}` : ''}
                      {l.seats.length > 0 ? `・${t('checkout.line.seats', { seats: l.seats.join(', ') })}` : ''}
                    </span>
                    <span data-testid="order-line-count">
                      {[
                        lineCounts(l).packs !== null && t('checkout.completed.packs', { count: lineCounts(l).packs }),
                        lineCounts(l).tickets > 0 && t('checkout.completed.tickets', { count: lineCounts(l).tickets }),
                        formatYen(l.subtotal, locale),
                      ]
                        .filter(Boolean)
                        .join('・')}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="panel">
              <h2>{t('checkout.payment.totals')}</h2>
              <TotalsTable
                totals={{
                  subtotal: order.subtotal,
                  couponDiscount: order.couponDiscount,
                  coinDiscount: order.coinDiscount,
                  total: order.total,
                }}
                testId="completed-totals"
              />
              <dl className="facts">
                <div>
                  <dt>{t('checkout.completed.method')}</dt>
                  <dd data-testid="completed-method">{t(`checkout.method.${method}`)}</dd>
                </div>
                <div>
                  <dt>{t('checkout.completed.amountPaid')}</dt>
                  <dd data-testid="amount-paid">{formatYen(order.amountPaid, locale)}</dd>
                </div>
                {order.rewardCoins > 0 && (
                  <div>
                    <dt>{t('checkout.completed.rewardCoins')}</dt>
                    <dd>{t('checkout.completed.coins', { count: order.rewardCoins })}</dd>
                  </div>
                )}
              </dl>
            </section>
            <Link to="/my-tickets" className="button button--primary button--block" data-testid="to-my-tickets">
              {t('checkout.completed.toMyTickets')}
            </Link>
            <p className="checkout-back">
              <Link to="/">{t('checkout.common.backToTop')}</Link>
            </p>
          </div>
        );
      }}
    </QueryState>
  );
}

/** /cart/:park/payment-completed?order=<id>: the application and what was paid. */
export default function PaymentCompletedPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const orderId = parseQuick(query.get('order'));
  if (orderId === null) return <ErrorPage status={404} />;
  return (
    <SignedIn>
      <div className="checkout-page stack">
        <Steps current="complete" />
        <h1 className="page-title">{t('checkout.completed.title')}</h1>
        <Completed orderId={orderId} />
      </div>
    </SignedIn>
  );
}
