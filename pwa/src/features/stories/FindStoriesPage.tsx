import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoryList } from '../../../../common/enums';
import { QueryState } from '../../lib/components/QueryState';
import { StoryGrid } from './components';
import { StorySearchForm } from './StorySearchForm';
import { StoryTabs } from './StoryTabs';
import { useListStoriesQuery } from './storiesApi';

function Shelf({ list }: { list: StoryList }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useListStoriesQuery({ list, per_page: 4 });
  return (
    <section aria-labelledby={`shelf-${list}`}>
      <div className="section-head">
        <h2 id={`shelf-${list}`} className="section-title">
          {t(`catalogue.story.tabs.${list}`)}
        </h2>
        <Link to={`/find/stories/result?list=${list}`}>{t('catalogue.common.seeAll')}</Link>
      </div>
      <QueryState isLoading={isLoading} error={error}>
        {() => data && <StoryGrid stories={data.data} />}
      </QueryState>
    </section>
  );
}

/** /find/stories: search, then popular stories, short movies and a random pick. */
export default function FindStoriesPage() {
  const { t } = useTranslation();
  return (
    <div className="stack stack--lg">
      <div className="stack">
        <h1 className="page-title">{t('catalogue.story.findTitle')}</h1>
        <p className="muted">{t('catalogue.story.findLead')}</p>
      </div>
      <StoryTabs search={{}} highlight={false} />
      <section className="panel">
        <StorySearchForm />
      </section>
      <Shelf list="populars" />
      <Shelf list="short-movies" />
      <Shelf list="randoms" />
    </div>
  );
}
