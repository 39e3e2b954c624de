import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enumValues, StoryList } from '../../../../common/enums';
import { queryFromSearch } from './searchParams';
import type { StorySearch } from './storiesApi';

const TABS: (StoryList | undefined)[] = [undefined, ...enumValues(StoryList)];

/** Latest, populars, short movies, randoms: links that keep the keyword and park (`highlight` marks the current). */
export function StoryTabs({ search, highlight = true }: { search: StorySearch; highlight?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t('catalogue.story.tabsLabel')} data-testid="story-tabs">
      {TABS.map((list) => {
        const query = queryFromSearch({ keyword: search.keyword, park_id: search.park_id, list });
        const active = highlight && search.list === list;
        return (
          <Link
            key={list ?? 'latest'}
            to={`/find/stories/result${query ? `?${query}` : ''}`}
            className={active ? 'tab is-active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            {t(`catalogue.story.tabs.${list ?? 'latest'}`)}
          </Link>
        );
      })}
    </nav>
  );
}
