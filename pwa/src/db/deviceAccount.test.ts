// A shared phone (a gate's, a family's): what one account stored stays with that account. Another account signing
// in, or a sign-out, wipes the wallet (its member cards too) and the gate's parks, keys, revocations, day lists and
// pass holders (with their photo thumbnails); the gate's name and the
// device id belong to the device and stay; acts not yet sent stay and go to the server only as the account that
// made them.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberCards } from '../test/passFixtures';
import { enqueueScan, enqueueUse, replayOutbox } from './outbox';
import { META, memberCardKey, openWalletDb, readMeta, setDeviceAccount, type WalletDb } from './wallet';

const GATE_NAME = 'gate.name';
const DEVICE_ID = 'gate.deviceId';

let db: WalletDb;
beforeEach(() => {
  db = openWalletDb(`device-account-${Math.random()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function fillGate(parkId: number) {
  await db.gateParks.put({
    id: parkId,
    name: '旭山動物園',
    roles: ['scanner'],
    today: { date: '2026-11-27', tickets: 5, admitted: 3, toReview: 0 },
    syncedAt: '2026-11-27T01:00:00Z',
  } as never);
  await db.gateKeys.put({ kid: `k${parkId}`, parkId, publicKey: 'x', notBefore: null, notAfter: null } as never);
  await db.gateRevocations.put({ jti: 'j1', parkId, seq: 1 });
  await db.gateTickets.put({ id: 't1', parkId, date: '2026-11-27', ticketNumber: 'N1', state: 'available' } as never);
  // A first sync's page of the day list (one record per page: gateDayList.ts).
  await db.gateDayPages.put({
    key: `${parkId}.2026-11-27.0`,
    parkId,
    date: '2026-11-27',
    tickets: [{ id: 't2', parkId, date: '2026-11-27', ticketNumber: 'N2', state: 'available' } as never],
  });
  // An annual-pass holder the park admits and its photo thumbnail (gatePasses.ts).
  await db.gatePassHolders.put({
    holderId: 41,
    parkId,
    termTicketIds: ['term-41'],
    passNumber: 'P001-0000001',
  } as never);
  await db.gatePassThumbs.put({ photoId: 'photo-41', holderId: 41, blob: new Blob(['thumb'], { type: 'image/webp' }) });
  await db.meta.bulkPut([
    { key: 'gate.syncedAt', value: '2026-11-27T01:00:00Z' },
    { key: `gate.revocations.${parkId}`, value: '1' },
    { key: DEVICE_ID, value: 'gate-abc' },
    { key: GATE_NAME, value: '正門' },
  ]);
}

const gateRows = async () => ({
  parks: await db.gateParks.count(),
  keys: await db.gateKeys.count(),
  revocations: await db.gateRevocations.count(),
  tickets: await db.gateTickets.count(),
  dayPages: await db.gateDayPages.count(),
  passHolders: await db.gatePassHolders.count(),
  passThumbs: await db.gatePassThumbs.count(),
});
const EMPTY = { parks: 0, keys: 0, revocations: 0, tickets: 0, dayPages: 0, passHolders: 0, passThumbs: 0 };

describe('the account of the device', () => {
  it('another account signing in wipes the gate store and keeps the device id and gate name', async () => {
    await setDeviceAccount(db, 7);
    await fillGate(1);
    await setDeviceAccount(db, 7);
    expect(await gateRows()).toEqual({
      parks: 1,
      keys: 1,
      revocations: 1,
      tickets: 1,
      dayPages: 1,
      passHolders: 1,
      passThumbs: 1,
    });
    await setDeviceAccount(db, 8);
    expect(await gateRows()).toEqual(EMPTY);
    expect(await readMeta(db, 'gate.syncedAt')).toBeNull();
    expect(await readMeta(db, 'gate.revocations.1')).toBeNull();
    expect(await readMeta(db, DEVICE_ID)).toBe('gate-abc');
    expect(await readMeta(db, GATE_NAME)).toBe('正門');
    expect(await readMeta(db, META.account)).toBe('8');
  });

  it('a sign-out wipes it too, and a gate store from before accounts were recorded is wiped at the next sign-in', async () => {
    await fillGate(1);
    await setDeviceAccount(db, 7);
    expect(await gateRows()).toEqual(EMPTY);
    await fillGate(1);
    await setDeviceAccount(db, null);
    expect(await gateRows()).toEqual(EMPTY);
    expect(await readMeta(db, META.account)).toBeNull();
    expect(await readMeta(db, DEVICE_ID)).toBe('gate-abc');
  });

  it("another account signing in, or a sign-out, wipes the member cards (a holder's name, photo and QR)", async () => {
    await setDeviceAccount(db, 5);
    await db.memberCards.bulkPut(memberCards().map((c) => ({ ...c, key: memberCardKey(c) })));
    await setDeviceAccount(db, 5);
    expect(await db.memberCards.count()).toBe(2);
    await setDeviceAccount(db, 9);
    expect(await db.memberCards.count()).toBe(0);
    await db.memberCards.bulkPut(memberCards().map((c) => ({ ...c, key: memberCardKey(c) })));
    await setDeviceAccount(db, null);
    expect(await db.memberCards.count()).toBe(0);
  });

  it('acts not yet sent stay through sign-out and go to the server only as the account that made them', async () => {
    const posts: string[] = [];
    let signedIn = 7;
    const fetch = (async (input: RequestInfo | URL) => {
      posts.push(`${signedIn} ${String(input)}`);
      return Response.json({
        data: { scanId: 's', ticketId: 't1', result: 'accepted', flag: null, usedAt: '2026-11-27T01:00:00Z' },
        meta: {},
      });
    }) as typeof globalThis.fetch;
    await setDeviceAccount(db, 7);
    await enqueueScan(db, 't1', {
      parkId: 1,
      token: 'tok',
      ticketNumber: null,
      deviceId: 'gate-abc',
      gateName: '正門',
    });
    await enqueueUse(db, 't9');
    await setDeviceAccount(db, null);
    expect(await db.outbox.count()).toBe(2);
    // Signed out (the service worker's replay too): nothing is sent.
    expect((await replayOutbox(db, { fetch })).sent).toBe(0);
    signedIn = 8;
    await setDeviceAccount(db, 8);
    expect((await replayOutbox(db, { fetch })).sent).toBe(0);
    expect(posts).toEqual([]);
    expect(await db.outbox.count()).toBe(2);
    signedIn = 7;
    await setDeviceAccount(db, 7);
    const sent = await replayOutbox(db, { fetch });
    expect(sent.sent).toBe(2);
    expect(posts.sort()).toEqual(['7 /api/v1/me/tickets/t9/use', '7 /api/v1/staff/scans']);
  });
});
