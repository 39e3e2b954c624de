import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime } from '../../lib/format';
import { holderText, SignInPrompt, useLocale, useOnline, useSignedIn } from './components';
import { useUsageHistoriesQuery } from './walletApi';

/** /my-tickets/history: used, cancelled, expired and shared tickets, newest first (online only). */
export default function HistoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, error } = useUsageHistoriesQuery(page, { skip: !signedIn || !online });
  if (!signedIn) return <SignInPrompt />;
  return (
    <div className="wallet stack" data-testid="history-page">
      <Link className="wallet-back" to="/my-tickets">
        ← {t('wallet.ticket.backToList')}
      </Link>
      <h1 className="page-title">{t('wallet.historyPage.title')}</h1>
      {!online ? (
        <p className="notice">{t('wallet.historyPage.onlineOnly')}</p>
      ) : (
        <QueryState isLoading={isLoading} error={error}>
          {() =>
            (data?.data.length ?? 0) === 0 ? (
              <p className="empty-state" data-testid="history-empty">
                {t('wallet.historyPage.empty')}
              </p>
            ) : (
              <>
                <ul className="wallet-history">
                  {data?.data.map((h) => (
                    <li key={`${h.ticket.id}-${h.outcome}`} className="wallet-history__row" data-testid="history-entry">
                      <div className="wallet-history__text">
                        <strong>{h.ticket.itemName}</strong>
                        <span className="muted">
                          {h.ticket.park.name} · {formatDate(h.ticket.useDate, locale)} · {holderText(h.ticket, t)}
                        </span>
                        <span className="muted">{formatDateTime(h.at, locale)}</span>
                      </div>
                      <span className={`ticket-state ticket-state--${h.outcome === 'used' ? 'done' : 'refused'}`}>
                        {t(`wallet.historyPage.outcome.${h.outcome}`)}
                      </span>
                    </li>
                  ))}
                </ul>
                <Pager
                  page={page}
                  totalPages={data?.meta.totalPages ?? 1}
                  link={(p) => `/my-tickets/history?page=${p}`}
                />
              </>
            )
          }
        </QueryState>
      )}
    </div>
  );
}
