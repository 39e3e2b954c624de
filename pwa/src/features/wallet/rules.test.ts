import { describe, expect, it } from 'vitest';
import { TicketState, type WalletTicket } from '../../../../common/dto/wallet';
import type { OutboxEntry } from '../../db/wallet';
import { walletEn } from '../../locales/en/wallet';
import { walletJa } from '../../locales/wallet';
import {
  displayState,
  firstTickets,
  groupTickets,
  STATE_TONE,
  shareExpiry,
  ticketSubtotalOf,
  useAction,
} from './rules';

const park = (id: number, name: string) => ({
  id,
  name,
  address: null,
  mapImageUrls: [],
  timeZone: 'Asia/Tokyo' as const,
});
const ticket = (id: string, over: Partial<WalletTicket> = {}): WalletTicket => ({
  id,
  ticketNumber: `T-${id}`,
  packNumber: null,
  orderId: 1,
  applicationNumber: 'ZP000001-000001',
  park: park(1, '旭山動物園'),
  itemId: 10,
  itemName: '入園券',
  unitKind: 'basic',
  planName: null,
  ageGroupName: '大人',
  price: 1000,
  useDate: '2026-11-21',
  time: null,
  seatCode: null,
  state: 'available',
  usageTrigger: 1,
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
const entry = (ticketId: string, state: OutboxEntry['state']): OutboxEntry => ({
  clientId: `c-${ticketId}-${state}`,
  ticketId,
  usedAt: '2026-11-21T01:00:00.000Z',
  state,
  attempts: 0,
  claimedAt: null,
  conflict: null,
  message: null,
  createdAt: '2026-11-21T01:00:00.000Z',
  settledAt: null,
});

const ALL_STATES = Object.values(TicketState);

describe('ticket states', () => {
  it('has a label in both languages and a tone for each of the 12 spec states, a pass suspension and the waiting mark', () => {
    expect(ALL_STATES).toHaveLength(13);
    for (const s of [...ALL_STATES, 'used_pending' as const]) {
      expect(walletJa.states[s], s).toBeTruthy();
      expect(walletEn.states[s], s).toBeTruthy();
      expect(STATE_TONE[s], s).toBeTruthy();
    }
    expect(new Set(Object.values(walletJa.states)).size).toBe(14);
    expect(walletJa.states.used_pending).toBe('使用済み（同期待ち）');
    expect(walletEn.states.used_pending).toBe('Used (waiting to sync)');
  });

  it('shows "used (waiting to sync)" while a mark is pending or being sent, the server state otherwise', () => {
    const t = ticket('a');
    expect(displayState(t, [])).toBe('available');
    expect(displayState(t, [entry('a', 'pending')])).toBe('used_pending');
    expect(displayState(t, [entry('a', 'sending')])).toBe('used_pending');
    expect(displayState(t, [entry('b', 'pending')])).toBe('available');
    expect(displayState(t, [entry('a', 'done')])).toBe('available');
    expect(displayState(ticket('a', { state: 'used' }), [entry('a', 'pending')])).toBe('used');
    expect(displayState(ticket('a', { state: 'cancelled' }), [entry('a', 'conflict')])).toBe('cancelled');
  });
});

describe('usage trigger', () => {
  const now = new Date('2026-11-21T03:00:00Z'); // 12:00 in Tokyo on the 21st
  it('button: refused before the day (Tokyo), allowed on it, not after; not in a used state', () => {
    const b = (over: Partial<WalletTicket>) => ticket('a', { usageTrigger: 3, ...over });
    expect(useAction(b({ useDate: '2026-11-22' }), 'available', now)).toEqual({
      kind: 'button',
      allowed: false,
      reason: 'beforeDay',
    });
    expect(useAction(b({}), 'available', now)).toEqual({ kind: 'button', allowed: true, reason: null });
    expect(useAction(b({ useDate: '2026-11-20' }), 'available', now)).toMatchObject({ reason: 'afterDay' });
    expect(useAction(b({}), 'used_pending', now)).toMatchObject({ allowed: false, reason: 'state' });
    // 23:30 UTC on the 20th is already the 21st in Tokyo.
    expect(useAction(b({}), 'available', new Date('2026-11-20T23:30:00Z'))).toMatchObject({ allowed: true });
  });
  it('URL access: the link only from the day of use', () => {
    const u = ticket('a', { usageTrigger: 2, useDate: '2026-11-22' });
    expect(useAction(u, 'available', now)).toEqual({ kind: 'url', available: false });
    expect(useAction({ ...u, useDate: '2026-11-21' }, 'available', now)).toEqual({ kind: 'url', available: true });
  });
});

describe('grouping', () => {
  it('groups by park (nearest day first) and by day, tickets by time then name', () => {
    const zoo = park(1, '旭山動物園');
    const sea = park(2, '海遊館');
    const groups = groupTickets([
      ticket('1', { park: zoo, useDate: '2026-12-01', itemName: 'B' }),
      ticket('2', { park: sea, useDate: '2026-11-25', time: '14:00' }),
      ticket('3', { park: zoo, useDate: '2026-11-30', itemName: 'A' }),
      ticket('4', { park: sea, useDate: '2026-11-25', time: '10:00' }),
      ticket('5', { park: zoo, useDate: '2026-12-01', itemName: 'A' }),
    ]);
    expect(groups.map((g) => g.park.name)).toEqual(['海遊館', '旭山動物園']);
    expect(groups[0]?.dates.map((d) => d.tickets.map((t) => t.id))).toEqual([['4', '2']]);
    expect(groups[1]?.dates.map((d) => d.date)).toEqual(['2026-11-30', '2026-12-01']);
    expect(groups[1]?.dates[1]?.tickets.map((t) => t.id)).toEqual(['5', '1']);
  });

  it('takes the first tickets in order for the first render, days keeping their full count', () => {
    const zoo = park(1, '旭山動物園');
    const sea = park(2, '海遊館');
    const groups = groupTickets([
      ticket('1', { park: sea, useDate: '2026-11-25' }),
      ticket('2', { park: sea, useDate: '2026-11-25' }),
      ticket('3', { park: sea, useDate: '2026-11-26' }),
      ticket('4', { park: zoo, useDate: '2026-12-01' }),
    ]);
    const shown = (limit: number) =>
      firstTickets(groups, limit).map((g) => g.dates.map((d) => `${d.tickets.map((t) => t.id).join('')}/${d.total}`));
    expect(shown(1)).toEqual([['1/2']]);
    expect(shown(3)).toEqual([['12/2', '3/1']]);
    expect(shown(4)).toEqual([['12/2', '3/1'], ['4/1']]);
    expect(shown(Number.POSITIVE_INFINITY)).toEqual(shown(4));
    expect(firstTickets(groups, 0)).toEqual([]);
  });
});

describe('share expiry', () => {
  const now = Date.parse('2026-11-21T00:00:00Z');
  it('shows the time left, rounded up to the minute', () => {
    expect(shareExpiry({ state: 'open', expiresAt: '2026-11-21T23:59:30Z' }, now)).toEqual({
      expired: false,
      hours: 24,
      minutes: 0,
    });
    expect(shareExpiry({ state: 'open', expiresAt: '2026-11-21T01:30:00Z' }, now)).toEqual({
      expired: false,
      hours: 1,
      minutes: 30,
    });
  });
  it('is expired past expiresAt by this clock, or when the server says so', () => {
    expect(shareExpiry({ state: 'open', expiresAt: '2026-11-20T23:59:59Z' }, now)).toEqual({ expired: true });
    expect(shareExpiry({ state: 'open', expiresAt: '2026-11-21T00:00:00Z' }, now)).toEqual({ expired: true });
    expect(shareExpiry({ state: 'expired', expiresAt: '2026-11-22T00:00:00Z' }, now)).toEqual({ expired: true });
  });
});

describe('order detail', () => {
  it('shows the ticket subtotal as this ticket’s own price, not the order’s subtotal', () => {
    const detail = {
      ticket: ticket('a', { price: 2000 }),
      subtotal: 4000,
      ticketSubtotal: 4000,
    };
    expect(ticketSubtotalOf(detail)).toBe(2000);
  });
});
