// /payment/konbini?payment_id=...: after a konbini order, the store chosen, the payment number, the deadline and how
// to pay there (issue 32). The payment stays pending until the store's payment is notified; the page reads it again
// now and then, so it says "paid" (or "expired") when that happens while it is open.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { KonbiniStore } from '../../../../common/enums';
import { isPendingPayment, SUCCEEDED_PAYMENT_STATES } from '../../../../common/rules/paymentState';
import { QueryState } from '../../lib/components/QueryState';
import { formatDateTime, formatYen } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useGetPaymentQuery } from './checkoutApi';
import { Alert, SignedIn } from './components';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STORES = new Set<string>(Object.values(KonbiniStore));

function Slip({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const payment = useGetPaymentQuery(paymentId, { pollingInterval: 15_000 });
  return (
    <QueryState isLoading={payment.isLoading} error={payment.error}>
      {() => {
        const p = payment.data?.data;
        const slip = p?.konbini;
        if (!p || !slip) return <Alert text={t('konbini.slip.invalid')} />;
        const store = STORES.has(slip.convenience) ? slip.convenience : null;
        const paid = SUCCEEDED_PAYMENT_STATES.includes(p.state) && !p.failureReason;
        const ended = !isPendingPayment(p.state) && !paid;
        return (
          <div className="stack">
            {paid && <Alert kind="success" text={t('konbini.slip.paid')} />}
            {ended && <Alert text={t('konbini.slip.expired')} />}
            {!paid && !ended && <p>{t('konbini.slip.lead')}</p>}
            <section className="panel" data-testid="konbini-slip">
              <dl className="konbini-slip">
                <dt>{t('konbini.slip.store')}</dt>
                <dd data-testid="konbini-store">{store ? t(`konbini.stores.${store}`) : slip.convenience}</dd>
                <dt>{t('konbini.slip.amount')}</dt>
                <dd data-testid="konbini-amount">{formatYen(p.amount, locale)}</dd>
                <dt>{t('konbini.slip.receiptNo')}</dt>
                <dd className="konbini-slip__number" data-testid="konbini-receipt-no">
                  {slip.receiptNo}
                </dd>
                <dt>{t('konbini.slip.confNo')}</dt>
                <dd className="konbini-slip__number" data-testid="konbini-conf-no">
                  {slip.confNo}
                </dd>
                <dt>{t('konbini.slip.deadline')}</dt>
                <dd data-testid="konbini-deadline">{formatDateTime(slip.deadline, locale)}</dd>
              </dl>
              {slip.receiptUrl && !paid && !ended && (
                <p>
                  <a
                    className="button button--block"
                    href={slip.receiptUrl}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="konbini-open-slip"
                  >
                    {t('konbini.slip.openSlip')}
                  </a>
                </p>
              )}
            </section>
            {store && !paid && !ended && (
              <section className="panel stack">
                <h2>{t('konbini.slip.howTo')}</h2>
                <ol className="konbini-steps">
                  {(['s1', 's2', 's3'] as const).map((s) => (
                    <li key={s}>{t(`konbini.slip.steps.${store}.${s}`)}</li>
                  ))}
                </ol>
                <p className="muted">{t('konbini.slip.afterPay')}</p>
              </section>
            )}
            <p>
              <Link className="button button--primary button--block" to="/my-tickets" data-testid="konbini-to-tickets">
                {t('konbini.slip.toMyTickets')}
              </Link>
            </p>
          </div>
        );
      }}
    </QueryState>
  );
}

export default function KonbiniSlipPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const paymentId = query.get('payment_id') ?? '';
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="konbini-page">
        <h1 className="page-title">{t('konbini.slip.title')}</h1>
        {UUID.test(paymentId) ? <Slip paymentId={paymentId} /> : <Alert text={t('konbini.slip.invalid')} />}
      </div>
    </SignedIn>
  );
}
