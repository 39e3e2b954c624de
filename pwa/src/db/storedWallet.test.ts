// @vitest-environment jsdom
// Map mode's tables without Dexie (storedWallet.ts): the stores Dexie made, read and written with the bare API; no
// database made for a signed-out visitor; Dexie's tables for a signed-in one without a database yet.
import { afterEach, describe, expect, it } from 'vitest';
import type { ParkMap } from '../../../common/dto/map';
import { mapTables } from './storedWallet';
import { WALLET_DB_NAME } from './storeNames';
import { openWalletDb, type ParkMapRow } from './wallet';

const row: ParkMapRow = {
  parkId: 1,
  map: { park: { id: 1, name: 'Park 1', kind: 'zoo' } } as unknown as ParkMap,
  locale: 'ja',
  fetchedAt: '2026-11-29T00:00:00.000Z',
};
const names = async () => (await indexedDB.databases()).map((d) => d.name);

afterEach(async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
  document.cookie = 'access_token_expires_at=; max-age=0; path=/';
  const db = openWalletDb(WALLET_DB_NAME);
  await db.delete();
});

describe('map mode on the stored wallet', () => {
  it('signed out with no wallet stored: nothing to read or keep, and no database made', async () => {
    expect(await mapTables()).toBeNull();
    expect(await names()).not.toContain(WALLET_DB_NAME);
  });

  it("reads and writes the stores Dexie made, at Dexie's version", async () => {
    const dexie = openWalletDb(WALLET_DB_NAME);
    await dexie.parkMaps.put(row);
    await dexie.parks.put({ id: 1, name: 'Park 1' } as never);
    const tables = await mapTables();
    expect(tables).not.toBe(dexie);
    expect((await tables?.parkMaps.get(1))?.map.park.name).toBe('Park 1');
    expect((await tables?.parks.toArray())?.map((p) => p.id)).toEqual([1]);
    await tables?.maps.put({ url: '/media/parks/p1-map.svg', parkId: 1, blob: new Blob(['<svg/>']), fetchedAt: '' });
    expect((await dexie.maps.get('/media/parks/p1-map.svg'))?.parkId).toBe(1);
    dexie.close();
  });

  it('signed in with no wallet stored yet: Dexie makes it', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = `access_token_expires_at=${Math.floor(Date.now() / 1000) + 3600}; path=/`;
    const tables = await mapTables();
    await tables?.parkMaps.put(row);
    expect(await names()).toContain(WALLET_DB_NAME);
    expect((await openWalletDb(WALLET_DB_NAME).parkMaps.get(1))?.locale).toBe('ja');
  });
});
