// "Where am I" on an illustrated park map: an affine transform from latitude/longitude to the picture's pixels,
// fitted by least squares to the park's control points (pixels with known coordinates). Illustrated maps are not
// to scale, so an affine fit (scale, rotation and shear per axis) is what a few points can honestly give.
import type { MapControlPoint } from '../dto/map';

const METRES_PER_DEGREE = 111_320;

export interface GeoFit {
  /** x = a[0]·east + a[1]·north + a[2]; y = b[0]·east + b[1]·north + b[2] (east/north in metres from the origin). */
  a: [number, number, number];
  b: [number, number, number];
  origin: { latitude: number; longitude: number };
  /** Pixels per metre (the mean scale of the fit), to draw an accuracy circle. */
  pxPerMetre: number;
  /** Root mean square error at the control points, in pixels. */
  rmsPx: number;
}

function toMetres(origin: GeoFit['origin'], latitude: number, longitude: number): [number, number] {
  const east = (longitude - origin.longitude) * METRES_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180);
  const north = (latitude - origin.latitude) * METRES_PER_DEGREE;
  return [east, north];
}

/** Solves the 3 x 3 system m·v = r (Cramer's rule); null when singular. */
function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const det = (q: number[][]) =>
    (q[0]?.[0] ?? 0) * ((q[1]?.[1] ?? 0) * (q[2]?.[2] ?? 0) - (q[1]?.[2] ?? 0) * (q[2]?.[1] ?? 0)) -
    (q[0]?.[1] ?? 0) * ((q[1]?.[0] ?? 0) * (q[2]?.[2] ?? 0) - (q[1]?.[2] ?? 0) * (q[2]?.[0] ?? 0)) +
    (q[0]?.[2] ?? 0) * ((q[1]?.[0] ?? 0) * (q[2]?.[1] ?? 0) - (q[1]?.[1] ?? 0) * (q[2]?.[0] ?? 0));
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  const col = (k: number) => det(m.map((row, i) => row.map((v, j) => (j === k ? (r[i] ?? 0) : v))));
  return [col(0) / d, col(1) / d, col(2) / d];
}

/** Fits the transform; null with fewer than three points or points on one line. */
export function fitGeo(points: readonly MapControlPoint[]): GeoFit | null {
  if (points.length < 3) return null;
  const origin = {
    latitude: points.reduce((s, p) => s + p.latitude, 0) / points.length,
    longitude: points.reduce((s, p) => s + p.longitude, 0) / points.length,
  };
  const rows = points.map((p) => [...toMetres(origin, p.latitude, p.longitude), 1]);
  // Normal equations: (AᵀA)·coef = Aᵀ·target
  const ata = [0, 1, 2].map((i) => [0, 1, 2].map((j) => rows.reduce((s, row) => s + (row[i] ?? 0) * (row[j] ?? 0), 0)));
  const atv = (target: number[]) =>
    [0, 1, 2].map((i) => rows.reduce((s, row, k) => s + (row[i] ?? 0) * (target[k] ?? 0), 0));
  const a = solve3(ata, atv(points.map((p) => p.x)));
  const b = solve3(ata, atv(points.map((p) => p.y)));
  if (!a || !b) return null;
  const fit: GeoFit = { a, b, origin, pxPerMetre: Math.sqrt(Math.abs(a[0] * b[1] - a[1] * b[0])), rmsPx: 0 };
  const squares = points.map((p) => {
    const [x, y] = geoToMap(fit, p.latitude, p.longitude);
    return (x - p.x) ** 2 + (y - p.y) ** 2;
  });
  fit.rmsPx = Math.sqrt(squares.reduce((s, v) => s + v, 0) / points.length);
  return fit;
}

/** A GPS position on the map, in pixels. */
export function geoToMap(fit: GeoFit, latitude: number, longitude: number): [number, number] {
  const [e, n] = toMetres(fit.origin, latitude, longitude);
  return [fit.a[0] * e + fit.a[1] * n + fit.a[2], fit.b[0] * e + fit.b[1] * n + fit.b[2]];
}

/** Whether a point lies on the picture (with a margin): outside, the visitor is not in the park. */
export const onMap = (x: number, y: number, width: number, height: number, margin = 40) =>
  x >= -margin && y >= -margin && x <= width + margin && y <= height + margin;
