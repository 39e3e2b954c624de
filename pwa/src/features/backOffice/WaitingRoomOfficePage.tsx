// /staff/office/:parkId/waiting-room?item=: an item's waiting room for owners and editors (issue 30): set it up
// (opening, maximum admissions per second, admission minutes), see the queue's length, how many were let in and
// bought, the current (adapted) rate, and pause or resume. Refreshes every 10 seconds.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage, useParkItemsQuery } from './backOfficeApi';
import { SaveOutcome } from './SaveOutcome';
import { type RoomOverview, useOfficeRoomQuery, useSaveOfficeRoomMutation } from './waitingRoomOfficeApi';
import './backOffice.css';

/** A datetime-local value (Tokyo time) of an instant, and back. */
const localValue = (iso: string) => new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
const fromLocal = (v: string) => new Date(`${v}:00+09:00`).toISOString();

function RoomForm({ parkId, itemId, room }: { parkId: number; itemId: number; room: RoomOverview | null }) {
  const { t } = useTranslation();
  const [opensAt, setOpensAt] = useState(
    room ? localValue(room.opensAt) : localValue(new Date(Date.now() + 3_600_000).toISOString()),
  );
  const [rate, setRate] = useState(String(room?.maxRate ?? room?.rate ?? 2));
  const [minutes, setMinutes] = useState(String(room?.tokenMinutes ?? 10));
  const [save, saved] = useSaveOfficeRoomMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save({
      parkId,
      itemId,
      body: {
        ...(room?.state === 'open' ? {} : { opens_at: fromLocal(opensAt) }),
        rate: Number(rate),
        token_minutes: Number(minutes),
      },
    });
  };
  return (
    <form className="panel stack" onSubmit={submit} data-testid="room-form">
      <div className="field">
        <label htmlFor="room-opens">{t('waitingRoom.office.opensAt')}</label>
        <input
          id="room-opens"
          type="datetime-local"
          value={opensAt}
          disabled={room?.state === 'open'}
          onChange={(e) => setOpensAt(e.target.value)}
          required
          data-testid="room-opens"
        />
      </div>
      <div className="field">
        <label htmlFor="room-rate">{t('waitingRoom.office.maxRate')}</label>
        <input
          id="room-rate"
          type="number"
          min="0.01"
          max="1000"
          step="0.01"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          required
          data-testid="room-rate"
        />
      </div>
      <div className="field">
        <label htmlFor="room-minutes">{t('waitingRoom.office.tokenMinutes')}</label>
        <input
          id="room-minutes"
          type="number"
          min="1"
          max="60"
          step="1"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          required
          data-testid="room-minutes"
        />
      </div>
      <button type="submit" className="button button--primary" disabled={saved.isLoading} data-testid="room-save">
        {room ? t('waitingRoom.office.save') : t('waitingRoom.office.create')}
      </button>
      <SaveOutcome result={saved} done={t('waitingRoom.office.saved')} />
    </form>
  );
}

function RoomFacts({ parkId, room }: { parkId: number; room: RoomOverview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [save, saved] = useSaveOfficeRoomMutation();
  const state = room.paused ? 'paused' : room.state;
  return (
    <section className="panel stack" data-testid="room-facts" aria-live="polite">
      <dl className="office-facts">
        <dt>{t('waitingRoom.office.state')}</dt>
        <dd data-testid="room-state">{t(`waitingRoom.office.states.${state}`)}</dd>
        <dt>{t('waitingRoom.office.opensAt')}</dt>
        <dd>{formatDateTime(room.opensAt, locale)}</dd>
        <dt>{t('waitingRoom.office.length')}</dt>
        <dd data-testid="room-length">{formatNumber(room.length, locale)}</dd>
        <dt>{t('waitingRoom.office.admitted')}</dt>
        <dd data-testid="room-admitted">{formatNumber(room.admitted, locale)}</dd>
        <dt>{t('waitingRoom.office.used')}</dt>
        <dd data-testid="room-used">{formatNumber(room.used, locale)}</dd>
        <dt>{t('waitingRoom.office.rate')}</dt>
        <dd data-testid="room-rate-now">{room.rate}</dd>
      </dl>
      {room.auto && <p className="muted">{t('waitingRoom.office.auto')}</p>}
      <button
        type="button"
        className="button"
        disabled={saved.isLoading}
        onClick={() => void save({ parkId, itemId: room.itemId, body: { paused: !room.paused } })}
        data-testid="room-pause"
      >
        {room.paused ? t('waitingRoom.office.resume') : t('waitingRoom.office.pause')}
      </button>
      {saved.error && (
        <p className="notice" role="alert">
          {errorMessage(saved.error) ?? t('backOffice.failed')}
        </p>
      )}
    </section>
  );
}

export function OfficeWaitingRoomPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const [params, setParams] = useSearchParams();
  const { data: items } = useParkItemsQuery(parkId, { skip: !(parkId > 0) });
  const itemId = Number(params.get('item')) || items?.[0]?.id || 0;
  const {
    data: room,
    error,
    isLoading,
  } = useOfficeRoomQuery({ parkId, itemId }, { skip: !(parkId > 0 && itemId > 0), pollingInterval: 10_000 });
  const missing = (error as { status?: number } | undefined)?.status === 404;
  return (
    <div className="stack office" data-testid="office-waiting-room">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </nav>
      <h1 className="page-title">{t('waitingRoom.office.title')}</h1>
      <p className="muted">{t('waitingRoom.office.lead')}</p>
      <div className="panel office-report-bar">
        <div className="field">
          <label htmlFor="room-item">{t('waitingRoom.office.pickItem')}</label>
          <select
            id="room-item"
            value={itemId || ''}
            onChange={(e) => setParams({ item: e.target.value }, { replace: true })}
            data-testid="room-item"
          >
            {(items ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && !missing && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('backOffice.failed')}
        </p>
      )}
      {missing && <p data-testid="room-none">{t('waitingRoom.office.none')}</p>}
      {room && <RoomFacts parkId={parkId} room={room} />}
      {itemId > 0 && !isLoading && (room || missing) && (
        <RoomForm key={`${itemId}-${room ? 'room' : 'none'}`} parkId={parkId} itemId={itemId} room={room ?? null} />
      )}
    </div>
  );
}
