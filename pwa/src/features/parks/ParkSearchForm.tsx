import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PREFECTURES, REGIONS } from '../../../../common/reference';
import type { ParkSearch } from './parksApi';
import { queryFromSearch } from './searchParams';

/** Keyword, region, prefecture (grouped by region) and kind; submits to /find/parks/result. */
export function ParkSearchForm({ initial = {} }: { initial?: ParkSearch }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const en = i18n.language === 'en';
  const [keyword, setKeyword] = useState(initial.keyword ?? '');
  const [regionId, setRegionId] = useState(initial.region_id ? String(initial.region_id) : '');
  const [prefectureId, setPrefectureId] = useState(initial.prefecture_id?.[0] ? String(initial.prefecture_id[0]) : '');
  const [kind, setKind] = useState<string>(initial.kind ?? '');

  const regions = REGIONS.filter((r) => PREFECTURES.some((p) => p.regionId === r.id));
  const visibleRegions = regionId ? regions.filter((r) => String(r.id) === regionId) : regions;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = queryFromSearch({
      keyword: keyword.trim() || undefined,
      region_id: regionId ? Number(regionId) : undefined,
      prefecture_id: prefectureId ? [Number(prefectureId)] : undefined,
      kind: kind === 'zoo' || kind === 'aquarium' ? kind : undefined,
    });
    navigate(`/find/parks/result${query ? `?${query}` : ''}`);
  };

  return (
    <form className="search-form" onSubmit={submit} data-testid="park-search-form">
      <div className="field">
        <label htmlFor={`${id}-kw`}>{t('parks.keyword')}</label>
        <input
          id={`${id}-kw`}
          name="keyword"
          type="search"
          value={keyword}
          maxLength={100}
          placeholder={t('parks.keywordPlaceholder')}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-region`}>{t('parks.region')}</label>
          <select
            id={`${id}-region`}
            name="region_id"
            value={regionId}
            onChange={(e) => {
              setRegionId(e.target.value);
              setPrefectureId('');
            }}
          >
            <option value="">{t('parks.anyRegion')}</option>
            {regions.map((r) => (
              <option key={r.id} value={r.id}>
                {en ? r.nameEn : r.nameJa}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-pref`}>{t('parks.prefecture')}</label>
          <select
            id={`${id}-pref`}
            name="prefecture_id"
            value={prefectureId}
            onChange={(e) => setPrefectureId(e.target.value)}
          >
            <option value="">{t('parks.anyPrefecture')}</option>
            {visibleRegions.map((r) => (
              <optgroup key={r.id} label={en ? r.nameEn : r.nameJa}>
                {PREFECTURES.filter((p) => p.regionId === r.id).map((p) => (
                  <option key={p.id} value={p.id}>
                    {en ? p.nameEn : p.nameJa}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="field chips">
        <legend>{t('parks.kind')}</legend>
        {[
          ['', t('parks.anyKind')],
          ['zoo', t('parks.zoo')],
          ['aquarium', t('parks.aquarium')],
        ].map(([value, label]) => (
          <label key={value} className="chip">
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value ?? '')}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary button--block">
        {t('parks.search')}
      </button>
    </form>
  );
}
