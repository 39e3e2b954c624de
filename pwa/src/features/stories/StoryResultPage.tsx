import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../lib/components/Pager';
import { QueryState } from '../../lib/components/QueryState';
import { shownTotal } from '../../lib/listTotal';
import { StoryGrid } from './components';
import { StorySearchForm } from './StorySearchForm';
import { StoryTabs } from './StoryTabs';
import { queryFromSearch, searchFromQuery } from './searchParams';
import { useListStoriesQuery } from './storiesApi';

const PER_PAGE = 12;

/** /find/stories/result: stories by list (latest, populars, short movies, randoms), keyword and park. */
export default function StoryResultPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = searchFromQuery(params);
  const { data, isFetching, error } = useListStoriesQuery({ ...search, per_page: PER_PAGE });
  // Random order pages through the seed the first page was shuffled with.
  const seed = search.seed ?? data?.meta.seed;
  const pageLink = (page: number) => `/find/stories/result?${queryFromSearch({ ...search, seed, page })}`;
  const shuffle = () => {
    const fresh = Math.random().toString(36).slice(2, 10);
    navigate(`/find/stories/result?${queryFromSearch({ ...search, seed: fresh, page: 1 })}`);
  };
  const filtered = !!(search.keyword || search.park_id);
  return (
    <div className="stack">
      <h1 className="page-title">{t('catalogue.story.resultTitle')}</h1>
      <StoryTabs search={search} />
      <details className="panel" open={filtered || undefined}>
        <summary>{t('catalogue.common.filters')}</summary>
        <StorySearchForm key={params.toString()} initial={search} />
      </details>
      <QueryState isLoading={isFetching && !data} error={error}>
        {() =>
          data && (
            <>
              <div className="section-head">
                <p className="result-count" aria-live="polite" data-testid="result-count">
                  {t('catalogue.story.resultCount', { count: shownTotal(data.meta, i18n.language) })}
                </p>
                {search.list === 'randoms' && (
                  <button type="button" className="button button--small button--ghost" onClick={shuffle}>
                    {t('catalogue.story.shuffle')}
                  </button>
                )}
              </div>
              {data.data.length === 0 && filtered ? (
                <p className="empty-state">{t('catalogue.story.noResults')}</p>
              ) : (
                <StoryGrid stories={data.data} />
              )}
              <Pager page={data.meta.page} totalPages={data.meta.totalPages} link={pageLink} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
