import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { shownTotal } from '../../lib/listTotal';
import { ParkCard } from './ParkCard';
import { ParkSearchForm } from './ParkSearchForm';
import { useListParksQuery } from './parksApi';
import { queryFromSearch, searchFromQuery } from './searchParams';

const PER_PAGE = 12;

export default function ParkResultPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const search = searchFromQuery(params);
  const { data, isFetching, error } = useListParksQuery({ ...search, per_page: PER_PAGE });
  const pageLink = (page: number) => `/find/parks/result?${queryFromSearch({ ...search, page })}`;
  return (
    <div className="stack">
      <h1 className="page-title">{t('parks.resultTitle')}</h1>
      <details className="panel">
        <summary>{t('parks.findTitle')}</summary>
        <ParkSearchForm key={params.toString()} initial={search} />
      </details>
      <QueryState isLoading={isFetching && !data} error={error}>
        {() =>
          data && (
            <>
              <p className="result-count" aria-live="polite" data-testid="result-count">
                {t('parks.resultCount', { count: shownTotal(data.meta, i18n.language) })}
              </p>
              {data.data.length === 0 ? (
                <p className="empty-state">{t('parks.noResults')}</p>
              ) : (
                <div className="card-grid">
                  {data.data.map((p) => (
                    <ParkCard key={p.id} park={p} />
                  ))}
                </div>
              )}
              <Pager page={data.meta.page} totalPages={data.meta.totalPages} link={pageLink} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
