// The park's illustrated map (one unit per picture pixel, y down), with markers, the barrier-free layer, a route and
// the visitor's position; pan by dragging (mouse, finger, pen) or the arrow keys, zoom by pinching, the wheel, a
// double tap or click, the +/- keys and the zoom buttons. Our own code instead of Leaflet (CRS.Simple, 43 KB of
// JavaScript gzip in map mode's first load): the picture and the lines move as one layer under a CSS transform, the
// markers stay their size on screen in a layer above, placed at each move.
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapEdge, MapPlace, ParkMap } from '../../../../common/dto/map';
import { kindGlyph } from './glyphs';
import type { Position } from './mapView';

/** Zoom levels are powers of two (a level more doubles the size) snapped to quarters, as Leaflet's were. */
const ZOOM_SNAP = 0.25;
/** Below the whole park's zoom, and above it. */
const ZOOM_OUT = 0.5;
const ZOOM_IN = 3;
/** How far past the picture's edges the map may be moved (a fifth of its size). */
const EDGE_PAD = 0.2;
/** A press that moves less than this (px) is a tap, not a drag. */
const TAP_SLOP = 5;
const KEY_PAN = 80;

/** Marks a walkway as a slope on the barrier-free map from this gradient on (percent). */
const SLOPE_PERCENT = 4;

export interface MapCanvasProps {
  map: ParkMap;
  locale: 'ja' | 'en';
  imageSrc: string;
  label: string;
  markers: readonly MapPlace[];
  /** Names under the markers (a filtered tab); the overall map shows signs only. */
  showLabels: boolean;
  kindName: (p: MapPlace) => string;
  selectedId: number | null;
  onSelect: (place: MapPlace) => void;
  barrierFree: boolean;
  route: readonly [number, number][] | null;
  position: Position | null;
}

interface View {
  /** Zoom level: the picture is drawn at 2^zoom of its size. */
  zoom: number;
  /** Where the picture's top left corner is in the box (px). */
  x: number;
  y: number;
}

const snap = (zoom: number) => Math.floor(zoom / ZOOM_SNAP + 1e-9) * ZOOM_SNAP;

/** Moves and zooms the map in its box: the view, its limits and the elements it places. */
class Camera {
  view: View = { zoom: 0, x: 0, y: 0 };
  fitZoom = 0;
  /** The visitor moved the map: it no longer follows the box's size. */
  moved = false;
  width = 0;
  height = 0;

  constructor(
    private readonly box: HTMLElement,
    private readonly world: HTMLElement,
    private readonly pins: HTMLElement,
    private readonly picture: { width: number; height: number },
  ) {}

  get scale() {
    return 2 ** this.view.zoom;
  }

  minZoom() {
    return this.fitZoom - ZOOM_OUT;
  }

  maxZoom() {
    return this.fitZoom + ZOOM_IN;
  }

  /** The whole park in view (until the visitor has moved the map), whenever the box changes size. */
  fit() {
    this.width = this.box.clientWidth;
    this.height = this.box.clientHeight;
    if (!this.width || !this.height) return;
    const scale = Math.min(this.width / this.picture.width, this.height / this.picture.height);
    this.fitZoom = snap(Math.log2(scale));
    if (this.moved) this.set(this.view);
    else this.centre(this.picture.width / 2, this.picture.height / 2, this.fitZoom);
  }

  /** The picture's point (x, y) in the box's centre at a zoom level. */
  centre(x: number, y: number, zoom = this.view.zoom) {
    const scale = 2 ** zoom;
    this.set({ zoom, x: this.width / 2 - x * scale, y: this.height / 2 - y * scale });
  }

  /** Zooms by `by` levels keeping the box's point (px, py) where it is. */
  zoomAt(by: number, px = this.width / 2, py = this.height / 2) {
    const { zoom, x, y } = this.view;
    const next = Math.min(this.maxZoom(), Math.max(this.minZoom(), zoom + by));
    const k = 2 ** (next - zoom);
    this.set({ zoom: next, x: px - (px - x) * k, y: py - (py - y) * k });
  }

  panBy(dx: number, dy: number) {
    this.set({ ...this.view, x: this.view.x + dx, y: this.view.y + dy });
  }

  /** The picture's rectangle (padded by a quarter) in view, zoomed in at most one level more than now. */
  fitBounds(points: readonly [number, number][]) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const padX = (x1 - x0) * 0.25;
    const padY = (y1 - y0) * 0.25;
    const scale = Math.min(this.width / (x1 - x0 + 2 * padX || 1), this.height / (y1 - y0 + 2 * padY || 1));
    const zoom = Math.max(this.minZoom(), Math.min(snap(Math.log2(scale)), this.view.zoom + 1, this.maxZoom()));
    this.centre((x0 + x1) / 2, (y0 + y1) / 2, zoom);
  }

  /** Sets the view within its limits (the picture and its margin cover the box where they can) and draws it. */
  set(view: View) {
    const zoom = Math.min(this.maxZoom(), Math.max(this.minZoom(), view.zoom));
    const scale = 2 ** zoom;
    const axis = (offset: number, size: number, box: number) => {
      const lo = -EDGE_PAD * size * scale;
      const hi = (1 + EDGE_PAD) * size * scale;
      // The padded picture wider than the box: no gap at either side; else centred.
      if (hi - lo >= box) return Math.min(-lo, Math.max(box - hi, offset));
      return (box - (lo + hi)) / 2;
    };
    this.view = {
      zoom,
      x: axis(view.x, this.picture.width, this.width),
      y: axis(view.y, this.picture.height, this.height),
    };
    this.draw();
  }

  draw() {
    const { x, y } = this.view;
    const scale = this.scale;
    this.world.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
    for (const pin of this.pins.children) {
      const el = pin as HTMLElement;
      el.style.transform = `translate(${x + Number(el.dataset.x) * scale}px, ${y + Number(el.dataset.y) * scale}px)`;
    }
    // Far out, markers shrink to signs without names.
    this.box.classList.toggle('is-far', this.view.zoom < this.fitZoom + 0.75);
  }
}

export default function MapCanvas(props: MapCanvasProps) {
  const {
    map,
    locale,
    imageSrc,
    label,
    markers,
    showLabels,
    kindName,
    selectedId,
    onSelect,
    barrierFree,
    route,
    position,
  } = props;
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const world = useRef<HTMLDivElement>(null);
  const pins = useRef<HTMLDivElement>(null);
  const camera = useRef<Camera | null>(null);
  const { width, height } = map.image;

  // The camera, once per picture: the whole park in view, again whenever the box changes size (its stylesheet may
  // come after the first layout, a phone turns) until the visitor moves the map.
  useLayoutEffect(() => {
    if (!box.current || !world.current || !pins.current) return;
    const c = new Camera(box.current, world.current, pins.current, { width, height });
    camera.current = c;
    c.fit();
    const resized = new ResizeObserver(() => c.fit());
    resized.observe(box.current);
    return () => {
      resized.disconnect();
      camera.current = null;
    };
  }, [width, height]);

  // Markers and arrows drawn by this render are placed before the paint.
  useLayoutEffect(() => {
    camera.current?.draw();
  });

  // Drag to pan, pinch and wheel to zoom. A press that does not move is a tap: the marker under it gets its click.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let dragged = false;
    let start: { x: number; y: number } | null = null;
    const local = (e: { clientX: number; clientY: number }) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const down = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      pointers.set(e.pointerId, local(e));
      if (pointers.size === 1) {
        dragged = false;
        start = local(e);
      }
    };
    const move = (e: PointerEvent) => {
      const c = camera.current;
      const before = pointers.get(e.pointerId);
      if (!c || !before) return;
      const now = local(e);
      if (!dragged && start && Math.hypot(now.x - start.x, now.y - start.y) < TAP_SLOP && pointers.size === 1) return;
      if (!dragged) {
        dragged = true;
        c.moved = true;
        el.setPointerCapture?.(e.pointerId);
      }
      if (pointers.size === 2) {
        const [a, b] = [...pointers.entries()].map(([id, p]) => (id === e.pointerId ? now : p)) as [
          { x: number; y: number },
          { x: number; y: number },
        ];
        const [pa, pb] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
        const distBefore = Math.hypot(pa.x - pb.x, pa.y - pb.y) || 1;
        const distNow = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        const midBefore = { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 };
        const midNow = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        c.panBy(midNow.x - midBefore.x, midNow.y - midBefore.y);
        c.zoomAt(Math.log2(distNow / distBefore), midNow.x, midNow.y);
      } else if (pointers.size === 1) {
        c.panBy(now.x - before.x, now.y - before.y);
      }
      pointers.set(e.pointerId, now);
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (pointers.size === 0) start = null;
    };
    // The click that ends a drag selects nothing.
    const click = (e: MouseEvent) => {
      if (!dragged) return;
      dragged = false;
      e.stopPropagation();
      e.preventDefault();
    };
    const wheel = (e: WheelEvent) => {
      const c = camera.current;
      if (!c) return;
      e.preventDefault();
      c.moved = true;
      const p = local(e);
      const lines = e.deltaMode === 1 ? e.deltaY * 20 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      c.zoomAt(Math.max(-1, Math.min(1, -lines / 120)), p.x, p.y);
    };
    const dblclick = (e: MouseEvent) => {
      const c = camera.current;
      if (!c || (e.target as Element).closest('button')) return;
      c.moved = true;
      const p = local(e);
      c.zoomAt(e.shiftKey ? -1 : 1, p.x, p.y);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('click', click, true);
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('dblclick', dblclick);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('click', click, true);
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('dblclick', dblclick);
    };
  }, []);

  const zoomBy = useCallback((by: number) => {
    const c = camera.current;
    if (!c) return;
    c.moved = true;
    c.zoomAt(by);
  }, []);

  // Arrow keys pan, + and - zoom, when the map itself has the focus (its markers are buttons of their own).
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const c = camera.current;
    if (!c || e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
    };
    const by = pan[e.key];
    if (by) {
      c.moved = true;
      c.panBy(...by);
    } else if (e.key === '+' || e.key === '=') zoomBy(1);
    else if (e.key === '-' || e.key === '_') zoomBy(-1);
    else return;
    e.preventDefault();
  };

  // A route in view (at most one level closer than now), when it changes.
  useEffect(() => {
    if (route && route.length > 1) camera.current?.fitBounds(route);
  }, [route]);

  // Centre the selected place (when the selection changes, not when the markers do).
  const markersNow = useRef(markers);
  markersNow.current = markers;
  useEffect(() => {
    const p = markersNow.current.find((m) => m.id === selectedId);
    if (p) camera.current?.centre(p.x, p.y);
  }, [selectedId]);

  const nodes = new Map(map.nodes.map((n) => [n.id, n]));
  const ends = (e: MapEdge) => {
    const a = nodes.get(e.from);
    const b = nodes.get(e.to);
    return a && b ? ([a, b] as const) : null;
  };
  // Barrier-free layer: step-free walkways solid, stairs dashed, slopes with an arrow uphill.
  const walkways = barrierFree
    ? map.edges.flatMap((e) => {
        const ab = ends(e);
        if (!ab) return [];
        const [a, b] = ab;
        const percent = (Math.abs(e.riseM) / e.lengthM) * 100;
        const [low, high] = e.riseM > 0 ? [a, b] : [b, a];
        return [
          {
            key: `${e.from}-${e.to}`,
            d: `M${a.x} ${a.y}L${b.x} ${b.y}`,
            kind: e.steps > 0 ? 'stairs' : percent >= SLOPE_PERCENT ? 'slope' : 'free',
            mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
            // Screen angle of the uphill direction (y down), for the arrow
            angle: (Math.atan2(high.y - low.y, high.x - low.x) * 180) / Math.PI + 90,
          },
        ];
      })
    : [];
  const routePath = route && route.length > 1 ? `M${route.map(([x, y]) => `${x} ${y}`).join('L')}` : null;

  return (
    <section
      ref={box}
      className="maps-canvas"
      data-testid="park-map-view"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans and zooms by keyboard when it has the focus.
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div ref={world} className="maps-canvas__world" style={{ width, height }}>
        <img
          className="maps-canvas__image"
          src={imageSrc}
          alt={label}
          width={width}
          height={height}
          draggable={false}
        />
        <svg
          className="maps-canvas__overlay"
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          aria-hidden="true"
        >
          {walkways.map((w) => (
            <path key={w.key} d={w.d} className={`maps-walkway maps-walkway--${w.kind}`} />
          ))}
          {routePath ? (
            <>
              <path d={routePath} className="maps-route maps-route--casing" />
              <path d={routePath} className="maps-route" />
            </>
          ) : null}
          {position && position.accuracyPx > 0 ? (
            <circle cx={position.x} cy={position.y} r={position.accuracyPx} className="maps-accuracy" />
          ) : null}
        </svg>
      </div>
      <div ref={pins} className="maps-canvas__pins">
        {walkways
          .filter((w) => w.kind === 'slope')
          .map((w) => (
            <span key={w.key} className="map-slope-arrow" data-x={w.mid.x} data-y={w.mid.y} aria-hidden="true">
              <span style={{ transform: `rotate(${w.angle.toFixed(0)}deg)` }}>▲</span>
            </span>
          ))}
        {position ? <span className="map-position" data-x={position.x} data-y={position.y} aria-hidden="true" /> : null}
        {markers.map((p) => {
          const selected = p.id === selectedId;
          return (
            <button
              key={p.id}
              type="button"
              className={`map-marker${selected ? ' is-selected' : ''}`}
              data-x={p.x}
              data-y={p.y}
              title={`${p.name}（${kindName(p)}）`}
              aria-pressed={selected}
              onClick={() => onSelect(p)}
            >
              <span className={`map-marker__sign map-sign--${p.kind}`} aria-hidden="true">
                {kindGlyph(p.kind, locale)}
              </span>
              {/* Its name from its content (the sign is a picture): the name shown, or read only. */}
              {showLabels || selected ? (
                <>
                  <span className="map-marker__label">{p.name}</span>
                  <span className="visually-hidden">（{kindName(p)}）</span>
                </>
              ) : (
                <span className="visually-hidden">
                  {p.name}（{kindName(p)}）
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="maps-canvas__zoom">
        <button type="button" onClick={() => zoomBy(1)} aria-label={t('maps.zoomIn')} title={t('maps.zoomIn')}>
          +
        </button>
        <button type="button" onClick={() => zoomBy(-1)} aria-label={t('maps.zoomOut')} title={t('maps.zoomOut')}>
          −
        </button>
      </div>
    </section>
  );
}
