import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { shownTotal } from '../../lib/listTotal';
import { AnimalChip, LivingThingCard } from './components';
import { LivingThingSearchForm } from './LivingThingSearchForm';
import { useListLivingThingsQuery, useListParkLivingThingsQuery } from './livingThingsApi';
import { queryFromSearch, searchFromQuery } from './searchParams';

const PER_PAGE = 12;
const ANIMALS = 12;

/** /find/living-thing/result: species matching the conditions, and park animals matching the keyword. */
export default function LivingThingResultPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const search = searchFromQuery(params);
  const { data, isFetching, error } = useListLivingThingsQuery({ ...search, per_page: PER_PAGE });
  const animals = useListParkLivingThingsQuery(
    { keyword: search.keyword, park_id: search.park_id, per_page: ANIMALS },
    { skip: !search.keyword || (search.page ?? 1) > 1 },
  );
  const pageLink = (page: number) => `/find/living-thing/result?${queryFromSearch({ ...search, page })}`;
  return (
    <div className="stack">
      <h1 className="page-title">{t('catalogue.livingThing.resultTitle')}</h1>
      <details className="panel">
        <summary>{t('catalogue.common.filters')}</summary>
        <LivingThingSearchForm key={params.toString()} initial={search} />
      </details>
      <QueryState isLoading={isFetching && !data} error={error}>
        {() =>
          data && (
            <>
              <p className="result-count" aria-live="polite" data-testid="result-count">
                {t('catalogue.livingThing.resultCount', { count: shownTotal(data.meta, i18n.language) })}
              </p>
              {data.data.length === 0 ? (
                <p className="empty-state">{t('catalogue.livingThing.noResults')}</p>
              ) : (
                <div className="card-grid">
                  {data.data.map((lt) => (
                    <LivingThingCard key={lt.id} thing={lt} />
                  ))}
                </div>
              )}
              <Pager page={data.meta.page} totalPages={data.meta.totalPages} link={pageLink} />
            </>
          )
        }
      </QueryState>
      {animals.data && animals.data.data.length > 0 && (
        <section className="panel" aria-labelledby="lt-individuals">
          <h2 id="lt-individuals">
            {t('catalogue.livingThing.individualsTitle')}{' '}
            <span className="muted">
              {t('catalogue.livingThing.individualsCount', { count: animals.data.meta.total })}
            </span>
          </h2>
          <ul className="animal-chips">
            {animals.data.data.map((a) => (
              <AnimalChip key={a.id} animal={a} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
