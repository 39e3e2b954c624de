// @vitest-environment jsdom
// The wallet's first read is the body's boot script (pwa/src/boot/body.ts): it is run here as the build inlines it
// into index.html (built by pwa/src/test/bootScripts.ts).
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { WalletTicket } from '../../../common/dto/wallet';
import { EARLY_WALLET_STORES, WALLET_SCHEMA, walletIdbVersion } from './storeNames';
import { openWalletDb, WALLET_DB_NAME } from './wallet';

const inline = inject('bootScripts').body;

function runInlineScript(path: string, signedIn: boolean) {
  window.history.replaceState(null, '', path);
  // biome-ignore lint/suspicious/noDocumentCookie: the server's readable expiry cookie, as the boot script reads it
  document.cookie = signedIn
    ? 'access_token_expires_at=4102444800; path=/'
    : 'access_token_expires_at=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  window.zoopassWalletEarly = undefined;
  new Function(inline)();
}

afterEach(async () => {
  vi.resetModules();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(WALLET_DB_NAME);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
});

describe('the wallet first read (boot script of index.html)', () => {
  it("reads stores of Dexie's current schema, in the database Dexie opens", async () => {
    expect(inline).toContain(JSON.stringify(WALLET_DB_NAME));
    const db = openWalletDb();
    await db.open();
    try {
      const stores = db.tables.map((t) => t.name);
      for (const name of EARLY_WALLET_STORES) expect(stores, name).toContain(name);
      expect(db.verno * 10).toBe(walletIdbVersion());
      // A later version may change a store an earlier one made (version 4: gateTickets): it is still one store.
      expect(stores.sort()).toEqual([...new Set(Object.values(WALLET_SCHEMA).flatMap((v) => Object.keys(v)))].sort());
    } finally {
      db.close();
    }
  });

  it('starts on a wallet page when signed in, and the snapshot takes its rows', async () => {
    const db = openWalletDb();
    await db.tickets.put({ id: 't1', itemName: '入園券' } as WalletTicket);
    await db.meta.put({ key: 'asOf', value: '2026-11-21T09:00:00.000Z' });
    db.close();

    runInlineScript('/my-tickets', true);
    expect(window.zoopassWalletEarly).toBeInstanceOf(Promise);
    const { primeWallet, snapshot } = await import('./walletSnapshot');
    await primeWallet();
    expect(snapshot.tickets?.map((t) => t.id)).toEqual(['t1']);
    expect(snapshot.outbox).toEqual([]);
    expect(snapshot.meta).toEqual({ asOf: '2026-11-21T09:00:00.000Z' });
  });

  it('does not start elsewhere or signed out, and creates no empty database when none is stored', async () => {
    runInlineScript('/find/parks', true);
    expect(window.zoopassWalletEarly).toBeUndefined();
    runInlineScript('/my-tickets', false);
    expect(window.zoopassWalletEarly).toBeUndefined();
    // Later, on an in-app visit to a wallet page: read then, nothing stored yet.
    const { primeWallet, snapshot } = await import('./walletSnapshot');
    await primeWallet();
    expect(snapshot.tickets).toBeUndefined();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(WALLET_DB_NAME);
  });
});
