// Building blocks of the two map pages: the header with the spec's tabs and the offline note, the visitor's
// position (GPS through the park's control points, or a place chosen or read from a QR plate), the marker list,
// today's events and the park switcher.
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapPlace, ParkMap } from '../../../../common/dto/map';
import { fitGeo, geoToMap, onMap } from '../../../../common/rules/mapGeo';
import { mapTables, type WalletParkRow } from '../../db/storedWallet';
import type { ParkMapRow } from '../../db/wallet';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useParkOptionsQuery } from '../../lib/parks';
import { useLocale } from '../../lib/useLocale';
import { kindGlyph } from './glyphs';
import { byDistance, MAP_TABS, type MapTab, metresTo, type Position, placeFromPlate } from './mapView';

export function useKindName() {
  const { t } = useTranslation();
  return useCallback((p: MapPlace) => t(`maps.kinds.${p.kind}`), [t]);
}

export function MapHeader({ row, tab }: { row: ParkMapRow; tab: MapTab | 'route' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const base = `/maps/${row.parkId}`;
  return (
    <header className="maps-head">
      <h1 className="maps-head__title">{t('maps.title', { park: row.map.park.name })}</h1>
      {online ? null : (
        <p className="notice maps-offline" data-testid="map-offline-note" role="status">
          {t('maps.offlineNote', { at: formatDateTime(row.fetchedAt, locale) })}
        </p>
      )}
      <nav className="maps-tabs" aria-label={t('maps.tabsLabel')}>
        {MAP_TABS.map((name) =>
          name === 'parks' ? null : (
            <Link
              key={name}
              className="maps-tab"
              to={name === 'all' ? base : `${base}?tab=${name}`}
              aria-current={tab === name ? 'page' : undefined}
              data-testid={`map-tab-${name}`}
            >
              {t(`maps.tabs.${name}`)}
            </Link>
          ),
        )}
        <Link
          className="maps-tab"
          to={`${base}/route`}
          aria-current={tab === 'route' ? 'page' : undefined}
          data-testid="map-tab-route"
        >
          {t('maps.tabs.route')}
        </Link>
        <Link
          className="maps-tab"
          to={`${base}?tab=parks`}
          aria-current={tab === 'parks' ? 'page' : undefined}
          data-testid="map-tab-parks"
        >
          {t('maps.tabs.parks')}
        </Link>
      </nav>
    </header>
  );
}

const positionKey = (parkId: number) => `map_position_${parkId}`;

/** The visitor's position on this park's map, kept for the browser session (the map and route pages share it). */
export function usePosition(map: ParkMap) {
  const [position, setPositionState] = useState<Position | null>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(positionKey(map.park.id)) ?? 'null') as Position | null;
    } catch {
      return null;
    }
  });
  const setPosition = useCallback(
    (p: Position | null) => {
      setPositionState(p);
      if (p) sessionStorage.setItem(positionKey(map.park.id), JSON.stringify(p));
      else sessionStorage.removeItem(positionKey(map.park.id));
    },
    [map.park.id],
  );
  return [position, setPosition] as const;
}

type LocateState = { kind: 'idle' } | { kind: 'locating' } | { kind: 'denied' } | { kind: 'outside'; metres: number };

/** "Where am I" (GPS) and "I am at…" (a place chosen, or a place's QR plate URL). */
export function WhereAmI({
  map,
  position,
  onPosition,
}: {
  map: ParkMap;
  position: Position | null;
  onPosition: (p: Position | null) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<LocateState>({ kind: 'idle' });
  const [plate, setPlate] = useState('');
  const [plateError, setPlateError] = useState(false);
  const fit = useMemo(() => fitGeo(map.controlPoints), [map.controlPoints]);
  const selectId = useId();
  const plateId = useId();
  const locale = useLocale();
  const sorted = useMemo(
    () => [...map.places].sort((a, b) => a.name.localeCompare(b.name, locale)),
    [map.places, locale],
  );

  const locate = () => {
    if (!fit || !('geolocation' in navigator)) {
      setState({ kind: 'denied' });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const [x, y] = geoToMap(fit, pos.coords.latitude, pos.coords.longitude);
        const metres = Math.round(pos.coords.accuracy);
        if (!onMap(x, y, map.image.width, map.image.height)) {
          setState({ kind: 'outside', metres });
          return;
        }
        setState({ kind: 'idle' });
        onPosition({ x, y, accuracyPx: pos.coords.accuracy * fit.pxPerMetre, placeCode: null });
      },
      () => setState({ kind: 'denied' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  };
  const choose = (code: string) => {
    const p = map.places.find((x) => x.code === code);
    onPosition(p ? { x: p.x, y: p.y, accuracyPx: 0, placeCode: p.code } : null);
  };
  const readPlate = (e: FormEvent) => {
    e.preventDefault();
    const p = placeFromPlate(map, plate, window.location.origin);
    setPlateError(!p);
    if (p) choose(p.code);
  };
  const chosen = position?.placeCode ? map.places.find((p) => p.code === position.placeCode) : null;
  return (
    <section className="maps-where" aria-label={t('maps.where.locate')}>
      <div className="maps-where__row">
        <button type="button" className="button button--small" onClick={locate} data-testid="map-locate">
          ◎ {t('maps.where.locate')}
        </button>
        <label className="maps-where__choose" htmlFor={selectId}>
          <span>{t('maps.where.iAmAt')}</span>
          <select
            id={selectId}
            value={position?.placeCode ?? ''}
            onChange={(e) => choose(e.target.value)}
            data-testid="map-i-am-at"
          >
            <option value="">{t('maps.where.choose')}</option>
            {sorted.map((p) => (
              <option key={p.id} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="maps-where__status" role="status" data-testid="map-position">
        {state.kind === 'locating'
          ? t('maps.where.locating')
          : state.kind === 'denied'
            ? t('maps.where.denied')
            : state.kind === 'outside'
              ? t('maps.where.outside', { m: state.metres })
              : chosen
                ? t('maps.where.chosen', { place: chosen.name })
                : position
                  ? `${t('maps.where.here')}（${t('maps.where.accuracy', {
                      m: Math.round(position.accuracyPx * map.image.metresPerPx),
                    })}）`
                  : ''}
      </p>
      <details className="maps-where__plate">
        <summary>{t('maps.where.plate')}</summary>
        <form onSubmit={readPlate}>
          <p className="muted">{t('maps.where.plateHint')}</p>
          <label htmlFor={plateId} className="visually-hidden">
            {t('maps.where.plate')}
          </label>
          <input
            id={plateId}
            type="url"
            inputMode="url"
            value={plate}
            onChange={(e) => setPlate(e.target.value)}
            aria-invalid={plateError || undefined}
          />
          <button type="submit" className="button button--small">
            {t('maps.where.plateApply')}
          </button>
          {plateError ? <p className="form-error">{t('maps.where.plateUnknown')}</p> : null}
        </form>
      </details>
    </section>
  );
}

/** Every marker of the tab as a list (nearest first when the position is known), with what one can do there. */
export function MarkerList({
  map,
  places,
  position,
  selectedId,
  onSelect,
}: {
  map: ParkMap;
  places: readonly MapPlace[];
  position: Position | null;
  selectedId: number | null;
  onSelect: (p: MapPlace) => void;
}) {
  const { t } = useTranslation();
  const kindName = useKindName();
  const locale = useLocale();
  const sorted = byDistance(map, places, position);
  return (
    <section className="maps-list" aria-labelledby="maps-list-title">
      <h2 id="maps-list-title" className="maps-list__title">
        {t('maps.listTitle', { count: sorted.length })}
      </h2>
      <ul data-testid="map-marker-list">
        {sorted.map((p) => (
          <li key={p.id} className={`maps-item${p.id === selectedId ? ' is-selected' : ''}`} data-place={p.code}>
            <button
              type="button"
              className="maps-item__main"
              onClick={() => onSelect(p)}
              aria-pressed={p.id === selectedId}
            >
              <span className={`maps-item__sign map-sign--${p.kind}`} aria-hidden="true">
                {kindGlyph(p.kind, locale)}
              </span>
              <span className="maps-item__name">{p.name}</span>
              <span className="maps-item__kind muted">
                {kindName(p)}
                {position ? ` · ${t('maps.distance', { m: Math.round(metresTo(map, position, p)) })}` : ''}
              </span>
            </button>
            {p.id === selectedId ? <PlaceActions map={map} place={p} position={position} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What one can do at a place: a route there (from the place the visitor is at), its animal's or item's page. */
function PlaceActions({
  map,
  place,
  position,
  className = 'maps-item__actions',
}: {
  map: ParkMap;
  place: MapPlace;
  position: Position | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const from = position?.placeCode ? `&from=${encodeURIComponent(position.placeCode)}` : '';
  return (
    <div className={className}>
      <Link
        className="button button--small"
        to={`/maps/${map.park.id}/route?to=${encodeURIComponent(place.code)}${from}`}
      >
        {t('maps.routeHere')}
      </Link>
      {place.parkLivingThingId ? (
        <Link
          className="button button--small button--ghost"
          to={`/profile/park-living-thing/${place.parkLivingThingId}`}
        >
          {t('maps.openAnimal')}
        </Link>
      ) : null}
      {place.itemId ? (
        <Link className="button button--small button--ghost" to={`/items/${place.itemId}`}>
          {t('maps.openItem')}
        </Link>
      ) : null}
    </div>
  );
}

/** The place picked on the map, under it: its name, kind, distance and what one can do there. */
export function SelectedPlace({ map, place, position }: { map: ParkMap; place: MapPlace; position: Position | null }) {
  const { t } = useTranslation();
  const kindName = useKindName();
  const event = map.events.find((e) => e.placeId === place.id);
  return (
    <section className="maps-selected" aria-live="polite" data-testid="map-selected">
      <h2 className="maps-selected__name">{place.name}</h2>
      <p className="muted">
        {kindName(place)}
        {position ? ` · ${t('maps.distance', { m: Math.round(metresTo(map, position, place)) })}` : ''}
        {event?.times.length ? ` · ${event.times.map((x) => `${x.start}–${x.end}`).join(', ')}` : ''}
      </p>
      <PlaceActions map={map} place={place} position={position} className="maps-item__actions maps-selected__actions" />
    </section>
  );
}

/** Today's events or quests with their times. */
export function TodayEvents({
  map,
  category,
  onSelect,
}: {
  map: ParkMap;
  category: 'event' | 'quest';
  onSelect: (p: MapPlace) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const events = map.events.filter((e) => e.category === category);
  return (
    <section className="maps-events" aria-labelledby="maps-events-title">
      <h2 id="maps-events-title" className="maps-list__title">
        {t('maps.todayEvents', { date: map.date })}
      </h2>
      {events.length === 0 ? <p className="muted">{t('maps.noEvents')}</p> : null}
      <ul data-testid="map-events">
        {events.map((e) => {
          const place = map.places.find((p) => p.id === e.placeId);
          return (
            <li key={e.itemId} className="maps-event">
              <span className="maps-event__name">{e.name}</span>
              <span className="maps-event__times">
                {e.times.length
                  ? e.times.map((x) => `${x.start}–${x.end}`).join(locale === 'ja' ? '、' : ', ')
                  : t('maps.allDay')}
              </span>
              {place ? (
                <button type="button" className="button button--small button--ghost" onClick={() => onSelect(place)}>
                  {t('maps.showOnMap')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Switch park: the parks of the visitor's tickets first, then every park (online). */
export function ParkSwitcher({ currentId }: { currentId: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [mine, setMine] = useState<WalletParkRow[]>([]);
  useEffect(() => {
    let live = true;
    mapTables()
      .then((tables) => tables?.parks.toArray())
      .then(
        (parks) => live && parks && setMine(parks),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  const all = useParkOptionsQuery();
  const mineIds = new Set(mine.map((p) => p.id));
  const others = (all.data?.data ?? []).filter((p) => !mineIds.has(p.id));
  const item = (id: number, name: string) => (
    <li key={id}>
      <Link
        className="maps-park"
        to={`/maps/${id}`}
        aria-current={id === currentId ? 'page' : undefined}
        data-testid="map-switch-park"
      >
        {name}
        {id === currentId ? <span className="muted"> · {t('maps.parks.current')}</span> : null}
      </Link>
    </li>
  );
  return (
    <section className="maps-parks" data-testid="map-park-switcher">
      {mine.length ? (
        <>
          <h2 className="maps-list__title">{t('maps.parks.mine')}</h2>
          <ul>{mine.map((p) => item(p.id, p.name))}</ul>
        </>
      ) : null}
      <h2 className="maps-list__title">{t('maps.parks.all')}</h2>
      {online ? (
        <ul>{others.map((p) => item(p.id, p.name))}</ul>
      ) : (
        <p className="muted">{t('maps.parks.offlineAll')}</p>
      )}
    </section>
  );
}
