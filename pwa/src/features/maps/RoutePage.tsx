// Route (/maps/:parkId/route, map layout): the quickest way between two places (or from where the visitor is) for
// walking, a stroller or a wheelchair, computed on the device from the park's walkway graph, so it works offline.
// The last route is kept under the spec's "last map route" key.
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { layerOf, type MapLayer, type MapPlace } from '../../../../common/dto/map';
import {
  buildGraph,
  directions,
  findRoute,
  type Instruction,
  nearestNode,
  PROFILES,
  type RouteProfile,
  roundMetres,
  routeMinutes,
} from '../../../../common/rules/mapRoute';
import { useLocale } from '../../lib/useLocale';
import { MapHeader, useKindName, usePosition, WhereAmI } from './components';
import { loadLastRoute, saveLastRoute } from './lastRoute';
import MapCanvas from './MapCanvas';
import { MapState, type ReadyMap, useParkIdParam } from './MapPage';
import './maps.css';

const LANDMARK_LAYERS = new Set<MapLayer>(['animals', 'places']);

/** The "from" choice meaning the visitor's position. */
const HERE = '';

export default function RoutePage() {
  const parkId = useParkIdParam();
  return <MapState parkId={parkId}>{(ready) => <RouteView key={parkId} {...ready} />}</MapState>;
}

function RouteView({ row, imageSrc }: ReadyMap) {
  const { t } = useTranslation();
  const { map } = row;
  const kindName = useKindName();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [position, setPosition] = usePosition(map);
  const last = useMemo(() => loadLastRoute(map.park.id), [map.park.id]);
  const entrance = map.places.find((p) => p.kind === 'entrance') ?? map.places[0];
  const [from, setFrom] = useState<string>(
    () => params.get('from') ?? (params.get('to') ? null : last?.from) ?? (position ? HERE : (entrance?.code ?? '')),
  );
  const [to, setTo] = useState<string>(() => params.get('to') ?? last?.to ?? '');
  const [profile, setProfile] = useState<RouteProfile>(() => {
    const p = params.get('profile');
    return PROFILES.includes(p as RouteProfile) ? (p as RouteProfile) : (last?.profile ?? 'walk');
  });
  const fromId = useId();
  const toId = useId();

  const graph = useMemo(() => buildGraph(map.nodes, map.edges), [map.nodes, map.edges]);
  const placeOf = (code: string) => map.places.find((p) => p.code === code) ?? null;
  const fromPlace = from === HERE ? null : placeOf(from);
  const toPlace = placeOf(to);
  const fromNode = fromPlace ? fromPlace.nodeId : position ? (nearestNode(graph, position.x, position.y)?.id ?? 0) : 0;
  const hasStart = !!fromPlace || !!position;
  const route = useMemo(
    () => (toPlace && hasStart ? findRoute(graph, fromNode, toPlace.nodeId, profile) : null),
    [graph, fromNode, toPlace, hasStart, profile],
  );

  useEffect(() => {
    if (route?.ok && toPlace)
      saveLastRoute({ parkId: map.park.id, from: fromPlace?.code ?? null, to: toPlace.code, profile });
  }, [route?.ok, toPlace, fromPlace, profile, map.park.id]);

  // Turns are named after the animals and facilities beside them (not the route's own ends, not events that move).
  const landmarks = useMemo(
    () =>
      map.places
        .filter((p) => LANDMARK_LAYERS.has(layerOf(p.kind)) && p !== fromPlace && p !== toPlace)
        .map((p) => ({ x: p.x, y: p.y, name: p.name })),
    [map.places, fromPlace, toPlace],
  );
  const lines = useMemo(() => (route ? directions(graph, route, landmarks) : []), [graph, route, landmarks]);
  const path = useMemo(() => {
    if (!route?.ok) return null;
    const points = route.nodes.map((id) => graph.nodes.get(id)).filter((n) => !!n);
    const start: [number, number][] = fromPlace
      ? [[fromPlace.x, fromPlace.y]]
      : position
        ? [[position.x, position.y]]
        : [];
    return [
      ...start,
      ...points.map((n) => [n.x, n.y] as [number, number]),
      ...(toPlace ? [[toPlace.x, toPlace.y] as [number, number]] : []),
    ];
  }, [route, graph, fromPlace, toPlace, position]);
  const ends = useMemo(() => [fromPlace, toPlace].filter((p): p is MapPlace => !!p), [fromPlace, toPlace]);
  const sorted = useMemo(
    () => [...map.places].sort((a, b) => a.name.localeCompare(b.name, locale)),
    [map.places, locale],
  );

  return (
    <div className="maps maps--route" data-testid="map-route-page">
      <MapHeader row={row} tab="route" />
      <h2 className="maps-list__title">{t('maps.route.title')}</h2>
      <form className="maps-route-form" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={fromId}>
          <span>{t('maps.route.from')}</span>
          <select id={fromId} value={from} onChange={(e) => setFrom(e.target.value)} data-testid="route-from">
            <option value={HERE}>{t('maps.route.here')}</option>
            {sorted.map((p) => (
              <option key={p.id} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={toId}>
          <span>{t('maps.route.to')}</span>
          <select id={toId} value={to} onChange={(e) => setTo(e.target.value)} data-testid="route-to">
            <option value="">{t('maps.where.choose')}</option>
            {sorted.map((p) => (
              <option key={p.id} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="maps-profiles">
          <legend>{t('maps.route.profile')}</legend>
          {PROFILES.map((p) => (
            <label key={p} className="chip">
              <input
                type="radio"
                name="profile"
                value={p}
                checked={profile === p}
                onChange={() => setProfile(p)}
                data-testid={`route-profile-${p}`}
              />
              <span>{t(`maps.route.profiles.${p}`)}</span>
            </label>
          ))}
        </fieldset>
      </form>
      {from === HERE ? <WhereAmI map={map} position={position} onPosition={setPosition} /> : null}
      <MapCanvas
        map={map}
        locale={locale}
        imageSrc={imageSrc}
        label={t('maps.mapLabel', { park: map.park.name })}
        markers={ends}
        showLabels
        kindName={kindName}
        selectedId={toPlace?.id ?? null}
        onSelect={(p) => setTo(p.code)}
        barrierFree={profile !== 'walk'}
        route={path}
        position={from === HERE ? position : null}
      />
      <RouteSummary route={route} lines={lines} profile={profile} arrive={toPlace?.name ?? ''} />
    </div>
  );
}

function RouteSummary({
  route,
  lines,
  profile,
  arrive,
}: {
  route: ReturnType<typeof findRoute> | null;
  lines: Instruction[];
  profile: RouteProfile;
  arrive: string;
}) {
  const { t } = useTranslation();
  if (!route) return null;
  if (!route.ok)
    return (
      <p className="notice" role="alert" data-testid="route-unreachable">
        {t('maps.route.unreachable', { profile: t(`maps.route.profiles.${profile}`) })}
      </p>
    );
  if (route.legs.length === 0)
    return (
      <p className="notice" role="status">
        {t('maps.route.same')}
      </p>
    );
  const steps = route.legs.reduce((n, l) => n + l.edge.steps, 0);
  const text = (l: Instruction) => {
    const m = roundMetres(l.distanceM);
    if (l.kind === 'arrive') return t('maps.route.arrive', { place: arrive });
    const key = l.kind === 'start' ? 'start' : (l.turn ?? 'right');
    return l.landmark ? t(`maps.route.${key}`, { landmark: l.landmark, m }) : t(`maps.route.${key}Plain`, { m });
  };
  const notes = (l: Instruction) =>
    [
      l.steps > 0 ? t('maps.route.steps', { n: l.steps }) : null,
      l.uphillPercent >= 2 ? t('maps.route.uphill', { p: Math.round(l.uphillPercent) }) : null,
      l.downhillPercent >= 2 ? t('maps.route.downhill', { p: Math.round(l.downhillPercent) }) : null,
      l.kind !== 'arrive' && l.roofed ? t('maps.route.roofed') : null,
    ].filter(Boolean);
  return (
    <section className="maps-route" data-testid="route-result" data-steps={steps}>
      <p className="maps-route__summary" data-testid="route-summary">
        <strong>{t('maps.route.summary', { m: roundMetres(route.lengthM), min: routeMinutes(route.seconds) })}</strong>{' '}
        <span className={`maps-badge${steps ? ' maps-badge--steps' : ''}`}>
          {steps ? t('maps.route.hasSteps') : t('maps.route.stepFree')}
        </span>
      </p>
      <ol className="maps-directions" aria-label={t('maps.route.listLabel')} data-testid="route-directions">
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line of directions is its place in the list
          <li key={`${l.kind}-${i}`}>
            {text(l)}
            {notes(l).length ? <span className="muted">（{notes(l).join('・')}）</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
