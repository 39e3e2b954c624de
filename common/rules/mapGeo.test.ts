import { describe, expect, it } from 'vitest';
import { fitGeo, geoToMap, onMap } from './mapGeo';

describe('fitGeo', () => {
  // A map drawn north up at 0.75 m per pixel, centred on Ueno (800 x 600).
  const lat0 = 35.7164;
  const lon0 = 139.7713;
  const mPerDegLon = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  const at = (x: number, y: number) => ({
    x,
    y,
    latitude: lat0 - ((y - 300) * 0.75) / 111_320,
    longitude: lon0 + ((x - 400) * 0.75) / mPerDegLon,
  });

  it('maps control points back onto themselves and places GPS between them', () => {
    const fit = fitGeo([at(35, 95), at(765, 95), at(765, 501), at(35, 501)]);
    expect(fit).not.toBeNull();
    if (!fit) return;
    expect(fit.rmsPx).toBeLessThan(0.5);
    const [x, y] = geoToMap(fit, at(400, 556).latitude, at(400, 556).longitude);
    expect(x).toBeCloseTo(400, 0);
    expect(y).toBeCloseTo(556, 0);
    expect(fit.pxPerMetre).toBeCloseTo(1 / 0.75, 2);
  });

  it('needs three points not on one line', () => {
    expect(fitGeo([at(0, 0), at(100, 0)])).toBeNull();
    expect(fitGeo([at(0, 0), at(100, 0), at(200, 0)])).toBeNull();
  });

  it('tells a position off the picture', () => {
    expect(onMap(400, 300, 800, 600)).toBe(true);
    expect(onMap(-500, 300, 800, 600)).toBe(false);
  });
});
