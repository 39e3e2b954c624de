// The device's stored data (wallet, gate store, first paints) at sign-in and sign-out, in a module of its own that
// sessionService imports when an account signs in or out: Dexie, the outbox and the QR encoder then stay out of the
// first load of every page (they were 40 KB of JavaScript gzip on a visitor's first look at the home page).
import { clearFirstPaints } from '../db/firstPaint';
import { replayOutbox } from '../db/outbox';
import { setDeviceAccount, walletDb } from '../db/wallet';

/**
 * The device's stored data now belongs to `userId` (null: nobody): another account's is wiped first, before any page
 * can show it. A shared gate phone never judges with someone else's data.
 */
export async function bindDevice(userId: number | null): Promise<void> {
  try {
    // The stored QR codes go with the tickets they draw.
    if (await setDeviceAccount(walletDb(), userId)) clearFirstPaints();
  } catch {
    // no IndexedDB (private mode): nothing was stored to wipe
  }
}

/** Sends the acts not yet sent (a gate's admissions, usage marks) as the account signed in now. */
export async function sendOutbox(): Promise<void> {
  await replayOutbox(walletDb(), { fetch: fetch.bind(globalThis) });
}
