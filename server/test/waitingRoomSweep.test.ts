// Issue 30, the waiting room's sweep: the adaptive rate (what the stock path takes, under the staff's maximum), the
// high-demand trigger (holds per minute on one item above the configured number open a room), and the turn's notice
// (inbox and push, once). PGlite, and PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptRate, MIN_RATE } from '../features/waitingRoom/frontier';
import { openHighDemandRooms, sweepWaitingRooms } from '../features/waitingRoom/services/sweepRooms';
import { body, type Caller, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  ctx.server.app.testClock?.reset();
  await ctx?.close();
});

const clock = () => ctx.server.app.testClock as NonNullable<typeof ctx.server.app.testClock>;

async function roomItem(o: { opensInMs: number; rate: number }) {
  const item = await c.makeItem({ capacity: 100 });
  const editor = await c.user();
  await c.knex()('park_staff').insert({ user_id: editor.id, park_id: item.parkId, role: 'editor' });
  const url = `/api/v1/staff/parks/${item.parkId}/items/${item.id}/waiting-room`;
  const res = await c.call('PUT', url, editor, {
    opens_at: new Date(clock().now().getTime() + o.opensInMs).toISOString(),
    rate: o.rate,
  });
  expect(res.statusCode, res.payload).toBe(200);
  return { ...item, editor, url, date: await c.openDate(item.id) };
}

const join = (itemId: number, who: Caller) => c.call('POST', `/api/v1/items/${itemId}/waiting-room`, who, {});
const addLine = (itemId: number, date: string, who: Caller, token?: string) =>
  c.call(
    'POST',
    '/api/v1/carts',
    { ...who, headers: { ...who.headers, ...(token ? { 'x-admission-token': token } : {}) } },
    { item_id: itemId, date, quantities: [{ age_group_id: 5, quantity: 1 }] },
  );
const sweep = (now = clock().now()) => sweepWaitingRooms(c.knex(), 0, now);

describe('adaptRate', () => {
  it('grows by half while the holds keep up, falls to what was taken when they do not, within [floor, max]', () => {
    expect(adaptRate(2, 10, 2)).toBe(3);
    expect(adaptRate(2, 10, 1.6)).toBe(3);
    expect(adaptRate(8, 10, 8)).toBe(10);
    expect(adaptRate(2, 10, 1)).toBe(1);
    expect(adaptRate(2, 10, 0)).toBe(MIN_RATE);
    expect(adaptRate(0.05, 0.05, 0)).toBe(0.05);
    expect(adaptRate(10, 10, 50)).toBe(10);
  });
});

describe('the waiting room sweep', () => {
  it('adapts the rate to the holds of the last minute, never above the staff maximum, from the frontier', async () => {
    // Opened a minute ago: the whole minute is measured (the queue starts at the first join).
    const item = await roomItem({ opensInMs: -MIN, rate: 1 });
    const users = await Promise.all(Array.from({ length: 12 }, () => c.user()));
    for (const u of users) expect((await join(item.id, u)).statusCode).toBe(201);
    clock().advance(2000);
    // About 3 s after the first join at 1 a second: 3 of the 12 let in (more if the machine is slow, well under 10).
    const before = body(await c.call('GET', item.url, item.editor)).data;
    expect(before).toMatchObject({ rate: 1, maxRate: 1, length: 12 });
    // Nobody took any stock in the last minute: the rate falls to the floor, the places let in stay let in.
    await sweep();
    const after = body(await c.call('GET', item.url, item.editor)).data;
    expect(after).toMatchObject({ rate: MIN_RATE, maxRate: 1 });
    expect(after.admitted).toBeGreaterThanOrEqual(before.admitted);
    expect(after.admitted).toBeLessThan(10);
    // The ones let in buy: one hold each.
    for (const u of users.slice(0, after.admitted)) {
      const token = body(await c.call('POST', `/api/v1/items/${item.id}/waiting-room/admission`, u)).data.token;
      expect((await addLine(item.id, item.date, u, token)).statusCode).toBe(201);
    }
    // Under 10 holds in the minute (< 0.16/s, 80 % of 0.2): stays at the floor; 10 more lift it by half.
    await sweep();
    expect(body(await c.call('GET', item.url, item.editor)).data.rate).toBe(MIN_RATE);
    const stock = (await c.knex()('stock_holds').orderBy('id', 'desc').first('stock_unit_id')) as {
      stockUnitId: number;
    };
    await c
      .knex()('stock_holds')
      .insert(
        Array.from({ length: 10 }, () => ({
          stock_unit_id: stock.stockUnitId,
          quantity: 1,
          state: 'sold',
          expires_at: new Date(Date.now() + MIN),
          created_at: new Date(clock().now().getTime() - 1000),
        })),
      );
    await sweep();
    expect(body(await c.call('GET', item.url, item.editor)).data.rate).toBeCloseTo(MIN_RATE * 1.5, 3);
    // A paused room is left alone.
    await c.call('PUT', item.url, item.editor, { paused: true });
    await sweep();
    expect(body(await c.call('GET', item.url, item.editor)).data).toMatchObject({ paused: true, rate: 0.3 });
    const audits = await c.knex()('audit_logs').where({ entity: 'waiting_room', action: 'rate_adapted' });
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('measures what the stock path takes from the opening, not over a minute that began before it', async () => {
    // The adaptive rate divided the holds of the last 60 s by 60 s, the time before the opening included (when the
    // cart refused the item to all): 20 s after the opening, 10 holds (one every 2 s) read as one every 6 s and the
    // rate fell to the floor. Holds made before the opening are no measure of the room either.
    const item = await roomItem({ opensInMs: -1000, rate: 1 });
    const users = await Promise.all(Array.from({ length: 30 }, () => c.user()));
    for (const u of users) expect((await join(item.id, u)).statusCode).toBe(201);
    // A second or two after the opening is too short to measure: the staff's rate stays.
    await sweep();
    expect(body(await c.call('GET', item.url, item.editor)).data.rate).toBe(1);
    clock().advance(19_000);
    const { opensAt } = (await c.knex()('waiting_rooms').where('item_id', item.id).first('opens_at')) as {
      opensAt: Date;
    };
    const opened = new Date(opensAt).getTime();
    const now = clock().now();
    const [unit] = (await c
      .knex()('stock_units')
      .insert({ item_id: item.id, date: item.date, capacity: 100 })
      .returning('id')) as { id: number }[];
    const hold = (at: number) => ({
      stock_unit_id: unit?.id,
      quantity: 1,
      state: 'held',
      expires_at: new Date(now.getTime() + MIN),
      created_at: new Date(at),
    });
    await c
      .knex()('stock_holds')
      .insert([
        ...Array.from({ length: 10 }, (_, i) => hold(opened + 1000 + i * 1500)),
        ...Array.from({ length: 5 }, (_, i) => hold(opened - 30_000 + i * 1000)),
      ]);
    await sweep(now);
    const seconds = (now.getTime() - opened) / 1000;
    const { rate } = body(await c.call('GET', item.url, item.editor)).data as { rate: number };
    expect({ rate, seconds }).toEqual({ rate: Math.round((10 / seconds) * 1000) / 1000, seconds });
  });

  it('measures the stock path only while the room lets in: time paused by staff is not measured', async () => {
    // While paused nobody new is let in and the holds stop; the minute measured after a resume counted the pause and
    // read low: 10 holds in the 20 s since the resume, over 60 s, put the rate at the floor.
    const item = await roomItem({ opensInMs: -MIN, rate: 1 });
    const users = await Promise.all(Array.from({ length: 40 }, () => c.user()));
    for (const u of users) expect((await join(item.id, u)).statusCode).toBe(201);
    expect((await c.call('PUT', item.url, item.editor, { paused: true })).statusCode).toBe(200);
    clock().advance(40_000);
    expect((await c.call('PUT', item.url, item.editor, { paused: false })).statusCode).toBe(200);
    const row = (await c.knex()('waiting_rooms').where('item_id', item.id).first('resumed_at')) as { resumedAt: Date };
    const resumed = new Date(row.resumedAt).getTime();
    clock().advance(20_000);
    const now = clock().now();
    const [unit] = (await c
      .knex()('stock_units')
      .insert({ item_id: item.id, date: item.date, capacity: 100 })
      .returning('id')) as { id: number }[];
    await c
      .knex()('stock_holds')
      .insert(
        Array.from({ length: 10 }, (_, i) => ({
          stock_unit_id: unit?.id,
          quantity: 1,
          state: 'held',
          expires_at: new Date(now.getTime() + MIN),
          created_at: new Date(resumed + 500 + i * 2000),
        })),
      );
    await sweep(now);
    // 10 holds over the 20 s let in: 0.5 a second (under 80 % of 1: the rate falls to what was taken).
    const seconds = (now.getTime() - resumed) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(20);
    expect(seconds).toBeLessThan(25);
    expect(body(await c.call('GET', item.url, item.editor)).data).toMatchObject({
      rate: Math.round((10 / seconds) * 1000) / 1000,
      paused: false,
    });
  });

  it('gives an idle queue no credit: newcomers after a quiet spell are let in at the rate, not all at once', async () => {
    const item = await roomItem({ opensInMs: -1000, rate: 0.1 });
    clock().advance(10 * MIN);
    const [a, b] = [await c.user(), await c.user()];
    await join(item.id, a);
    await join(item.id, b);
    const placeOf = async (u: Caller) =>
      body(await c.call('GET', `/api/v1/items/${item.id}/waiting-room`, u)).data.place;
    expect(await placeOf(a)).toMatchObject({ position: 1, admitted: false });
    expect(await placeOf(b)).toMatchObject({ position: 2, admitted: false });
    clock().advance(11_000);
    expect(await placeOf(a)).toMatchObject({ admitted: true });
    expect(await placeOf(b)).toMatchObject({ admitted: false, ahead: 0 });
  });

  it('tells a signed-in visitor once, by inbox (and push), when the queue reaches their place', async () => {
    const item = await roomItem({ opensInMs: -1000, rate: 0.01 });
    const [a, b] = [await c.user(), await c.user()];
    await join(item.id, a);
    await join(item.id, b);
    await sweep();
    const inboxOf = async (u: Caller) =>
      (body(await c.call('GET', '/api/v1/me/notifications', u)).data as { kind: string; navigate: string }[]).filter(
        (n) => n.kind === 'waitingRoomTurn',
      );
    expect(await inboxOf(a)).toHaveLength(0);
    // The status answer says when to poll again: a quarter of the estimate, at most 30 s (here b waits 200 s),
    // within a fifth either way (frontier.ts: a crowd told the same wait polled in the same second).
    const polled = await c.call('GET', `/api/v1/items/${item.id}/waiting-room`, b);
    expect(body(polled).data.pollAfterSeconds).toBeGreaterThanOrEqual(24);
    expect(body(polled).data.pollAfterSeconds).toBeLessThanOrEqual(30);
    expect(polled.headers['retry-after']).toBe(String(body(polled).data.pollAfterSeconds));
    clock().advance(100_000);
    await sweep();
    await sweep();
    expect(await inboxOf(a)).toEqual([expect.objectContaining({ navigate: `/items/${item.id}/queue` })]);
    expect(await inboxOf(b)).toHaveLength(0);
    clock().advance(100_000);
    await sweep();
    expect(await inboxOf(a)).toHaveLength(1);
    expect(await inboxOf(b)).toHaveLength(1);
  });

  it('opens a room for an item whose add-to-cart holds per minute reach the threshold, and then the cart asks', async () => {
    clock().reset();
    const hot = await c.makeItem({ capacity: 100 });
    const calm = await c.makeItem({ capacity: 100 });
    const hotDate = await c.openDate(hot.id);
    const calmDate = await c.openDate(calm.id);
    const buyers = await Promise.all(Array.from({ length: 3 }, () => c.user()));
    for (const u of buyers) expect((await addLine(hot.id, hotDate, u)).statusCode).toBe(201);
    expect((await addLine(calm.id, calmDate, buyers[0] as Caller)).statusCode).toBe(201);
    const now = new Date(Date.now() + 1000);
    expect(await openHighDemandRooms(c.knex(), 0, now)).toEqual([]);
    expect(await openHighDemandRooms(c.knex(), 4, now)).toEqual([]);
    expect(await openHighDemandRooms(c.knex(), 3, now)).toEqual([hot.id]);
    // Once only.
    expect(await openHighDemandRooms(c.knex(), 3, now)).toEqual([]);
    const room = await c.knex()('waiting_rooms').where('item_id', hot.id).first();
    expect(room).toMatchObject({ auto: true, maxRate: 5 });
    expect(await c.knex()('waiting_rooms').where('item_id', calm.id).first()).toBeUndefined();
    const late = await c.user();
    const refused = await addLine(hot.id, hotDate, late);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).meta.code).toBe('waitingRoomAdmissionRequired');
    expect((await addLine(calm.id, calmDate, late)).statusCode).toBe(201);
    // The visitor queues (arrival order: the pre-queue was empty) and is let in.
    expect((await join(hot.id, late)).statusCode).toBe(201);
    const audit = await c.knex()('audit_logs').where({ entity: 'waiting_room', action: 'auto_opened' });
    expect(audit.length).toBe(1);
  });
});
