import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { UsageHistoryEntry } from '../../../../common/dto/wallet';
import { META, type StoredHistory, walletDb } from '../../db/wallet';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { formatDate, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useSignedIn } from '../../lib/sessionHooks';
import { useLocale } from '../../lib/useLocale';
import { holderText, OfflineNote, SignInPrompt } from './components';
import { useUsageHistoriesQuery } from './walletApi';

function HistoryList({ entries }: { entries: readonly UsageHistoryEntry[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (entries.length === 0) {
    return (
      <p className="empty-state" data-testid="history-empty">
        {t('wallet.historyPage.empty')}
      </p>
    );
  }
  return (
    <ul className="wallet-history">
      {entries.map((h) => (
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
  );
}

/** Offline: the first page as last shown online (kept with the wallet, cleared with it). */
function StoredHistoryView() {
  const { t } = useTranslation();
  const stored = useLiveQuery(async () => {
    const raw = (await walletDb().meta.get(META.history))?.value;
    return raw ? (JSON.parse(raw) as StoredHistory) : null;
  }, []);
  if (stored === undefined) return <div className="loading" aria-busy="true" />;
  if (!stored) return <p className="notice">{t('wallet.historyPage.onlineOnly')}</p>;
  return (
    <>
      <OfflineNote asOf={stored.fetchedAt} />
      <p className="muted" data-testid="history-offline">
        {t('wallet.historyPage.offlineLatest')}
      </p>
      <HistoryList entries={stored.entries} />
    </>
  );
}

/** /my-tickets/history: used, cancelled, expired and shared tickets, newest first; offline, the latest as last shown. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, error } = useUsageHistoriesQuery(page, { skip: !signedIn || !online });

  useEffect(() => {
    if (page !== 1 || !data) return;
    const stored: StoredHistory = { fetchedAt: new Date().toISOString(), entries: data.data };
    void walletDb()
      .meta.put({ key: META.history, value: JSON.stringify(stored) })
      .catch(() => undefined);
  }, [page, data]);

  if (!signedIn) return <SignInPrompt />;
  return (
    <div className="wallet stack" data-testid="history-page">
      <Link className="wallet-back" to="/my-tickets">
        ← {t('wallet.ticket.backToList')}
      </Link>
      <h1 className="page-title">{t('wallet.historyPage.title')}</h1>
      {!online ? (
        <StoredHistoryView />
      ) : (
        <QueryState isLoading={isLoading} error={error}>
          {() => (
            <>
              <HistoryList entries={data?.data ?? []} />
              {(data?.data.length ?? 0) > 0 && (
                <Pager
                  page={page}
                  totalPages={data?.meta.totalPages ?? 1}
                  link={(p) => `/my-tickets/history?page=${p}`}
                />
              )}
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
