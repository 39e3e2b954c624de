// The back office's map editor (/staff/office/:parkId/map): the park's illustrated map with its markers, junctions
// and walkways drawn over it. Choose a marker or a junction, then tap the map where it belongs: it moves there (a
// marker's route then ends at the nearest junction). A new marker is placed the same way after its kind and names
// are filled in. The GPS control points are edited as a list below. Everything is in the picture's pixels.
import { type FormEvent, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type OfficeMap, PLACE_KINDS, type PlaceKind } from '../../../../common/dto/map';
import { errorMessage } from './backOfficeApi';
import {
  type ControlPoint,
  useAddEdgeMutation,
  useAddPlaceMutation,
  useDeleteEdgeMutation,
  useDeletePlaceMutation,
  useMoveNodeMutation,
  useOfficeMapQuery,
  useSetControlPointsMutation,
  useUpdatePlaceMutation,
} from './mapOfficeApi';
import './backOffice.css';

type Selection =
  | { kind: 'place'; id: number }
  | { kind: 'node'; id: number }
  | { kind: 'connect'; from: number }
  | { kind: 'new' }
  | null;

interface NewPlace {
  code: string;
  kind: PlaceKind;
  nameJa: string;
  nameEn: string;
}

function MapCanvas({
  map,
  selection,
  onSelect,
  onPoint,
}: {
  map: OfficeMap;
  selection: Selection;
  onSelect: (s: Selection) => void;
  onPoint: (x: number, y: number) => void;
}) {
  const { t } = useTranslation();
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  const nodeById = new Map(map.nodes.map((n) => [n.id, n]));
  function pick(e: MouseEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    const x = Math.round(((e.clientX - box.left) / box.width) * map.width);
    const y = Math.round(((e.clientY - box.top) / box.height) * map.height);
    onPoint(Math.min(map.width, Math.max(0, x)), Math.min(map.height, Math.max(0, y)));
  }
  return (
    // The map is a pointing surface: every marker and junction is also reachable as a button in the lists below.
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the lists are the keyboard path
    <div
      className="office-map"
      style={{ aspectRatio: `${map.width} / ${map.height}` }}
      onClick={pick}
      data-testid="office-map"
    >
      <img src={map.imageUrl} alt="" width={map.width} height={map.height} draggable={false} />
      <svg viewBox={`0 0 ${map.width} ${map.height}`} aria-hidden="true">
        {map.edges.map((e) => {
          const a = nodeById.get(e.from);
          const b = nodeById.get(e.to);
          return a && b ? <line key={e.id} x1={a.x} y1={a.y} x2={b.x} y2={b.y} /> : null;
        })}
      </svg>
      {map.nodes.map((n) => (
        <button
          key={`n${n.id}`}
          type="button"
          className="office-map__node"
          aria-pressed={selection?.kind === 'node' && selection.id === n.id}
          aria-label={t('mapOffice.node', { code: n.code })}
          style={{ left: pct(n.x, map.width), top: pct(n.y, map.height) }}
          onClick={(e) => {
            e.stopPropagation();
            onSelect({ kind: 'node', id: n.id });
          }}
        />
      ))}
      {map.places.map((p) => (
        <button
          key={`p${p.id}`}
          type="button"
          className="office-map__place"
          aria-pressed={selection?.kind === 'place' && selection.id === p.id}
          title={p.nameJa}
          aria-label={p.nameJa}
          style={{ left: pct(p.x, map.width), top: pct(p.y, map.height) }}
          onClick={(e) => {
            e.stopPropagation();
            onSelect({ kind: 'place', id: p.id });
          }}
          data-testid="office-map-place"
        >
          {p.nameJa.slice(0, 1)}
        </button>
      ))}
    </div>
  );
}

function ControlPoints({ parkId, points }: { parkId: number; points: ControlPoint[] }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ControlPoint[]>(points);
  const [save, saved] = useSetControlPointsMutation();
  const set = (i: number, k: keyof ControlPoint, v: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [k]: Number(v) } : r)));
  async function submit(e: FormEvent) {
    e.preventDefault();
    await save({ parkId, points: rows }).unwrap();
  }
  return (
    <form className="stack panel" onSubmit={(e) => void submit(e).catch(() => {})} data-testid="control-points">
      <h2>{t('mapOffice.controlPoints')}</h2>
      <p className="muted">{t('mapOffice.controlPointsLead')}</p>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, the index is their identity
        <div key={i} className="office-grid">
          {(['x', 'y', 'latitude', 'longitude'] as const).map((k) => (
            <div key={k} className="field">
              <label htmlFor={`cp-${i}-${k}`}>{t(`mapOffice.${k}`)}</label>
              <input
                id={`cp-${i}-${k}`}
                type="number"
                step="any"
                value={r[k]}
                onChange={(e) => set(i, k, e.target.value)}
                required
              />
            </div>
          ))}
          <button type="button" className="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            {t('catalogueOffice.removeRow')}
          </button>
        </div>
      ))}
      <div className="office-actions">
        <button
          type="button"
          className="button"
          onClick={() => setRows([...rows, { x: 0, y: 0, latitude: 35.68, longitude: 139.76 }])}
        >
          {t('catalogueOffice.addRow')}
        </button>
        <button type="submit" className="button primary">
          {t('mapOffice.saveControlPoints')}
        </button>
      </div>
      {saved.error && (
        <p className="notice" role="alert">
          {errorMessage(saved.error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      {saved.isSuccess && (
        <p className="notice" role="status">
          {t('catalogueOffice.saved')}
        </p>
      )}
    </form>
  );
}

/** /staff/office/:parkId/map */
export function MapEditorPage() {
  const { t, i18n } = useTranslation();
  const parkId = Number(useParams().parkId);
  const { data: map, error: loadError } = useOfficeMapQuery(parkId);
  const [selection, setSelection] = useState<Selection>(null);
  const [draft, setDraft] = useState<NewPlace>({ code: '', kind: 'toilet', nameJa: '', nameEn: '' });
  const [notice, setNotice] = useState('');
  const [addPlace, added] = useAddPlaceMutation();
  const [updatePlace, updated] = useUpdatePlaceMutation();
  const [deletePlace, deleted] = useDeletePlaceMutation();
  const [moveNode, movedNode] = useMoveNodeMutation();
  const [addEdge, addedEdge] = useAddEdgeMutation();
  const [deleteEdge, deletedEdge] = useDeleteEdgeMutation();
  const error =
    added.error ??
    updated.error ??
    deleted.error ??
    movedNode.error ??
    addedEdge.error ??
    deletedEdge.error ??
    loadError;
  const place = selection?.kind === 'place' ? map?.places.find((p) => p.id === selection.id) : undefined;
  const node = selection?.kind === 'node' ? map?.nodes.find((n) => n.id === selection.id) : undefined;
  const draftReady = draft.code !== '' && draft.nameJa.trim() !== '';
  const done = (message: string) => () => setNotice(message);
  const select = (next: Selection) => {
    setNotice('');
    // Connecting: the next junction chosen is the walkway's other end.
    if (selection?.kind === 'connect' && next?.kind === 'node' && next.id !== selection.from) {
      const from = selection.from;
      void addEdge({ parkId, from, to: next.id })
        .unwrap()
        .then(
          () => {
            setNotice(t('mapOffice.connected'));
            setSelection({ kind: 'node', id: from });
          },
          () => {},
        );
      return;
    }
    setSelection(next);
  };
  const walkways = node ? (map?.edges ?? []).filter((e) => e.from === node.id || e.to === node.id) : [];
  const codeOf = (id: number) => map?.nodes.find((n) => n.id === id)?.code ?? String(id);

  function onPoint(x: number, y: number) {
    setNotice('');
    if (place)
      void updatePlace({ parkId, id: place.id, form: { x, y } })
        .unwrap()
        .then(done(t('mapOffice.moved')), () => {});
    else if (node)
      void moveNode({ parkId, id: node.id, x, y })
        .unwrap()
        .then(done(t('mapOffice.moved')), () => {});
    else if (selection?.kind === 'new' && draftReady) {
      void addPlace({
        parkId,
        form: { code: draft.code, kind: draft.kind, name_ja: draft.nameJa, name_en: draft.nameEn || undefined, x, y },
      })
        .unwrap()
        .then(
          () => {
            setNotice(t('mapOffice.placed'));
            setSelection(null);
            setDraft({ code: '', kind: draft.kind, nameJa: '', nameEn: '' });
          },
          () => {},
        );
    }
  }

  const hint = place
    ? t('mapOffice.tapToMove', { name: place.nameJa })
    : selection?.kind === 'connect'
      ? t('mapOffice.tapToConnect', { code: codeOf(selection.from) })
      : node
        ? t('mapOffice.tapToMoveNode', { code: node.code })
        : selection?.kind === 'new'
          ? draftReady
            ? t('mapOffice.tapToPlace')
            : t('mapOffice.fillFirst')
          : t('mapOffice.choose');

  return (
    <div className="stack office" data-testid="office-map-page">
      <p>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
      </p>
      <h1 className="page-title">{t('mapOffice.title')}</h1>
      <p className="notice" role="status" aria-live="polite" data-testid="office-map-hint">
        {notice || hint}
      </p>
      {error && (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('catalogueOffice.failed')}
        </p>
      )}
      {map && (
        <div className="office-split office-split--map">
          <MapCanvas map={map} selection={selection} onSelect={select} onPoint={onPoint} />
          <div className="stack">
            <button
              type="button"
              className="button primary"
              onClick={() => select({ kind: 'new' })}
              data-testid="office-map-new"
            >
              {t('mapOffice.newPlace')}
            </button>
            {selection?.kind === 'new' && (
              <div className="stack panel" data-testid="office-map-draft">
                <div className="field">
                  <label htmlFor="place-kind">{t('mapOffice.kind')}</label>
                  <select
                    id="place-kind"
                    value={draft.kind}
                    onChange={(e) => setDraft({ ...draft, kind: e.target.value as PlaceKind })}
                  >
                    {PLACE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`maps.kinds.${k}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="place-name-ja">{t('mapOffice.nameJa')}</label>
                  <input
                    id="place-name-ja"
                    maxLength={120}
                    value={draft.nameJa}
                    onChange={(e) => setDraft({ ...draft, nameJa: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="place-name-en">{t('mapOffice.nameEn')}</label>
                  <input
                    id="place-name-en"
                    maxLength={120}
                    value={draft.nameEn}
                    onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="place-code">{t('mapOffice.code')}</label>
                  <input
                    id="place-code"
                    maxLength={64}
                    pattern="[a-z0-9][a-z0-9\-]*"
                    value={draft.code}
                    onChange={(e) => setDraft({ ...draft, code: e.target.value.toLowerCase() })}
                  />
                  <p className="muted">{t('mapOffice.codeHint')}</p>
                </div>
              </div>
            )}
            {node && (
              <div className="stack panel" data-testid="office-map-node">
                <h2>{t('mapOffice.node', { code: node.code })}</h2>
                <ul className="office-list">
                  {walkways.map((e) => (
                    <li key={e.id} className="office-member">
                      <span>
                        {t('mapOffice.walkway', {
                          to: codeOf(e.from === node.id ? e.to : e.from),
                          metres: Math.round(e.lengthM),
                        })}
                      </span>
                      <button
                        type="button"
                        className="button"
                        onClick={() =>
                          void deleteEdge({ parkId, id: e.id })
                            .unwrap()
                            .then(done(t('mapOffice.disconnected')), () => {})
                        }
                      >
                        {t('mapOffice.removeWalkway')}
                      </button>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="button"
                  onClick={() => setSelection({ kind: 'connect', from: node.id })}
                  data-testid="office-map-connect"
                >
                  {t('mapOffice.connect')}
                </button>
              </div>
            )}
            {place && (
              <div className="stack panel" data-testid="office-map-selected">
                <h2>{(i18n.language === 'en' && place.nameEn) || place.nameJa}</h2>
                <p className="muted">
                  {t(`maps.kinds.${place.kind}`)} · {place.code} · ({Math.round(place.x)}, {Math.round(place.y)})
                </p>
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    void deletePlace({ parkId, id: place.id })
                      .unwrap()
                      .then(
                        () => {
                          setSelection(null);
                          setNotice(t('mapOffice.removed'));
                        },
                        () => {},
                      )
                  }
                >
                  {t('mapOffice.remove')}
                </button>
              </div>
            )}
            <h2>{t('mapOffice.places')}</h2>
            <ul className="office-list office-list--scroll">
              {map.places.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="office-row"
                    aria-current={place?.id === p.id ? 'true' : undefined}
                    onClick={() => select({ kind: 'place', id: p.id })}
                  >
                    <span>{(i18n.language === 'en' && p.nameEn) || p.nameJa}</span>
                    <span className="muted">{t(`maps.kinds.${p.kind}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {map && <ControlPoints key={map.updatedAt} parkId={parkId} points={map.controlPoints} />}
    </div>
  );
}
