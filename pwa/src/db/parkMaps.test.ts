import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParkMap } from '../../../common/dto/map';
import { fetchParkMap, readParkMap, storeParkMaps } from './parkMaps';
import { openWalletDb, type WalletDb } from './wallet';

const parkMap = (id: number): ParkMap => ({
  park: { id, name: `Park ${id}`, kind: 'zoo' },
  image: { url: `/media/parks/p${id}-map.svg`, width: 800, height: 600, metresPerPx: 0.75 },
  updatedAt: '2026-11-25T00:00:00.000Z',
  date: '2026-11-25',
  places: [],
  nodes: [],
  edges: [],
  controlPoints: [],
  events: [],
});

let db: WalletDb;
let calls: string[];
const server: typeof fetch = async (input) => {
  const url = String(input);
  calls.push(url);
  const m = /^\/api\/v1\/parks\/(\d+)\/map$/.exec(url);
  if (m) return new Response(JSON.stringify({ data: parkMap(Number(m[1])), meta: {} }), { status: 200 });
  if (url.endsWith('-map.svg')) return new Response('<svg/>', { status: 200 });
  return new Response('{}', { status: 404 });
};
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  db = openWalletDb(`park-maps-${Math.random()}`);
  calls = [];
});
afterEach(async () => {
  await db.delete();
});

describe('park maps on the device', () => {
  it('keeps the map data and picture of the parks with tickets and drops the others', async () => {
    await storeParkMaps(db, [1, 2], server);
    expect((await readParkMap(db, 1))?.map.park.name).toBe('Park 1');
    expect(await db.maps.get('/media/parks/p2-map.svg')).toBeDefined();
    await storeParkMaps(db, [2], server);
    expect(await readParkMap(db, 1)).toBeUndefined();
    expect((await readParkMap(db, 2))?.map.park.id).toBe(2);
    // The picture is fetched once.
    expect(calls.filter((c) => c.endsWith('p2-map.svg'))).toHaveLength(1);
  });

  it('offline, keeps what it has and says it could not fetch', async () => {
    await storeParkMaps(db, [1], server);
    expect(await fetchParkMap(db, 1, offline)).toBeNull();
    expect((await readParkMap(db, 1))?.map.park.id).toBe(1);
  });

  it('a signed-out wallet forgets the maps', async () => {
    const { clearWallet } = await import('./wallet');
    await storeParkMaps(db, [1], server);
    await clearWallet(db);
    expect(await db.parkMaps.count()).toBe(0);
  });
});
