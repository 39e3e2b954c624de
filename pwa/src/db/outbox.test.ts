import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WalletTicket } from '../../../common/dto/wallet';
import { CLAIM_STALE_MS, confirmScan, enqueueScan, enqueueUse, isWaiting, replayOutbox } from './outbox';
import { openWalletDb, type WalletDb } from './wallet';

const ticket = (id: string, over: Partial<WalletTicket> = {}): WalletTicket => ({
  id,
  ticketNumber: `T-${id}`,
  packNumber: null,
  orderId: 1,
  applicationNumber: 'ZP000001-000001',
  park: { id: 3, name: '旭山動物園', address: null, mapImageUrls: [], timeZone: 'Asia/Tokyo' },
  itemId: 10,
  itemName: 'レンタルベビーカー',
  unitKind: 'basic',
  planName: null,
  ageGroupName: '大人',
  price: 200,
  useDate: '2026-11-21',
  time: null,
  seatCode: null,
  state: 'available',
  usageTrigger: 3,
  usedAt: null,
  token: 'tok',
  faceImageUrl: null,
  needsCertificate: false,
  triggerUrl: null,
  cancellable: true,
  shareable: true,
  shareId: null,
  receivedFromShare: false,
  ...over,
});

/** A fake server: records every POST, answers by a rule, idempotent by client_id like the real one. */
function fakeServer(rule: (id: string) => number | 'down' = () => 200) {
  const posts: { url: string; body: { client_id: string; used_at: string } }[] = [];
  const marked = new Map<string, string>();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const id = decodeURIComponent(url.split('/')[5] ?? '');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { client_id: string; used_at: string };
      posts.push({ url, body });
      await new Promise((r) => setTimeout(r, 5));
      const status = rule(id);
      if (status === 'down') throw new TypeError('Failed to fetch');
      if (status === 409) {
        return Response.json({ data: null, meta: { code: 'alreadyUsed', message: 'すでに使用済みです' } }, { status });
      }
      if (status !== 200) return Response.json({ data: null, meta: {} }, { status });
      marked.set(id, body.used_at);
      return Response.json({
        data: { ticket: ticket(id, { state: 'used', usedAt: body.used_at }), applied: true },
        meta: {},
      });
    }
    return Response.json({ data: ticket(id, { state: 'used', usedAt: '2026-11-21T01:00:00.000Z' }), meta: {} });
  }) as typeof globalThis.fetch;
  return { fetch, posts, marked };
}

let db: WalletDb;
let n = 0;
beforeEach(async () => {
  db = openWalletDb(`wallet-test-${n++}`);
  await db.tickets.bulkPut([ticket('a'), ticket('b')]);
});
afterEach(async () => {
  await db.delete();
});

describe('outbox', () => {
  it('queues a usage mark with a client UUID and the device time; a second press keeps the first mark', async () => {
    const at = new Date('2026-11-21T01:02:03.000Z');
    const first = await enqueueUse(db, 'a', { now: at });
    expect(first.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.usedAt).toBe(at.toISOString());
    expect(first.state).toBe('pending');
    const again = await enqueueUse(db, 'a', { now: new Date() });
    expect(again.clientId).toBe(first.clientId);
    expect(await db.outbox.count()).toBe(1);
  });

  it('sends each mark exactly once, even when replays run at the same time', async () => {
    const server = fakeServer();
    await enqueueUse(db, 'a');
    await enqueueUse(db, 'b');
    const results = await Promise.all([
      replayOutbox(db, { fetch: server.fetch }),
      replayOutbox(db, { fetch: server.fetch }),
      replayOutbox(db, { fetch: server.fetch }),
    ]);
    expect(server.posts).toHaveLength(2);
    expect(results.reduce((s, r) => s + r.applied, 0)).toBe(2);
    // Nothing left: a later replay sends nothing.
    await replayOutbox(db, { fetch: server.fetch });
    expect(server.posts).toHaveLength(2);
    // The server's answer is the stored ticket now; the entries are settled.
    expect((await db.tickets.get('a'))?.state).toBe('used');
    expect((await db.outbox.toArray()).every((e) => e.state === 'done')).toBe(true);
    // The body carried the client id and the device time.
    const entryA = await db.outbox.where('ticketId').equals('a').first();
    expect(server.posts.find((p) => p.url.endsWith('/a/use'))?.body).toEqual({
      client_id: entryA?.clientId,
      used_at: entryA?.usedAt,
    });
  });

  it('keeps marks while offline and sends them once when the network is back', async () => {
    let down = true;
    const server = fakeServer(() => (down ? 'down' : 200));
    const entry = await enqueueUse(db, 'a');
    const offline = await replayOutbox(db, { fetch: server.fetch });
    expect(offline).toMatchObject({ applied: 0, retry: 1 });
    const kept = await db.outbox.get(entry.clientId);
    expect(kept && isWaiting(kept)).toBe(true);
    down = false;
    await replayOutbox(db, { fetch: server.fetch });
    await replayOutbox(db, { fetch: server.fetch });
    expect(server.posts.filter((p) => p.body.client_id === entry.clientId)).toHaveLength(2); // one failed, one sent
    expect(server.marked.size).toBe(1);
    expect((await db.outbox.get(entry.clientId))?.state).toBe('done');
  });

  it('a refusal (409 alreadyUsed) is kept with its code and message, and the ticket shows the server state', async () => {
    const server = fakeServer(() => 409);
    const entry = await enqueueUse(db, 'a');
    const r = await replayOutbox(db, { fetch: server.fetch });
    expect(r.conflicts).toBe(1);
    const settled = await db.outbox.get(entry.clientId);
    expect(settled).toMatchObject({ state: 'conflict', conflict: 'alreadyUsed', message: 'すでに使用済みです' });
    expect((await db.tickets.get('a'))?.state).toBe('used');
    await replayOutbox(db, { fetch: server.fetch });
    expect(server.posts).toHaveLength(1);
  });

  it('a claim left by a sender that died is taken over after it goes stale', async () => {
    const server = fakeServer();
    const entry = await enqueueUse(db, 'a');
    const t0 = Date.now();
    await db.outbox.update(entry.clientId, { state: 'sending', claimedAt: t0 });
    await replayOutbox(db, { fetch: server.fetch, now: () => t0 + 1000 });
    expect(server.posts).toHaveLength(0);
    await replayOutbox(db, { fetch: server.fetch, now: () => t0 + CLAIM_STALE_MS + 1 });
    expect(server.posts).toHaveLength(1);
  });

  it('signed out (401): the mark stays and nothing after it is sent', async () => {
    const server = fakeServer(() => 401);
    await enqueueUse(db, 'a');
    await enqueueUse(db, 'b');
    const r = await replayOutbox(db, { fetch: server.fetch });
    expect(server.posts).toHaveLength(1);
    expect(r.retry).toBe(2);
    expect((await db.outbox.toArray()).every(isWaiting)).toBe(true);
  });
});

describe('clearing the wallet', () => {
  it('signed out: tickets go, usage marks not yet sent stay', async () => {
    const { clearWallet } = await import('./wallet');
    const server = fakeServer();
    await enqueueUse(db, 'a');
    await replayOutbox(db, { fetch: server.fetch });
    const waiting = await enqueueUse(db, 'b');
    await clearWallet(db, { keepWaiting: true });
    expect(await db.tickets.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.clientId)).toEqual([waiting.clientId]);
    await clearWallet(db);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('gate admissions in the same outbox', () => {
  let db: WalletDb;
  beforeEach(() => {
    db = openWalletDb(`gate-outbox-${Math.random()}`);
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('uploads each admission once (concurrent replays, the page and the service worker), keeps the answer', async () => {
    const posts: Record<string, unknown>[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe('/api/v1/staff/scans');
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posts.push(body);
      await new Promise((r) => setTimeout(r, 5));
      return Response.json({
        data: { scanId: body.scan_id, ticketId: 't1', result: 'accepted', flag: null, usedAt: body.scanned_at },
        meta: {},
      });
    }) as typeof globalThis.fetch;
    const scan = { parkId: 3, token: 'tok', ticketNumber: null, deviceId: 'gate-1', gateName: '正門' };
    const at = new Date('2026-11-21T01:00:00Z');
    const a = await enqueueScan(db, 't1', scan, { now: at });
    const b = await enqueueScan(db, 't1', scan, { now: at });
    expect(a.clientId).not.toBe(b.clientId);
    await Promise.all([replayOutbox(db, { fetch }), replayOutbox(db, { fetch }), replayOutbox(db, { fetch })]);
    expect(posts.map((p) => p.scan_id).sort()).toEqual([a.clientId, b.clientId].sort());
    expect(posts[0]).toMatchObject({
      token: 'tok',
      scanned_at: at.toISOString(),
      device_id: 'gate-1',
      gate_name: '正門',
      park_id: 3,
    });
    const stored = await db.outbox.get(a.clientId);
    expect(stored).toMatchObject({ state: 'done', scan: { result: 'accepted' } });
    await replayOutbox(db, { fetch });
    expect(posts).toHaveLength(2);
  });

  it('keeps admissions not yet sent when another user signs in on the device', async () => {
    const { clearWallet } = await import('./wallet');
    await enqueueScan(db, 't1', { parkId: 3, token: null, ticketNumber: 'N1', deviceId: 'd', gateName: '' });
    await enqueueUse(db, 't2');
    await clearWallet(db);
    const left = await db.outbox.toArray();
    expect(left.map((e) => e.ticketId)).toEqual(['t1']);
    expect(isWaiting(left[0] as (typeof left)[number])).toBe(true);
  });

  it('online: the admission is answered within the budget (another gate first: duplicate), and no replay sends it meanwhile', async () => {
    const posts: Record<string, unknown>[] = [];
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posts.push(body);
      await new Promise((r) => setTimeout(r, 20));
      return Response.json({
        data: {
          scanId: body.scan_id,
          ticketId: 't1',
          result: 'duplicate',
          flag: 'duplicate',
          usedAt: '2026-11-21T00:59:00.000Z',
        },
        meta: {},
      });
    }) as typeof globalThis.fetch;
    const scan = { parkId: 3, token: 'tok', ticketNumber: null, deviceId: 'gate-1', gateName: '西門' };
    const entry = await enqueueScan(db, 't1', scan, { claimed: true });
    const [answer, replayed] = await Promise.all([confirmScan(db, entry, { fetch }), replayOutbox(db, { fetch })]);
    expect(answer).toMatchObject({ result: 'duplicate', usedAt: '2026-11-21T00:59:00.000Z' });
    expect(replayed.sent).toBe(0);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ scan_id: entry.clientId, confirm: true, token: 'tok' });
    expect(await db.outbox.get(entry.clientId)).toMatchObject({ state: 'done', scan: { result: 'duplicate' } });
  });

  it('online but slow: past the budget the device decides alone, and the outbox sends the act later, once', async () => {
    let calls = 0;
    const slow = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        calls++;
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const scan = { parkId: 3, token: 'tok', ticketNumber: null, deviceId: 'gate-1', gateName: '' };
    const entry = await enqueueScan(db, 't1', scan, { claimed: true });
    const started = Date.now();
    expect(await confirmScan(db, entry, { fetch: slow, budgetMs: 200 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBe(1);
    expect(await db.outbox.get(entry.clientId)).toMatchObject({ state: 'pending' });
    const ok = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return Response.json({
        data: { scanId: body.scan_id, ticketId: 't1', result: 'accepted', flag: null, usedAt: body.scanned_at },
        meta: {},
      });
    }) as typeof globalThis.fetch;
    expect((await replayOutbox(db, { fetch: ok })).applied).toBe(1);
    expect((await replayOutbox(db, { fetch: ok })).sent).toBe(0);
  });
});
