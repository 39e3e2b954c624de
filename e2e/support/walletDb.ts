// The app's wallet database from a test or bench: waited for until the app has made it with Dexie's schema, then
// written at that version, never made here (an open without a version makes an empty database when it comes first,
// and the app's stores are then missing). Names and version from pwa/src/db/storeNames.ts, which Dexie's schema is
// built from: a renamed store is a type error in the callers.
import type { Page } from '@playwright/test';
import { WALLET_DB_NAME, type WalletStore, walletIdbVersion } from '../../pwa/src/db/storeNames';

/** Waits (in a loop in the page: a waitForFunction with an async predicate does not wait) for the app's database. */
export async function waitForWalletDb(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.evaluate(
    async ({ name, version, timeoutMs }) => {
      const until = Date.now() + timeoutMs;
      while (!(await indexedDB.databases()).some((d) => d.name === name && (d.version ?? 0) >= version)) {
        if (Date.now() > until) throw new Error(`the app made no ${name} database of version ${version}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    { name: WALLET_DB_NAME, version: walletIdbVersion(), timeoutMs },
  );
}

/** Puts rows into stores of the app's wallet database, in one transaction. */
export async function putWalletRows(page: Page, rows: Partial<Record<WalletStore, unknown[]>>): Promise<void> {
  await page.evaluate(
    ({ name, version, rows }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, version);
        // Never make or change the app's database here: only Dexie does, with its schema.
        open.onupgradeneeded = () => {
          open.transaction?.abort();
          reject(new Error(`${name} is not at version ${version}`));
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(Object.keys(rows), 'readwrite');
          for (const [store, list] of Object.entries(rows)) for (const row of list) tx.objectStore(store).put(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: WALLET_DB_NAME, version: walletIdbVersion(), rows },
  );
}
