import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useParkOptionsQuery } from '../../lib/parks';
import { queryFromSearch } from './searchParams';
import type { StorySearch } from './storiesApi';

/** Keyword and park; keeps the chosen list and submits to /find/stories/result. */
export function StorySearchForm({ initial = {} }: { initial?: StorySearch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const parks = useParkOptionsQuery();
  const [keyword, setKeyword] = useState(initial.keyword ?? '');
  const [parkId, setParkId] = useState(initial.park_id ? String(initial.park_id) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = queryFromSearch({
      list: initial.list,
      keyword: keyword.trim() || undefined,
      park_id: parkId ? Number(parkId) : undefined,
    });
    navigate(`/find/stories/result${query ? `?${query}` : ''}`);
  };
  return (
    <form className="search-form" onSubmit={submit} data-testid="story-search-form">
      <div className="field">
        <label htmlFor={`${id}-kw`}>{t('catalogue.common.keyword')}</label>
        <input
          id={`${id}-kw`}
          name="keyword"
          type="search"
          value={keyword}
          maxLength={100}
          placeholder={t('catalogue.story.keywordPlaceholder')}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-park`}>{t('catalogue.common.park')}</label>
        <select id={`${id}-park`} name="park_id" value={parkId} onChange={(e) => setParkId(e.target.value)}>
          <option value="">{t('catalogue.common.anyPark')}</option>
          {parks.data?.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary button--block">
        {t('catalogue.common.search')}
      </button>
    </form>
  );
}
