// Day lists by change (issue 28): a gate's sync asks for the tickets of its park's day changed since its cursor;
// without one it gets the whole day. Uses, cancellations and shares (a new live token) come as deltas, pages follow
// the cursor, and a write committed after a later one was read is not missed. PGlite, and PostgreSQL with
// DATABASE_URL (the concurrent case needs a second connection: PostgreSQL only).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayTicket, DayTicketsPage } from '../../common/dto/staff';
import type { WalletTicket } from '../../common/dto/wallet';
import { addDays, tokyoDate } from '../../common/time';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
oneTokyoDayPerTest();

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

async function gateOf(parkId: number): Promise<Caller> {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role: 'scanner' });
  return user;
}

/** `n` adult tickets of a new item bought by a new visitor, whose wallet has been read (tokens issued). */
async function bought(n: number) {
  const buyer = await c.user();
  const item = await c.makeItem();
  await c
    .knex()('coin_entries')
    .insert({
      user_id: buyer.id,
      kind: 'plus',
      reason: 'reward',
      amount: 1000 * n,
      expires_at: new Date(Date.now() + 9e8),
    });
  // Cancellable for free up to 3 days before (bought for 5 or more days ahead), and shareable.
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 3, charge_rate: 0 });
  await c
    .knex()('items')
    .where({ id: item.id })
    .update({ shareable_until: addDays(tokyoDate(), 60) });
  await c.addToCart(buyer, item, n, 0, 5);
  const order = await c.call('POST', '/api/v1/orders', buyer, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 4,
    coins: 1000 * n,
  });
  expect(order.statusCode, order.payload).toBe(201);
  const wallet = async () =>
    (body(await c.call('GET', '/api/v1/me/tickets', buyer)).data.tickets as WalletTicket[]).filter(
      (t) => t.orderId === body(order).data.orderId,
    );
  const tickets = await wallet();
  expect(tickets).toHaveLength(n);
  return { buyer, parkId: item.parkId, date: tickets[0]?.useDate as string, tickets, wallet };
}

/** One sync of a day as a device makes it: pages from the cursor while more; answers the rows in order. */
async function sync(gate: Caller, parkId: number, date: string, cursor: string | null, limit = 2000) {
  const rows: DayTicket[] = [];
  let pages = 0;
  let pagesWithRows = 0;
  for (;;) {
    const q = cursor ? `&cursor=${cursor}` : '';
    const res = await c.call('GET', `/api/v1/staff/parks/${parkId}/tickets?date=${date}&limit=${limit}${q}`, gate);
    expect(res.statusCode, res.payload).toBe(200);
    const page = body(res).data as DayTicketsPage;
    rows.push(...page.tickets);
    cursor = page.next;
    pages++;
    if (page.tickets.length) pagesWithRows++;
    if (!page.more || pages > 500) break;
  }
  const latest = new Map(rows.map((t) => [t.id, t]));
  return { rows, latest, next: cursor as string, pages, pagesWithRows };
}

/**
 * Syncs again from each sync's cursor, as a gate does every few seconds, until every one of `ids` has come (at most
 * 15 s): a delta hands out only changes of transactions older than the oldest still running anywhere on the server
 * (listDayTickets.ts), so on a shared PostgreSQL (other test files' transactions) a change may come a sync later.
 */
async function syncUntil(
  gate: Caller,
  parkId: number,
  date: string,
  cursor: string,
  ids: readonly string[],
  limit = 2000,
  settle = false,
) {
  const rows: DayTicket[] = [];
  let pagesWithRows = 0;
  const until = Date.now() + 15_000;
  for (;;) {
    const got = await sync(gate, parkId, date, cursor, limit);
    rows.push(...got.rows);
    pagesWithRows += got.pagesWithRows;
    cursor = got.next;
    const seen = ids.every((id) => rows.some((t) => t.id === id));
    // Settling: a change comes again when a later transaction wrote the same ticket (a share's receipt after its
    // offer) and the first sync's bound fell between them; sync until a sync brings nothing.
    if ((seen && (!settle || got.rows.length === 0)) || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { rows, latest: new Map(rows.map((t) => [t.id, t])), next: cursor, pagesWithRows };
}

describe('day lists by change', () => {
  it('first sync lists the whole day; deltas bring a cancellation and a share (new live token), nothing else', async () => {
    const { buyer, parkId, date, tickets } = await bought(3);
    const gate = await gateOf(parkId);
    const [kept, cancelled, shared] = tickets as [WalletTicket, WalletTicket, WalletTicket];

    const first = await sync(gate, parkId, date, null, 1);
    for (const t of tickets)
      expect(first.latest.get(t.id)).toMatchObject({ state: 'available', jti: expect.any(String) });
    expect(first.pages).toBeGreaterThanOrEqual(3);
    // Nothing changed: nothing new, and the cursor stays usable. At least once: a transaction still open elsewhere
    // (another test file on the same PostgreSQL) when the first sync began lowers its bound, and a ticket written
    // after that bound comes again, as it was.
    const quiet = await sync(gate, parkId, date, first.next);
    for (const again of quiet.rows.filter((t) => tickets.some((x) => x.id === t.id)))
      expect(again).toEqual(first.latest.get(again.id));

    const cancel = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [cancelled.id] });
    expect(cancel.statusCode, cancel.payload).toBeLessThan(300);
    const share = await c.call('POST', '/api/v1/me/ticket-shares', buyer, { ticket_ids: [shared.id] });
    expect(share.statusCode, share.payload).toBe(201);
    const receiver = await c.user();
    const got = await c.call('POST', `/api/v1/ticket-shares/${body(share).data.id}/receive`, receiver);
    expect(got.statusCode, got.payload).toBe(200);
    const newToken = (body(got).data.tickets as WalletTicket[])[0]?.token as string;
    expect(newToken).toBeTruthy();

    const delta = await syncUntil(gate, parkId, date, quiet.next, [cancelled.id, shared.id], 2000, true);
    // Each delivery reads the ticket as it is now: a repeat of the share carries the new token too.
    for (const t of delta.rows.filter((r) => r.id === shared.id)) expect(t.jti).toBe(delta.latest.get(shared.id)?.jti);
    const mine = [...delta.latest.values()].filter((t) => tickets.some((x) => x.id === t.id));
    // The unchanged ticket may come again as it was: when another test file's transaction was still running at the
    // first sync, its bound fell before the purchase's commit (deliveries are at least once; a gate's store
    // overwrites). It must not come changed.
    const again = mine.find((t) => t.id === kept.id);
    if (again)
      expect({ state: again.state, jti: again.jti }).toEqual({
        state: first.latest.get(kept.id)?.state,
        jti: first.latest.get(kept.id)?.jti,
      });
    expect(
      mine
        .filter((t) => t.id !== kept.id)
        .map((t) => t.id)
        .sort(),
    ).toEqual([cancelled.id, shared.id].sort());
    expect(['cancel_waiting', 'cancelled']).toContain(delta.latest.get(cancelled.id)?.state);
    const before = first.latest.get(shared.id)?.jti;
    expect(delta.latest.get(shared.id)?.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(delta.latest.get(shared.id)?.jti).not.toBe(before);
    expect((await sync(gate, parkId, date, delta.next)).rows.filter((t) => tickets.some((x) => x.id === t.id))).toEqual(
      [],
    );
  });

  it('a use at another gate comes as a delta with who admitted it', async () => {
    const { parkId, tickets } = await bought(2);
    const today = tokyoDate();
    await c
      .knex()('tickets')
      .whereIn(
        'id',
        tickets.map((t) => t.id),
      )
      .update({ use_date: today });
    const gate = await gateOf(parkId);
    const first = await sync(gate, parkId, today, null);
    expect(first.latest.get(tickets[0]?.id as string)?.state).toBe('available');
    const used = await c.call('POST', '/api/v1/staff/scans', gate, {
      scan_id: randomUUID(),
      scanned_at: new Date().toISOString(),
      ticket_number: tickets[0]?.ticketNumber,
      device_id: 'dev-east',
      gate_name: '東門',
    });
    expect(body(used).data.result).toBe('accepted');
    const delta = await syncUntil(gate, parkId, today, first.next, [tickets[0]?.id as string]);
    expect(delta.latest.get(tickets[0]?.id as string)).toMatchObject({
      state: 'used',
      usedBy: { source: 'scan', deviceId: 'dev-east', gateName: '東門' },
    });
    // The other ticket is not used: if it comes again (the cursor hands a change out again rather than skip it when
    // the first sync's bound fell before its write, as on a shared database), it comes unchanged.
    expect(delta.latest.get(tickets[1]?.id as string)?.state ?? 'available').toBe('available');
  });

  it('deltas page by the cursor: every changed ticket, in pages of the limit', async () => {
    const { parkId, date, tickets } = await bought(5);
    const gate = await gateOf(parkId);
    const first = await sync(gate, parkId, date, null);
    // The cursor hands a change out again rather than skip one: when the first sync's bound fell before the
    // issuing transaction's last write (PostgreSQL, CI), the delta brings the five again. Drain that first, so
    // the pages counted below hold only the updates.
    const settled = await syncUntil(gate, parkId, date, first.next, [], 2000, true);
    for (const t of tickets) await c.knex()('tickets').where({ id: t.id }).update({ updated_at: new Date() });
    const delta = await syncUntil(
      gate,
      parkId,
      date,
      settled.next,
      tickets.map((t) => t.id),
      2,
    );
    // Each of the five, in pages of two. A change may come again when another transaction held the bound back
    // (other test files on a shared PostgreSQL): the gate keeps the latest copy per ticket.
    expect([...new Set(delta.rows.map((t) => t.id))].sort()).toEqual(tickets.map((t) => t.id).sort());
    expect(delta.rows.every((t) => tickets.some((x) => x.id === t.id))).toBe(true);
    expect(delta.pagesWithRows).toBeGreaterThanOrEqual(3);
  });

  it('a bad cursor is refused naming the field, in ja and en', async () => {
    const { parkId, date } = await bought(1);
    const gate = await gateOf(parkId);
    for (const lang of ['ja', 'en'] as const) {
      const res = await c.call('GET', `/api/v1/staff/parks/${parkId}/tickets?date=${date}&cursor=zz`, {
        ...gate,
        lang,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).meta.message).toContain('cursor');
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a write committed after a later one was read is in the next delta (concurrent writers)',
    async () => {
      const { parkId, date, tickets } = await bought(2);
      const [early, late] = tickets as [WalletTicket, WalletTicket];
      const gate = await gateOf(parkId);
      const first = await sync(gate, parkId, date, null);
      // A writer starts first and commits last; another commits in between and a gate syncs before the first ends.
      const slow = await c.knex().transaction();
      try {
        await slow('tickets').where({ id: early.id }).update({ updated_at: new Date() });
        await c.knex()('tickets').where({ id: late.id }).update({ updated_at: new Date() });
        const during = await sync(gate, parkId, date, first.next);
        await slow.commit();
        const after = await syncUntil(
          gate,
          parkId,
          date,
          during.next,
          [early.id, late.id].filter((id) => !during.rows.some((t) => t.id === id)),
        );
        const seen = new Set([...during.rows, ...after.rows].map((t) => t.id));
        expect(seen.has(late.id)).toBe(true);
        expect(seen.has(early.id)).toBe(true);
      } finally {
        if (!slow.isCompleted()) await slow.rollback();
      }
    },
  );
});
