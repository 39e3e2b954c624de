import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ITEM_SEARCH_TABS, type ItemSearchTab } from '../../../../common/dto/item';
import { enumValues, ItemCategory } from '../../../../common/enums';
import { purchaseMessage } from '../../../../common/purchaseMessages';
import { MAX_SEARCH_DATES } from '../../../../common/rules/availability';
import { addDays, tokyoDate } from '../../../../common/time';
import { formatShortDate } from '../../lib/format';
import { useParkOptionsQuery } from '../../lib/parks';
import { useLocale } from '../../lib/useLocale';
import { addDate, DEFAULT_TAB, queryFromSearch } from './searchParams';
import type { ItemSearch } from './ticketsApi';

const CATEGORIES = enumValues(ItemCategory);

/** Tabs (available / all / date with up to 10 dates), park, categories and keyword; submits to the result page. */
export function TicketSearchForm({ initial }: { initial?: ItemSearch }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const today = tokyoDate();
  const [tab, setTab] = useState<ItemSearchTab>(initial?.tab ?? DEFAULT_TAB);
  const [dates, setDates] = useState<string[]>(initial?.dates ?? []);
  const [dateInput, setDateInput] = useState(addDays(today, 1));
  const [dateError, setDateError] = useState('');
  const [parkId, setParkId] = useState(initial?.park_id?.[0] ? String(initial.park_id[0]) : '');
  const [categories, setCategories] = useState<number[]>(initial?.category ?? []);
  const [keyword, setKeyword] = useState(initial?.keyword ?? '');
  const parks = useParkOptionsQuery();

  const add = () => {
    const result = addDate(dates, dateInput);
    setDates(result.dates);
    if (result.error === 'tooMany') setDateError(purchaseMessage('tooManyDates', locale));
    else if (result.error) setDateError(t(`tickets.dates.${result.error}`));
    else setDateError('');
  };
  const remove = (date: string) => {
    setDates(dates.filter((d) => d !== date));
    setDateError('');
  };
  const toggleCategory = (c: number) =>
    setCategories(categories.includes(c) ? categories.filter((x) => x !== c) : [...categories, c].sort());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tab === 'date' && dates.length === 0) {
      setDateError(t('tickets.dates.required'));
      return;
    }
    const query = queryFromSearch({
      tab,
      dates,
      park_id: parkId ? [Number(parkId)] : undefined,
      category: categories.length ? categories : undefined,
      keyword: keyword.trim() || undefined,
    });
    navigate(`/find/tickets/result?${query}`);
  };

  return (
    <form className="search-form ticket-search" onSubmit={submit} noValidate data-testid="ticket-search-form">
      <fieldset className="field segmented" data-testid="ticket-tabs">
        <legend>{t('tickets.tabs.label')}</legend>
        <div className="segmented__options">
          {ITEM_SEARCH_TABS.map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="tab"
                value={value}
                checked={tab === value}
                onChange={() => {
                  setTab(value);
                  setDateError('');
                }}
              />
              <span className="segmented__label">{t(`tickets.tabs.${value}`)}</span>
            </label>
          ))}
        </div>
        <p className="field-hint">{t(`tickets.tabHint.${tab}`)}</p>
      </fieldset>

      {tab === 'date' && (
        <fieldset className="field date-picker" data-testid="date-picker">
          <legend>
            {t('tickets.dates.label')}{' '}
            <span className="date-picker__count">
              {t('tickets.dates.count', { count: dates.length, max: MAX_SEARCH_DATES })}
            </span>
          </legend>
          <div className="date-picker__row">
            <label className="visually-hidden" htmlFor={`${id}-date`}>
              {t('tickets.dates.label')}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              value={dateInput}
              min={today}
              max={addDays(today, 365)}
              onChange={(e) => setDateInput(e.target.value)}
              aria-describedby={`${id}-date-hint ${id}-date-error`}
            />
            <button type="button" className="button button--small" onClick={add} data-testid="add-date">
              {t('tickets.dates.add')}
            </button>
          </div>
          <p id={`${id}-date-hint`} className="field-hint">
            {t('tickets.dates.hint', { max: MAX_SEARCH_DATES })}
          </p>
          <p id={`${id}-date-error`} className="field-error live-region" role="alert" data-testid="date-error">
            {dateError}
          </p>
          {dates.length === 0 ? (
            <p className="muted">{t('tickets.dates.empty')}</p>
          ) : (
            <ul className="date-chips" data-testid="date-chips">
              {dates.map((d) => (
                <li key={d} className="date-chip">
                  <time dateTime={d}>{formatShortDate(d, locale)}</time>
                  <button
                    type="button"
                    className="date-chip__remove"
                    aria-label={t('tickets.dates.remove', { date: formatShortDate(d, locale) })}
                    onClick={() => remove(d)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}

      <div className="field">
        <label htmlFor={`${id}-park`}>{t('tickets.park.label')}</label>
        <select id={`${id}-park`} name="park_id" value={parkId} onChange={(e) => setParkId(e.target.value)}>
          <option value="">{t('tickets.park.any')}</option>
          {parks.data?.data.map((p) => (
            <option key={p.id} value={p.id}>
              {t('tickets.park.option', { name: p.name, prefecture: p.prefecture.name })}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="field chips">
        <legend>{t('tickets.category.label')}</legend>
        {CATEGORIES.map((c) => (
          <label key={c} className="chip">
            <input
              type="checkbox"
              name="category"
              value={c}
              checked={categories.includes(c)}
              onChange={() => toggleCategory(c)}
            />
            <span>{t(`tickets.category.names.${c}`)}</span>
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-kw`}>{t('tickets.keyword.label')}</label>
        <input
          id={`${id}-kw`}
          name="keyword"
          type="search"
          value={keyword}
          maxLength={100}
          placeholder={t('tickets.keyword.placeholder')}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>

      <button type="submit" className="button button--primary button--block">
        {t('tickets.search')}
      </button>
    </form>
  );
}
