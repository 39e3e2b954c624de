// The gate's day list lookups (db/gateDayList.ts): a ticket of a listing page is found by id and by number (per
// park); a row stored one by one wins; the in-memory index of a page follows the store, so a page gone (another tab's
// sync, a sign-out) is never used to judge.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findGateTicket, findGateTicketByNumber, storeDayPage } from './gateDayList';
import { clearWallet, type GateTicket, openWalletDb, type WalletDb } from './wallet';

const ticket = (id: string, over: Partial<GateTicket> = {}): GateTicket => ({
  id,
  ticketNumber: `N-${id}`,
  jti: null,
  state: 'available',
  usedAt: null,
  usedBy: null,
  itemName: '入園券',
  unitKind: 'basic',
  ageGroupName: null,
  time: null,
  needsCertificate: false,
  itemId: 1,
  inside: false,
  entries: 0,
  maxEntries: 1,
  parkId: 1,
  date: '2026-11-28',
  ...over,
});

let name: string;
let db: WalletDb;
beforeEach(() => {
  name = `gate-day-list-${Math.random()}`;
  db = openWalletDb(name);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

it('finds a listed ticket by id and by its park and number; a row stored one by one wins', async () => {
  await db.transaction('rw', db.gateDayPages, () => storeDayPage(db, 1, '2026-11-28', [ticket('a'), ticket('b')]));
  expect((await findGateTicket(db, 'b'))?.ticketNumber).toBe('N-b');
  expect((await findGateTicketByNumber(db, 1, 'N-a'))?.id).toBe('a');
  expect(await findGateTicketByNumber(db, 2, 'N-a')).toBeUndefined();
  expect(await findGateTicket(db, 'z')).toBeUndefined();
  await db.gateTickets.put(ticket('a', { state: 'cancelled' }));
  expect((await findGateTicket(db, 'a'))?.state).toBe('cancelled');
  expect((await findGateTicketByNumber(db, 1, 'N-a'))?.state).toBe('cancelled');
});

it('a page removed by another connection (another tab, a sign-out) is no longer found', async () => {
  await db.transaction('rw', db.gateDayPages, () => storeDayPage(db, 1, '2026-11-28', [ticket('a')]));
  expect(await findGateTicket(db, 'a')).toBeDefined();
  const other = openWalletDb(name);
  await clearWallet(other);
  other.close();
  expect(await findGateTicket(db, 'a')).toBeUndefined();
  expect(await findGateTicketByNumber(db, 1, 'N-a')).toBeUndefined();
});

it('a page whose transaction failed is not found', async () => {
  await expect(
    db.transaction('rw', db.gateDayPages, async () => {
      await storeDayPage(db, 1, '2026-11-28', [ticket('a')]);
      throw new Error('cut off');
    }),
  ).rejects.toThrow('cut off');
  expect(await findGateTicket(db, 'a')).toBeUndefined();
});
