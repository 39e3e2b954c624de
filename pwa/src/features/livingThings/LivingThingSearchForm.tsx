import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HABITATS, LIVING_THING_GROUPS } from '../../../../common/dto/livingThing';
import { useParkOptionsQuery } from '../../lib/parks';
import type { LivingThingSearch } from './livingThingsApi';
import { queryFromSearch } from './searchParams';

/** Keyword, classification, habitat and park; submits to /find/living-thing/result. */
export function LivingThingSearchForm({ initial = {} }: { initial?: LivingThingSearch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const parks = useParkOptionsQuery();
  const [keyword, setKeyword] = useState(initial.keyword ?? '');
  const [classification, setClassification] = useState<string>(initial.classification ?? '');
  const [habitat, setHabitat] = useState<string>(initial.habitat ?? '');
  const [parkId, setParkId] = useState(initial.park_id ? String(initial.park_id) : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = queryFromSearch({
      keyword: keyword.trim() || undefined,
      classification: LIVING_THING_GROUPS.find((g) => g === classification),
      habitat: HABITATS.find((h) => h === habitat),
      park_id: parkId ? Number(parkId) : undefined,
    });
    navigate(`/find/living-thing/result${query ? `?${query}` : ''}`);
  };

  return (
    <form className="search-form" onSubmit={submit} data-testid="living-thing-search-form">
      <div className="field">
        <label htmlFor={`${id}-kw`}>{t('catalogue.common.keyword')}</label>
        <input
          id={`${id}-kw`}
          name="keyword"
          type="search"
          value={keyword}
          maxLength={100}
          placeholder={t('catalogue.livingThing.keywordPlaceholder')}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-cls`}>{t('catalogue.livingThing.classification')}</label>
          <select
            id={`${id}-cls`}
            name="classification"
            value={classification}
            onChange={(e) => setClassification(e.target.value)}
          >
            <option value="">{t('catalogue.livingThing.anyClassification')}</option>
            {LIVING_THING_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`catalogue.livingThing.groups.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-hab`}>{t('catalogue.livingThing.habitat')}</label>
          <select id={`${id}-hab`} name="habitat" value={habitat} onChange={(e) => setHabitat(e.target.value)}>
            <option value="">{t('catalogue.livingThing.anyHabitat')}</option>
            {HABITATS.map((h) => (
              <option key={h} value={h}>
                {t(`catalogue.livingThing.habitats.${h}`)}
              </option>
            ))}
          </select>
        </div>
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
