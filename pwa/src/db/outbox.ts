// The outbox of acts made possibly with no network: usage marks ("use" pressed) and a gate's admissions (scans),
// queued with a client-made UUID and the device's time, replayed by Background Sync in the service worker, and by
// the page on start and on `online` where the browser has no Background Sync. The server takes the UUID as an
// idempotency key; here every act is also sent by one sender at a time (a Web Lock shared by the pages and the
// service worker, and a claim in IndexedDB), so each is uploaded once.
import type { Envelope } from '../../../common/dto/api';
import type {
  ScanAnswer,
  UseConflict,
  UseTicketAnswer,
  UseTicketRequest,
  WalletTicket,
} from '../../../common/dto/wallet';
import { META, type OutboxEntry, readMeta, type ScanAct, type WalletDb } from './wallet';

export const SYNC_TAG = 'wallet-outbox';
export const OUTBOX_LOCK = 'zoopass-wallet-outbox';
/** A claim older than this is taken to be from a sender that died (page closed mid-request). */
export const CLAIM_STALE_MS = 60_000;
/** Settled marks are kept this long (the ticket page says "synced"), then dropped. */
export const SETTLED_KEEP_MS = 7 * 86_400_000;

const CONFLICTS: readonly UseConflict[] = ['alreadyUsed', 'notUseDay', 'notUsable'];

/** Queue a usage mark for a ticket; a ticket already waiting (or already sent) keeps its first mark. */
export async function enqueueUse(
  db: WalletDb,
  ticketId: string,
  opts: { now?: Date; uuid?: () => string } = {},
): Promise<OutboxEntry> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const ownerId = (await readMeta(db, META.account)) ?? undefined;
    const existing = await db.outbox
      .where('ticketId')
      .equals(ticketId)
      .filter((e) => e.state !== 'conflict')
      .first();
    if (existing) return existing;
    const entry: OutboxEntry = {
      clientId: (opts.uuid ?? (() => crypto.randomUUID()))(),
      ticketId,
      ownerId,
      usedAt: (opts.now ?? new Date()).toISOString(),
      state: 'pending',
      attempts: 0,
      claimedAt: null,
      conflict: null,
      message: null,
      createdAt: new Date().toISOString(),
      settledAt: null,
    };
    await db.outbox.add(entry);
    return entry;
  });
}

/**
 * Queue a gate admission (the device already showed green and marked the ticket used in its day list). Every
 * admission is its own act: two admissions of one ticket are both facts (the server keeps the second flagged).
 * It names the account signed in (META.account): a caller's transaction must include `outbox` and `meta`.
 */
export async function enqueueScan(
  db: WalletDb,
  ticketId: string,
  scan: ScanAct,
  opts: { now?: Date; uuid?: () => string; claimed?: boolean } = {},
): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    clientId: (opts.uuid ?? (() => crypto.randomUUID()))(),
    ticketId,
    ownerId: (await readMeta(db, META.account)) ?? undefined,
    usedAt: (opts.now ?? new Date()).toISOString(),
    scan,
    state: opts.claimed ? 'sending' : 'pending',
    attempts: 0,
    claimedAt: opts.claimed ? Date.now() : null,
    conflict: null,
    message: null,
    createdAt: new Date().toISOString(),
    settledAt: null,
  };
  await db.outbox.add(entry);
  return entry;
}

/** Marks not yet answered by the server. */
export const isWaiting = (e: OutboxEntry) => e.state === 'pending' || e.state === 'sending';

export interface ReplayDeps {
  fetch: typeof fetch;
  now?: () => number;
  /** Base of the API (the service worker and pages use '/api/v1'). */
  base?: string;
}

export interface ReplayResult {
  /** Marks sent in this run. */
  sent: number;
  applied: number;
  conflicts: number;
  /** Marks that stay pending (network, server error, signed out): try again later. */
  retry: number;
}

let chain: Promise<unknown> = Promise.resolve();

/** One sender at a time across the pages and the service worker (Web Locks), or within this context otherwise. */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks?.request) return locks.request(OUTBOX_LOCK, fn) as Promise<T>;
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}

/**
 * Take the acts to send: pending ones and stale claims of the account signed in on the device (an act is sent only
 * as the account that made it: signed out, or another account, it waits), in the order they were made.
 */
async function claim(db: WalletDb, now: number): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const account = await readMeta(db, META.account);
    const due = (await db.outbox.where('state').anyOf('pending', 'sending').toArray())
      .filter((e) => e.ownerId === undefined || e.ownerId === account)
      .filter((e) => e.state === 'pending' || (e.claimedAt ?? 0) < now - CLAIM_STALE_MS)
      .sort((a, b) => a.usedAt.localeCompare(b.usedAt));
    for (const e of due) await db.outbox.update(e.clientId, { state: 'sending', claimedAt: now });
    return due;
  });
}

async function readJson<T>(res: Response): Promise<T | null> {
  try {
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

/** Send every waiting usage mark once; the answers (the server's truth) go into the stored tickets. */
export async function replayOutbox(db: WalletDb, deps: ReplayDeps): Promise<ReplayResult> {
  return withLock(async () => {
    const now = deps.now ?? Date.now;
    const base = deps.base ?? '/api/v1';
    const result: ReplayResult = { sent: 0, applied: 0, conflicts: 0, retry: 0 };
    const cutoff = new Date(now() - SETTLED_KEEP_MS).toISOString();
    await db.outbox
      .where('state')
      .anyOf('done', 'conflict')
      .filter((e) => (e.settledAt ?? '') < cutoff)
      .delete();
    const language = (await readMeta(db, 'locale')) ?? 'ja';
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': language };
    const entries = await claim(db, now());
    let stop = false;
    for (const entry of entries) {
      if (stop) {
        await db.outbox.update(entry.clientId, { state: 'pending', claimedAt: null });
        result.retry++;
        continue;
      }
      let res: Response | null = null;
      try {
        res = entry.scan
          ? await deps.fetch(`${base}/staff/scans`, {
              method: 'POST',
              credentials: 'same-origin',
              headers,
              body: JSON.stringify(scanBody(entry, entry.scan)),
            })
          : await deps.fetch(`${base}/me/tickets/${encodeURIComponent(entry.ticketId)}/use`, {
              method: 'POST',
              credentials: 'same-origin',
              headers,
              body: JSON.stringify({ client_id: entry.clientId, used_at: entry.usedAt } satisfies UseTicketRequest),
            });
      } catch {
        res = null;
      }
      result.sent++;
      const settledAt = new Date(now()).toISOString();
      if (res?.ok && entry.scan) {
        await settleScan(db, entry, (await readJson<Envelope<ScanAnswer>>(res))?.data, settledAt);
        result.applied++;
        continue;
      }
      if (entry.scan && res && res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403) {
        // Refused (not a ticket of ours, not for that day): kept with the server's reason, never sent again.
        const body = await readJson<Envelope<unknown>>(res);
        await db.outbox.update(entry.clientId, {
          state: 'conflict',
          conflict: 'notUsable',
          message: body?.meta?.message ?? null,
          settledAt,
          attempts: entry.attempts + 1,
        });
        result.conflicts++;
        continue;
      }
      if (res?.ok) {
        const body = await readJson<Envelope<UseTicketAnswer>>(res);
        await db.transaction('rw', db.outbox, db.tickets, async () => {
          if (body?.data?.ticket) await db.tickets.put(body.data.ticket);
          await db.outbox.update(entry.clientId, { state: 'done', settledAt, attempts: entry.attempts + 1 });
        });
        result.applied++;
        continue;
      }
      if (res && (res.status === 409 || res.status === 404 || res.status === 410)) {
        const body = await readJson<Envelope<unknown>>(res);
        const code = body?.meta?.code as UseConflict | undefined;
        const conflict: UseConflict = code && CONFLICTS.includes(code) ? code : 'notUsable';
        await db.outbox.update(entry.clientId, {
          state: 'conflict',
          conflict,
          message: body?.meta?.message ?? null,
          settledAt,
          attempts: entry.attempts + 1,
          seen: false,
        });
        await refreshOne(db, deps, entry.ticketId, headers);
        result.conflicts++;
        continue;
      }
      // Offline, a server error, or the session is gone: keep it for the next run. Signed out: stop here.
      await db.outbox.update(entry.clientId, { state: 'pending', claimedAt: null, attempts: entry.attempts + 1 });
      result.retry++;
      if (!res || res.status === 401 || res.status === 403) stop = true;
    }
    return result;
  });
}

/** After a refusal: the ticket as the server has it now (or gone from the wallet). */
async function refreshOne(db: WalletDb, deps: ReplayDeps, id: string, headers: Record<string, string>) {
  try {
    const res = await deps.fetch(`${deps.base ?? '/api/v1'}/me/tickets/${encodeURIComponent(id)}`, {
      credentials: 'same-origin',
      headers,
    });
    if (res.ok) {
      const body = await readJson<Envelope<WalletTicket | { ticket: WalletTicket }>>(res);
      const data = body?.data;
      const ticket = data && 'ticket' in data ? data.ticket : data;
      if (ticket?.id) await db.tickets.put(ticket);
    } else if (res.status === 404) {
      await db.tickets.delete(id);
    }
  } catch {
    // offline again: the next wallet refresh brings it
  }
}

/** The server took an admission: the act is done, and the day list has the ticket used as the server says. */
async function settleScan(db: WalletDb, entry: OutboxEntry, answer: ScanAnswer | undefined, settledAt: string) {
  await db.transaction('rw', db.outbox, db.gateTickets, async () => {
    await db.outbox.update(entry.clientId, {
      state: 'done',
      settledAt,
      attempts: entry.attempts + 1,
      scan: { ...(entry.scan as ScanAct), result: answer?.result, flag: answer?.flag },
    });
    const local = await db.gateTickets.get(entry.ticketId);
    if (local && answer?.usedAt) {
      // Where the holder is as the server has all acts (another gate's exit or entry may have come first).
      const presence = answer.inside === undefined ? {} : { inside: answer.inside, entries: answer.entries };
      await db.gateTickets.put({ ...local, state: 'used', usedAt: answer.usedAt, ...presence });
    }
  });
}

/** How long an online gate waits for the server before it decides alone (the verdict is never later than this). */
export const CONFIRM_BUDGET_MS = 1000;

/**
 * An online gate's admission, sent at once and answered within the budget: the server says whether another gate
 * admitted the ticket first (answer `duplicate`: the gate shows "already used"). The act was queued claimed by
 * `enqueueScan(..., { claimed: true })`, so no replay sends it meanwhile; with no answer in time (slow, offline)
 * it goes back to the outbox and the device's own verdict stands (a conflict is flagged at sync).
 */
export async function confirmScan(
  db: WalletDb,
  entry: OutboxEntry,
  deps: { fetch: typeof fetch; budgetMs?: number; base?: string },
): Promise<ScanAnswer | null> {
  const scan = entry.scan as ScanAct;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), deps.budgetMs ?? CONFIRM_BUDGET_MS);
  try {
    const language = (await readMeta(db, 'locale')) ?? 'ja';
    const res = await deps.fetch(`${deps.base ?? '/api/v1'}/staff/scans`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': language },
      body: JSON.stringify({ ...scanBody(entry, scan), confirm: true }),
      signal: abort.signal,
    });
    const answer = res.ok ? (await readJson<Envelope<ScanAnswer>>(res))?.data : undefined;
    if (answer) {
      await settleScan(db, entry, answer, new Date().toISOString());
      return answer;
    }
  } catch {
    // slow or offline: the outbox sends it later
  } finally {
    clearTimeout(timer);
  }
  await db.outbox.update(entry.clientId, { state: 'pending', claimedAt: null });
  return null;
}

function scanBody(entry: OutboxEntry, scan: ScanAct) {
  return {
    scan_id: entry.clientId,
    scanned_at: entry.usedAt,
    ...(scan.token ? { token: scan.token } : { ticket_number: scan.ticketNumber }),
    device_id: scan.deviceId,
    gate_name: scan.gateName,
    // The gate's park: a pass valid at several parks is counted where it was scanned.
    ...(scan.parkId ? { park_id: scan.parkId } : {}),
    ...(scan.direction === 'out' ? { direction: 'out' } : {}),
  };
}
