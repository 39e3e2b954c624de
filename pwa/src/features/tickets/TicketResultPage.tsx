import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ITEM_SEARCH_TABS } from '../../../../common/dto/item';
import { errorStatus } from '../../lib/api';
import { QueryState } from '../../lib/components/QueryState';
import { formatShortDate } from '../../lib/format';
import { shownTotal } from '../../lib/listTotal';
import { useParkOptionsQuery } from '../../lib/parks';
import { useLocale } from '../../lib/useLocale';
import { ItemCard } from './ItemCard';
import { queryFromSearch, searchFromQuery } from './searchParams';
import { TicketSearchForm } from './TicketSearchForm';
import { useListItemsQuery } from './ticketsApi';

const PER_PAGE = 12;

/** The server's localised message of a 400 (e.g. more than 10 dates). */
function badRequestMessage(error: unknown): string | null {
  if (errorStatus(error) !== 400) return null;
  const data = (error as { data?: { meta?: { message?: string } } }).data;
  return data?.meta?.message ?? null;
}

/** /find/tickets/result: the query of the URL, with tabs, the conditions and the matching tickets. */
export default function TicketResultPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const search = searchFromQuery(params);
  const needsDates = search.tab === 'date' && !search.dates?.length;
  const { data, isFetching, error } = useListItemsQuery({ ...search, per_page: PER_PAGE }, { skip: needsDates });
  const parks = useParkOptionsQuery();
  const pageLink = (page: number) => `/find/tickets/result?${queryFromSearch({ ...search, page })}`;
  const tabLink = (tab: (typeof ITEM_SEARCH_TABS)[number]) =>
    tab === 'date' && !search.dates?.length
      ? `/find/tickets?${queryFromSearch({ ...search, tab, page: 1 })}`
      : `/find/tickets/result?${queryFromSearch({ ...search, tab, page: 1 })}`;
  const parkNames = (search.park_id ?? []).map((id) => parks.data?.data.find((p) => p.id === id)?.name ?? '');
  const conditions = [
    ...(search.tab === 'date' ? (search.dates ?? []).map((d) => formatShortDate(d, locale)) : []),
    ...parkNames.filter(Boolean),
    ...(search.category ?? []).map((c) => t(`tickets.category.names.${c}`)),
    ...(search.keyword ? [`“${search.keyword}”`] : []),
  ];
  const badRequest = badRequestMessage(error);

  return (
    <div className="stack">
      <h1 className="page-title">{t('tickets.resultTitle')}</h1>
      <nav className="ticket-tabs" aria-label={t('tickets.tabs.label')}>
        {ITEM_SEARCH_TABS.map((tab) => (
          <Link
            key={tab}
            to={tabLink(tab)}
            className="ticket-tabs__tab"
            aria-current={tab === search.tab ? 'page' : undefined}
          >
            {t(`tickets.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      {conditions.length > 0 && (
        <p className="conditions" data-testid="search-conditions">
          <span className="visually-hidden">{t('tickets.conditions')}: </span>
          {conditions.map((c) => (
            <span key={c} className="condition">
              {c}
            </span>
          ))}
        </p>
      )}
      {badRequest && (
        <p className="account-alert account-alert--error" role="alert" data-testid="search-error">
          {badRequest}
        </p>
      )}
      {needsDates && <p className="notice">{t('tickets.dates.required')}</p>}
      <details className="panel" open={needsDates || Boolean(badRequest)}>
        <summary>{t('tickets.changeConditions')}</summary>
        <TicketSearchForm key={params.toString()} initial={search} />
      </details>
      {badRequest || needsDates ? null : (
        <QueryState isLoading={isFetching && !data} error={error}>
          {() =>
            data && (
              <>
                <p className="result-count" aria-live="polite" data-testid="result-count">
                  {t('tickets.resultCount', { count: shownTotal(data.meta, i18n.language) })}
                </p>
                {data.data.length === 0 ? (
                  <p className="empty-state">{t('tickets.noResults')}</p>
                ) : (
                  <div className="card-grid">
                    {data.data.map((item) => (
                      <ItemCard key={item.id} item={item} />
                    ))}
                  </div>
                )}
                {data.meta.totalPages > 1 && (
                  <nav
                    className="pager"
                    aria-label={t('tickets.page', { page: data.meta.page, total: data.meta.totalPages })}
                  >
                    {data.meta.page > 1 && <Link to={pageLink(data.meta.page - 1)}>{t('tickets.previous')}</Link>}
                    <span>{t('tickets.page', { page: data.meta.page, total: data.meta.totalPages })}</span>
                    {data.meta.page < data.meta.totalPages && (
                      <Link to={pageLink(data.meta.page + 1)}>{t('tickets.next')}</Link>
                    )}
                  </nav>
                )}
              </>
            )
          }
        </QueryState>
      )}
    </div>
  );
}
