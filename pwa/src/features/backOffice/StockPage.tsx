// /staff/office/:parkId/stock?item=&date=: editors and owners read an item's places on a date (the day, or each
// time slot) and set a capacity; the server never lets it go below the places sold and held (and says how many).
// A slot also shows its places set aside for pass holders, which the park's owner sets (moved from or to the
// general places of the dates already made).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { addDays, tokyoDate } from '../../../../common/time';
import { formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import {
  errorMessage,
  type StockRow,
  useParkItemsQuery,
  useSetCapacityMutation,
  useSetPassCapacityMutation,
  useStockDayQuery,
} from './backOfficeApi';
import { SaveOutcome } from './SaveOutcome';
import './backOffice.css';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** A number of places (0 to a million), as both capacity forms ask for it. */
function PlacesField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="numeric"
        min={0}
        max={1000000}
        step={1}
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </div>
  );
}

function CapacityRow({ parkId, itemId, date, row }: { parkId: number; itemId: number; date: string; row: StockRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState(String(row.capacity));
  const [save, saved] = useSetCapacityMutation();
  const id = `capacity-${row.timeSlotId ?? 'day'}`;
  const label = row.startTime ? `${row.startTime}–${row.endTime}` : t('backOffice.stock.wholeDay');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save({ parkId, itemId, date, timeSlotId: row.timeSlotId, capacity: Number(value) });
  };
  return (
    <li className="panel office-stock-row" data-testid="stock-row">
      <form className="office-stock-form" onSubmit={submit}>
        <div className="office-stock-facts">
          <strong>{label}</strong>
          <span className="muted" data-testid="stock-counts">
            {t('backOffice.stock.counts', {
              sold: formatNumber(row.sold, locale),
              held: formatNumber(row.held, locale),
              remaining: formatNumber(row.remaining, locale),
            })}
          </span>
        </div>
        <PlacesField
          id={id}
          label={t('backOffice.stock.capacity')}
          value={value}
          onChange={setValue}
          testId="stock-capacity"
        />
        <button type="submit" className="button button--primary" disabled={saved.isLoading} data-testid="stock-save">
          {t('backOffice.save')}
        </button>
      </form>
      <SaveOutcome result={saved} done={t('backOffice.stock.saved')} />
      {row.timeSlotId !== null && row.pass && (
        <PassCapacityForm
          parkId={parkId}
          itemId={itemId}
          row={{ ...row, timeSlotId: row.timeSlotId, pass: row.pass }}
        />
      )}
    </li>
  );
}

function PassCapacityForm({
  parkId,
  itemId,
  row,
}: {
  parkId: number;
  itemId: number;
  row: StockRow & { timeSlotId: number; pass: NonNullable<StockRow['pass']> };
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState(String(row.passCapacity ?? 0));
  const [save, saved] = useSetPassCapacityMutation();
  const id = `pass-capacity-${row.timeSlotId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save({ parkId, itemId, timeSlotId: row.timeSlotId, pass_capacity: Number(value) });
  };
  return (
    <form className="office-stock-form" onSubmit={submit} data-testid="stock-pass">
      <div className="office-stock-facts">
        <strong>{t('backOffice.stock.passPlaces')}</strong>
        <span className="muted" data-testid="stock-pass-counts">
          {t('backOffice.stock.passCounts', {
            capacity: formatNumber(row.pass.capacity, locale),
            sold: formatNumber(row.pass.sold, locale),
            held: formatNumber(row.pass.held, locale),
            remaining: formatNumber(row.pass.remaining, locale),
          })}
        </span>
      </div>
      <PlacesField
        id={id}
        label={t('backOffice.stock.passCapacity')}
        value={value}
        onChange={setValue}
        testId="stock-pass-capacity"
      />
      <button type="submit" className="button" disabled={saved.isLoading} data-testid="stock-pass-save">
        {t('backOffice.save')}
      </button>
      <SaveOutcome result={saved} done={t('backOffice.stock.passSaved')} />
    </form>
  );
}

export function OfficeStockPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const [params, setParams] = useSearchParams();
  const { data: items } = useParkItemsQuery(parkId, { skip: !(parkId > 0) });
  const itemId = Number(params.get('item')) || items?.[0]?.id || 0;
  const date = ISO.test(params.get('date') ?? '') ? (params.get('date') as string) : addDays(tokyoDate(), 1);
  // currentData, not data: while another item or date loads, the rows of the one before must not be shown (a
  // capacity typed into them would be lost, or saved for the wrong day, when the new rows arrive).
  const {
    currentData: rows,
    error,
    isFetching,
  } = useStockDayQuery({ parkId, itemId, date }, { skip: !(parkId > 0 && itemId > 0) });
  const choose = (next: { item?: number; date?: string }) =>
    setParams({ item: String(next.item ?? itemId), date: next.date ?? date }, { replace: true });
  return (
    <div className="stack office" data-testid="office-stock">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('backOffice.stock.title')}</h1>
      <div className="panel office-report-bar">
        <div className="field">
          <label htmlFor="stock-item">{t('backOffice.stock.item')}</label>
          <select
            id="stock-item"
            value={itemId || ''}
            onChange={(e) => choose({ item: Number(e.target.value) })}
            data-testid="stock-item"
          >
            {(items ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="stock-date">{t('backOffice.finance.date')}</label>
          <input
            id="stock-date"
            type="date"
            value={date}
            onChange={(e) => ISO.test(e.target.value) && choose({ date: e.target.value })}
            data-testid="stock-date"
          />
        </div>
      </div>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('backOffice.failed')}
        </p>
      )}
      <ul className="office-list" aria-busy={isFetching}>
        {(rows ?? []).map((r) => (
          <CapacityRow
            key={`${itemId}-${date}-${r.timeSlotId ?? 0}-${r.capacity}-${r.passCapacity ?? 0}`}
            parkId={parkId}
            itemId={itemId}
            date={date}
            row={r}
          />
        ))}
      </ul>
    </div>
  );
}
