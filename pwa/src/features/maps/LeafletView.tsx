// The park's illustrated map in Leaflet (CRS.Simple: one unit per picture pixel, y flipped so the picture's top is
// north), with markers, the barrier-free layer, a route and the visitor's position. Leaflet stays in this chunk.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useRef } from 'react';
import type { MapEdge, MapPlace, ParkMap } from '../../../../common/dto/map';
import { kindGlyph } from './glyphs';
import type { Position } from './mapView';

const ZOOM_SNAP = 0.25;

/** Marks a walkway as a slope on the barrier-free map from this gradient on (percent). */
const SLOPE_PERCENT = 4;

export interface LeafletViewProps {
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export default function LeafletView(props: LeafletViewProps) {
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
  const box = useRef<HTMLDivElement>(null);
  const leaflet = useRef<{ map: L.Map; markers: L.LayerGroup; overlay: L.LayerGroup; route: L.LayerGroup } | null>(
    null,
  );
  const height = map.image.height;
  const toLatLng = useCallback((x: number, y: number) => L.latLng(height - y, x), [height]);
  const markersNow = useRef(markers);
  markersNow.current = markers;
  const onSelectNow = useRef(onSelect);
  onSelectNow.current = onSelect;

  // The map itself, once per picture
  useEffect(() => {
    if (!box.current) return;
    const bounds = L.latLngBounds([0, 0], [map.image.height, map.image.width]);
    const m = L.map(box.current, {
      crs: L.CRS.Simple,
      zoomSnap: ZOOM_SNAP,
      attributionControl: false,
      maxBounds: bounds.pad(0.2),
    });
    L.imageOverlay(imageSrc, bounds, { alt: label }).addTo(m);
    // The whole park in view, and again whenever the box changes size (its stylesheet may come after the first
    // layout, a phone turns) until the visitor moves the map. Far out, markers shrink to signs without names.
    let fitZoom = 0;
    let moved = false;
    const fitPark = () => {
      m.invalidateSize({ pan: false });
      const size = m.getSize();
      if (!size.x || !size.y) return;
      // Leaflet snaps zooms to whole levels where the browser has no 3D transforms: fit with the same snap.
      const snap = L.Browser.any3d ? ZOOM_SNAP : 1;
      const scale = Math.min(size.x / map.image.width, size.y / map.image.height);
      fitZoom = Math.floor(Math.log2(scale) / snap) * snap;
      m.setMinZoom(fitZoom - 0.5);
      m.setMaxZoom(fitZoom + 3);
      if (!moved) m.setView(bounds.getCenter(), fitZoom, { animate: false });
    };
    const markFar = () => m.getContainer().classList.toggle('is-far', m.getZoom() < fitZoom + 0.75);
    m.on('zoomend', markFar);
    m.on('dragstart', () => {
      moved = true;
    });
    fitPark();
    markFar();
    const resized = new ResizeObserver(() => {
      fitPark();
      markFar();
    });
    resized.observe(box.current);
    // Leaflet's own container takes focus for keyboard panning: give it a name.
    m.getContainer().setAttribute('aria-label', label);
    m.getContainer().setAttribute('role', 'region');
    leaflet.current = {
      map: m,
      overlay: L.layerGroup().addTo(m),
      route: L.layerGroup().addTo(m),
      markers: L.layerGroup().addTo(m),
    };
    return () => {
      resized.disconnect();
      m.remove();
      leaflet.current = null;
    };
  }, [map, imageSrc, label]);

  // Markers, drawn again only when what they show changes: a marker replaced on every render (a position or a
  // poll re-renders) can vanish between a tap's press and release, and the tap then selects nothing.
  useEffect(() => {
    const l = leaflet.current;
    if (!l) return;
    l.markers.clearLayers();
    for (const p of markers) {
      const name = escapeHtml(p.name);
      const selected = p.id === selectedId;
      const icon = L.divIcon({
        className: `map-marker${selected ? ' is-selected' : ''}`,
        html: `<span class="map-marker__sign map-sign--${p.kind}" aria-hidden="true">${kindGlyph(p.kind, locale)}</span>${
          showLabels || selected ? `<span class="map-marker__label">${name}</span>` : ''
        }`,
        iconSize: [44, 44],
        iconAnchor: [22, 22],
      });
      L.marker(toLatLng(p.x, p.y), {
        icon,
        title: `${p.name}（${kindName(p)}）`,
        alt: p.name,
        riseOnHover: true,
        zIndexOffset: selected ? 1000 : 0,
      })
        .on('click', () => onSelectNow.current(p))
        .addTo(l.markers);
    }
  }, [markers, selectedId, showLabels, locale, kindName, toLatLng]);

  // Barrier-free layer: step-free walkways solid, stairs dashed, slopes with an arrow uphill
  useEffect(() => {
    const l = leaflet.current;
    if (!l) return;
    l.overlay.clearLayers();
    if (!barrierFree) return;
    const nodes = new Map(map.nodes.map((n) => [n.id, n]));
    const ends = (e: MapEdge) => {
      const a = nodes.get(e.from);
      const b = nodes.get(e.to);
      return a && b ? ([a, b] as const) : null;
    };
    for (const e of map.edges) {
      const ab = ends(e);
      if (!ab) continue;
      const [a, b] = ab;
      const line = [toLatLng(a.x, a.y), toLatLng(b.x, b.y)];
      const percent = (Math.abs(e.riseM) / e.lengthM) * 100;
      if (e.steps > 0) {
        L.polyline(line, { color: '#b3261e', weight: 7, dashArray: '4 8', interactive: false }).addTo(l.overlay);
      } else {
        L.polyline(line, {
          color: percent >= SLOPE_PERCENT ? '#a65c00' : '#1f7a4d',
          weight: 5,
          opacity: 0.85,
          interactive: false,
        }).addTo(l.overlay);
        if (percent >= SLOPE_PERCENT) {
          const [low, high] = e.riseM > 0 ? [a, b] : [b, a];
          // Screen angle of the uphill direction (y down), for the arrow
          const angle = (Math.atan2(high.y - low.y, high.x - low.x) * 180) / Math.PI + 90;
          L.marker(toLatLng((a.x + b.x) / 2, (a.y + b.y) / 2), {
            interactive: false,
            keyboard: false,
            icon: L.divIcon({
              className: 'map-slope-arrow',
              html: `<span style="transform:rotate(${angle.toFixed(0)}deg)">▲</span>`,
              iconSize: [20, 20],
              iconAnchor: [10, 10],
            }),
          }).addTo(l.overlay);
        }
      }
    }
  }, [barrierFree, map, toLatLng]);

  // Route and position
  useEffect(() => {
    const l = leaflet.current;
    if (!l) return;
    l.route.clearLayers();
    if (route && route.length > 1) {
      const line = route.map(([x, y]) => toLatLng(x, y));
      L.polyline(line, { color: '#ffffff', weight: 10, opacity: 0.9, interactive: false }).addTo(l.route);
      L.polyline(line, { color: '#1b5e9e', weight: 6, interactive: false }).addTo(l.route);
      l.map.fitBounds(L.latLngBounds(line).pad(0.25), { maxZoom: l.map.getZoom() + 1 });
    }
    if (position) {
      const at = toLatLng(position.x, position.y);
      if (position.accuracyPx > 0)
        L.circle(at, { radius: position.accuracyPx, color: '#1b5e9e', weight: 1, fillOpacity: 0.12 }).addTo(l.route);
      L.circleMarker(at, { radius: 9, color: '#fff', weight: 3, fillColor: '#1b5e9e', fillOpacity: 1 }).addTo(l.route);
    }
  }, [route, position, toLatLng]);

  // Centre the selected place (when the selection changes, not when the markers do)
  useEffect(() => {
    const l = leaflet.current;
    const p = markersNow.current.find((m) => m.id === selectedId);
    if (l && p) l.map.panTo(toLatLng(p.x, p.y));
  }, [selectedId, toLatLng]);

  return <div ref={box} className="maps-canvas" data-testid="park-map-view" />;
}
