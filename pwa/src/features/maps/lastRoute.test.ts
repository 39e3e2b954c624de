// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_MAP_ROUTE_KEY, loadLastRoute, saveLastRoute } from './lastRoute';

beforeEach(() => localStorage.clear());

describe('last map route', () => {
  it('keeps the last route under the spec key and gives it back for the same park only', () => {
    saveLastRoute({ parkId: 4, from: 'entrance', to: 'animal-lion', profile: 'wheelchair' });
    expect(JSON.parse(localStorage.getItem(LAST_MAP_ROUTE_KEY) ?? '{}')).toMatchObject({ to: 'animal-lion' });
    expect(loadLastRoute(4)).toEqual({ parkId: 4, from: 'entrance', to: 'animal-lion', profile: 'wheelchair' });
    expect(loadLastRoute(5)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(LAST_MAP_ROUTE_KEY, '{not json');
    expect(loadLastRoute(4)).toBeNull();
    localStorage.setItem(LAST_MAP_ROUTE_KEY, JSON.stringify({ parkId: 4, to: 'x', profile: 'skateboard' }));
    expect(loadLastRoute(4)).toBeNull();
  });
});
