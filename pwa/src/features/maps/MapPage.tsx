// Map mode (/maps/:parkId): the park's illustrated map with the spec's tabs, search within the map, where am I,
// and every marker in a list. Opens from the device's copy, so it works offline for parks with tickets.
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { MapPlace } from '../../../../common/dto/map';
import type { ParkMapRow } from '../../db/wallet';
import { useStagedParts } from '../../lib/firstPage';
import { useOnline } from '../../lib/online';
import { useLocale } from '../../lib/useLocale';
import {
  MapHeader,
  MarkerList,
  ParkSwitcher,
  SelectedPlace,
  TodayEvents,
  useKindName,
  usePosition,
  WhereAmI,
} from './components';
import MapCanvas from './MapCanvas';
import { isMapTab, type MapTab, markersOf, searchPlaces } from './mapView';
import { useParkMap } from './useParkMap';
import './maps.css';

export function MapState({ parkId, children }: { parkId: number; children: (ready: ReadyMap) => ReactNode }) {
  const { t } = useTranslation();
  const state = useParkMap(parkId);
  // Offline now, or when the map was asked for (the note follows the connection).
  const online = useOnline();
  if (state.status === 'loading')
    return (
      <p className="maps-message" role="status">
        {t('maps.loading')}
      </p>
    );
  if (state.status === 'missing')
    return (
      <p className="maps-message notice" role="status" data-testid="map-missing">
        {state.offline || !online ? t('maps.offlineNever') : t('maps.unavailable')}
      </p>
    );
  return <>{children({ row: state.row, imageSrc: state.imageSrc })}</>;
}

export interface ReadyMap {
  row: ParkMapRow;
  imageSrc: string;
}

export const useParkIdParam = () => {
  const { parkId } = useParams();
  return /^\d{1,9}$/.test(parkId ?? '') ? Number(parkId) : 0;
};

export default function MapPage() {
  const parkId = useParkIdParam();
  return <MapState parkId={parkId}>{(ready) => <MapView key={parkId} {...ready} />}</MapState>;
}

function MapView({ row, imageSrc }: ReadyMap) {
  const { t } = useTranslation();
  const { map } = row;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: MapTab = isMapTab(tabParam) ? tabParam : 'all';
  const kindName = useKindName();
  const locale = useLocale();
  const [position, setPosition] = usePosition(map);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<MapPlace[] | null>(null);
  const searchId = useId();

  // A place's QR plate (/maps/{parkId}?at={code}) makes that place the visitor's position.
  const at = params.get('at');
  useEffect(() => {
    if (!at) return;
    const p = map.places.find((x) => x.code === at);
    if (p) {
      setPosition({ x: p.x, y: p.y, accuracyPx: 0, placeCode: p.code });
      setSelectedId(p.id);
    }
    const rest = new URLSearchParams(params);
    rest.delete('at');
    setParams(rest, { replace: true });
  }, [at, map.places, params, setParams, setPosition]);

  const markers = useMemo(() => markersOf(map, tab), [map, tab]);
  const selected = map.places.find((p) => p.id === selectedId) ?? null;
  // The selected place shows on the map even when its tab does not list it (a search result).
  const shown = useMemo(
    () => (selected && !markers.includes(selected) ? [...markers, selected] : markers),
    [markers, selected],
  );
  const select = useCallback((p: MapPlace) => setSelectedId(p.id), []);
  // The list of every place (below the map) comes in a task of its own once the first page is shown: drawn with
  // the map, the two were one long task at start.
  const listDrawn = useStagedParts(1) > 0;

  const search = (e: FormEvent) => {
    e.preventDefault();
    const found = searchPlaces(map.places, query, kindName);
    setResults(found);
    if (found[0]) setSelectedId(found[0].id);
  };

  return (
    <div className="maps" data-testid="map-page" data-tab={tab}>
      <MapHeader row={row} tab={tab} />
      <search>
        <form className="maps-search" onSubmit={search}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('maps.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={t('maps.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="map-search"
          />
          <button type="submit" className="button button--small button--primary">
            {t('maps.search')}
          </button>
        </form>
      </search>
      {results ? (
        <ul className="maps-results" data-testid="map-search-results" aria-live="polite">
          {results.length === 0 ? <li className="muted">{t('maps.noResults')}</li> : null}
          {results.map((p) => (
            <li key={p.id}>
              <button type="button" className="maps-result" onClick={() => setSelectedId(p.id)}>
                {p.name} <span className="muted">（{kindName(p)}）</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {tab === 'parks' ? (
        <ParkSwitcher currentId={map.park.id} />
      ) : (
        <>
          <WhereAmI map={map} position={position} onPosition={setPosition} />
          <MapCanvas
            map={map}
            locale={locale}
            imageSrc={imageSrc}
            label={t('maps.mapLabel', { park: map.park.name })}
            markers={shown}
            showLabels={tab !== 'all'}
            kindName={kindName}
            selectedId={selectedId}
            onSelect={select}
            barrierFree={tab === 'barrierFree'}
            route={null}
            position={position}
          />
          {selected ? <SelectedPlace map={map} place={selected} position={position} /> : null}
          {tab === 'barrierFree' ? <Legend /> : null}
          {tab === 'events' || tab === 'quests' ? (
            <TodayEvents map={map} category={tab === 'events' ? 'event' : 'quest'} onSelect={select} />
          ) : null}
          {listDrawn ? (
            <MarkerList map={map} places={markers} position={position} selectedId={selectedId} onSelect={select} />
          ) : null}
        </>
      )}
    </div>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <section className="maps-legend" aria-label={t('maps.legend.title')}>
      <ul>
        <li>
          <span className="maps-legend__line maps-legend__line--free" aria-hidden="true" />
          {t('maps.legend.stepFree')}
        </li>
        <li>
          <span className="maps-legend__line maps-legend__line--stairs" aria-hidden="true" />
          {t('maps.legend.stairs')}
        </li>
        <li>
          <span className="maps-legend__line maps-legend__line--slope" aria-hidden="true">
            ▲
          </span>
          {t('maps.legend.slope')}
        </li>
      </ul>
    </section>
  );
}
