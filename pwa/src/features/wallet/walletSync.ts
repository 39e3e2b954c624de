// Keeping the wallet in IndexedDB fresh while online: the tickets (GET api/v1/me/tickets), the annual pass member
// cards (GET api/v1/me/passes, memberCards.ts), their parks, the parks'
// map images as Blobs and map mode's data (db/parkMaps.ts), and each ticket's order detail; then the outbox of usage marks is replayed. Runs at app start,
// on `online`, when My Tickets opens, and after a usage mark.
import type { Envelope } from '../../../../common/dto/api';
import type { TicketDetail, WalletAnswer, WalletPark } from '../../../../common/dto/wallet';
import { clearFirstPaints, storeFirstPaints } from '../../db/firstPaint';
import { replayOutbox } from '../../db/outbox';
import { storeParkMaps } from '../../db/parkMaps';
import { clearWallet, META, readMeta, type WalletDb, walletDb } from '../../db/wallet';
import { currentLocale, i18n } from '../../lib/i18n';
import { tokenExpiry } from '../../lib/session';
import { storeMemberCards } from './memberCards';

export type RefreshOutcome = 'ok' | 'offline' | 'signedOut' | 'failed';

const headers = () => ({ Accept: 'application/json', 'Accept-Language': currentLocale() });

/** Details fetched per refresh at most (the rest come with the next refresh or when the page opens). */
const DETAILS_PER_REFRESH = 40;

/** Fetch the wallet and store it; tickets no longer in the answer leave the device. */
export async function refreshWallet(
  db: WalletDb = walletDb(),
  opts: { owner?: number | null; fetch?: typeof fetch } = {},
): Promise<RefreshOutcome> {
  const doFetch = opts.fetch ?? fetch.bind(globalThis);
  let res: Response;
  try {
    res = await doFetch('/api/v1/me/tickets', { credentials: 'same-origin', headers: headers() });
  } catch {
    return 'offline';
  }
  if (res.status === 401) return 'signedOut';
  if (!res.ok) return 'failed';
  const answer = ((await res.json()) as Envelope<WalletAnswer>).data;
  const owner = opts.owner ?? null;
  if (owner !== null) {
    const stored = await readMeta(db, META.owner);
    if (stored !== null && stored !== String(owner)) {
      clearFirstPaints();
      await clearWallet(db);
    }
  }
  const parks = new Map<number, WalletPark>();
  for (const t of answer.tickets) parks.set(t.park.id, t.park);
  await db.transaction('rw', [db.tickets, db.parks, db.details, db.meta], async () => {
    const keep = new Set(answer.tickets.map((t) => t.id));
    const gone = (await db.tickets.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.tickets.bulkDelete(gone);
    await db.details.bulkDelete(gone);
    await db.tickets.bulkPut(answer.tickets);
    const goneParks = (await db.parks.toCollection().primaryKeys()).filter((id) => !parks.has(id));
    await db.parks.bulkDelete(goneParks);
    await db.parks.bulkPut([...parks.values()]);
    await db.meta.bulkPut([
      { key: META.asOf, value: answer.asOf },
      { key: META.refreshedAt, value: new Date().toISOString() },
      { key: 'locale', value: currentLocale() },
      ...(owner !== null ? [{ key: META.owner, value: String(owner) }] : []),
    ]);
  });
  await Promise.all([
    storeMaps(db, [...parks.values()], doFetch).then(() => storeParkMaps(db, [...parks.keys()], doFetch)),
    storeDetails(db, doFetch),
    storeMemberCards(db, doFetch, headers()),
    storeFirstPaints(answer.tickets, i18n.t('wallet.ticket.qrLabel')),
  ]);
  return 'ok';
}

/** Park map images, fetched once per URL, so map mode opens with no network. */
async function storeMaps(db: WalletDb, parks: WalletPark[], doFetch: typeof fetch) {
  const wanted = new Map<string, number>();
  for (const p of parks) for (const url of p.mapImageUrls ?? []) wanted.set(url, p.id);
  const have = new Set(await db.maps.toCollection().primaryKeys());
  await db.maps.bulkDelete([...have].filter((url) => !wanted.has(url)));
  for (const [url, parkId] of wanted) {
    if (have.has(url)) continue;
    try {
      const res = await doFetch(url);
      if (res.ok) await db.maps.put({ url, parkId, blob: await res.blob(), fetchedAt: new Date().toISOString() });
    } catch {
      return;
    }
  }
}

/** Order details of tickets that have none stored yet, a few at a time. */
async function storeDetails(db: WalletDb, doFetch: typeof fetch) {
  const have = new Set(await db.details.toCollection().primaryKeys());
  const missing = (await db.tickets.toCollection().primaryKeys())
    .filter((id) => !have.has(id))
    .slice(0, DETAILS_PER_REFRESH);
  const queue = [...missing];
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const ok = await fetchDetail(db, id, doFetch).catch(() => false);
      if (!ok) return;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

/** One ticket's detail from the server into IndexedDB; false when it could not be had. */
export async function fetchDetail(db: WalletDb, id: string, doFetch: typeof fetch = fetch.bind(globalThis)) {
  const res = await doFetch(`/api/v1/me/tickets/${encodeURIComponent(id)}/detail`, {
    credentials: 'same-origin',
    headers: headers(),
  });
  if (!res.ok) return false;
  const detail = ((await res.json()) as Envelope<TicketDetail>).data;
  await db.details.put({ ticketId: id, detail, fetchedAt: new Date().toISOString() });
  if (detail.ticket?.id === id && (await db.tickets.get(id))) await db.tickets.put(detail.ticket);
  return true;
}

export { requestBackgroundSync } from '../../lib/backgroundSync';

let running: Promise<void> | null = null;
let again: { owner: number | null } | null = null;

async function runSync(owner: number | null) {
  const db = walletDb();
  await db.meta.put({ key: 'locale', value: currentLocale() });
  await replayOutbox(db, { fetch: fetch.bind(globalThis) });
  await refreshWallet(db, { owner });
}

/**
 * Replay the outbox, then refresh the wallet (the server's truth after the marks). Signed-out users: nothing.
 * One run at a time; a call during a run asks for one more run after it (with the newest owner).
 */
export function syncWallet(owner: number | null = null): Promise<void> {
  if (tokenExpiry() === null || !navigator.onLine) return Promise.resolve();
  if (running) {
    again = { owner: owner ?? again?.owner ?? null };
    return running;
  }
  running = (async () => {
    try {
      let next: { owner: number | null } | null = { owner };
      while (next) {
        again = null;
        await runSync(next.owner).catch((error: unknown) => console.warn('wallet sync failed', error));
        next = again;
      }
    } finally {
      running = null;
    }
  })();
  return running;
}
