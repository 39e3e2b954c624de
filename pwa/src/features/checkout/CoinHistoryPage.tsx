import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useCoinHistoryQuery, useCurrentCoinsQuery } from './checkoutApi';
import { SignedIn } from './components';

function History() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query] = useSearchParams();
  const raw = Number(query.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const balance = useCurrentCoinsQuery(undefined, { refetchOnMountOrArgChange: true });
  const history = useCoinHistoryQuery({ page }, { refetchOnMountOrArgChange: true });
  return (
    <QueryState isLoading={balance.isLoading || history.isLoading} error={balance.error ?? history.error}>
      {() => {
        const b = balance.data?.data;
        const rows = history.data?.data ?? [];
        const meta = history.data?.meta;
        return (
          <div className="stack">
            <section className="panel coin-balance" data-testid="coin-balance">
              <p className="coin-balance__label">{t('checkout.coins.balance')}</p>
              <p className="coin-balance__value">
                <strong data-testid="coin-balance-value">{formatNumber(b?.balance ?? 0, locale)}</strong>{' '}
                {t('checkout.coins.unit')}
              </p>
              {b?.nextExpiry && (
                <p className="muted">
                  {t('checkout.coins.nextExpiry', { date: formatDateTime(b.nextExpiry, locale) })}
                </p>
              )}
              <p className="muted">{t('checkout.coins.note')}</p>
            </section>
            <section className="panel" aria-labelledby="coin-history-title">
              <h2 id="coin-history-title">{t('checkout.coins.history')}</h2>
              {rows.length === 0 ? (
                <p className="empty-state" data-testid="coins-empty">
                  {t('checkout.coins.empty')}
                </p>
              ) : (
                <ul className="coin-history" data-testid="coin-history">
                  {rows.map((r) => (
                    <li key={r.id} className={`coin-entry coin-entry--${r.kind}`} data-testid="coin-entry">
                      <div>
                        <span className={`coin-kind coin-kind--${r.kind}`}>{t(`checkout.coins.kind.${r.kind}`)}</span>
                        <p className="coin-entry__reason">
                          {t(`checkout.coins.reason.${r.reason}`, { defaultValue: r.reason })}
                          {r.applicationNumber && <span className="muted coin-entry__app"> {r.applicationNumber}</span>}
                        </p>
                        <p className="muted coin-entry__date">{formatDateTime(r.createdAt, locale)}</p>
                        {r.kind === 'plus' && r.expiresAt && (
                          <p className="muted coin-entry__date">
                            {t('checkout.coins.expiresAt', { date: formatDateTime(r.expiresAt, locale) })}
                          </p>
                        )}
                      </div>
                      <strong className="coin-entry__amount">
                        {r.amount > 0 ? '+' : '−'}
                        {formatNumber(Math.abs(r.amount), locale)}
                      </strong>
                    </li>
                  ))}
                </ul>
              )}
              {meta && (
                <Pager page={meta.page} totalPages={meta.totalPages} link={(p) => `/me/wallet/histories?page=${p}`} />
              )}
            </section>
          </div>
        );
      }}
    </QueryState>
  );
}

/** /me/wallet/histories: the coin balance and its history (used, earned, returned, expired), paged. */
export default function CoinHistoryPage() {
  const { t } = useTranslation();
  return (
    <SignedIn>
      <div className="checkout-page stack" data-testid="coins-page">
        <h1 className="page-title">{t('checkout.coins.title')}</h1>
        <History />
      </div>
    </SignedIn>
  );
}
