// The staff area's API: roles per park checked on every staff route (the route declares the role; the path's park,
// or the park of the scanned ticket or reviewed act), the parks a gate account scans for with today's counts, the
// day's ticket list gates keep offline, and the review of flagged acts. PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import Hapi from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayTicketsPage, FlaggedAct, StaffPark } from '../../common/dto/staff';
import type { WalletTicket } from '../../common/dto/wallet';
import { tokyoDate } from '../../common/time';
import { issueAccessToken } from '../features/auth/accessToken';
import { authPlugin, REQUIRED } from '../plugins/auth';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
let parkA = 0;
let parkB = 0;
oneTokyoDayPerTest();

beforeAll(async () => {
  ctx = await createTestServer();
  [parkA, parkB] = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as [
    number,
    number,
  ];
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

async function staff(parkId: number, role = 'scanner'): Promise<Caller & { id: number }> {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}
const as = async (email: string): Promise<Caller> => {
  const row = await c.knex()('users').where({ email }).first('id');
  return { token: (await issueAccessToken(c.knex(), ctx.server.app.config, row.id)).access_token };
};

/** A ticket of park A for today, with its token. */
async function ticketToday() {
  const buyer = await c.user();
  const item = await c.makeItem();
  await c
    .knex()('coin_entries')
    .insert({
      user_id: buyer.id,
      kind: 'plus',
      reason: 'reward',
      amount: 1000,
      expires_at: new Date(Date.now() + 9e8),
    });
  await c.addToCart(buyer, item, 1);
  const order = await c.call('POST', '/api/v1/orders', buyer, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 4,
    coins: 1000,
  });
  expect(order.statusCode, order.payload).toBe(201);
  const id = (
    await c
      .knex()('tickets')
      .where({ order_id: body(order).data.orderId })
      .first('id')
  ).id as string;
  await c.knex()('tickets').where({ id }).update({ use_date: tokyoDate() });
  const t = (body(await c.call('GET', '/api/v1/me/tickets', buyer)).data.tickets as WalletTicket[]).find(
    (x) => x.id === id,
  ) as WalletTicket;
  return { id, token: t.token as string, number: t.ticketNumber };
}

const scan = (who: Caller, data: Record<string, unknown>) =>
  c.call('POST', '/api/v1/staff/scans', who, { scan_id: randomUUID(), scanned_at: new Date().toISOString(), ...data });

describe('staff roles', () => {
  it('every staff route wants the role at the park: visitors, other parks and other roles are refused', async () => {
    const visitor = await c.user();
    const scannerB = await staff(parkB);
    const financeA = await staff(parkA, 'finance');
    const { token } = await ticketToday();
    for (const who of [visitor, scannerB, financeA]) {
      for (const url of [`/api/v1/staff/parks/${parkA}/tickets`, `/api/v1/staff/parks/${parkA}/scans`]) {
        const res = await c.call('GET', url, who);
        expect(res.statusCode, `${url} ${res.payload}`).toBe(403);
        expect(body(res).meta.code).toBe('notParkStaff');
      }
      expect((await scan(who, { token })).statusCode).toBe(403);
    }
    expect((await c.call('GET', '/api/v1/staff/parks', visitor)).statusCode).toBe(403);
    expect((await c.call('GET', '/api/v1/staff/parks')).statusCode).toBe(401);
    // The role column takes the back office's roles too, and nothing else.
    await expect(staff(parkA, 'janitor')).rejects.toThrow();
  });

  it('the seeded gate accounts scan for their parks; the two-park account lists both with today’s counts', async () => {
    const multi = await as('gate@staff.zoopass.jp');
    const parks = body(await c.call('GET', '/api/v1/staff/parks', multi)).data as StaffPark[];
    expect(parks.map((p) => p.id)).toEqual([parkA, parkB]);
    expect(parks[0]).toMatchObject({ roles: ['scanner'], today: { date: tokyoDate() } });
    const t = await ticketToday();
    const before = (body(await c.call('GET', '/api/v1/staff/parks', multi)).data as StaffPark[])[0] as StaffPark;
    expect((await scan(multi, { token: t.token, gate_name: '東ゲート' })).statusCode).toBe(200);
    const after = (body(await c.call('GET', '/api/v1/staff/parks', multi)).data as StaffPark[])[0] as StaffPark;
    expect(after.today.admitted).toBe(before.today.admitted + 1);
    expect(after.today.tickets).toBe(before.today.tickets);
  });
});

describe('declared access', () => {
  it('every staff route declares its role, and a staff route without one stops the server at start', async () => {
    const staffRoutes = ctx.server.table().filter((r) => r.path.startsWith('/api/v1/staff'));
    expect(staffRoutes.length).toBeGreaterThanOrEqual(5);
    // The gate's routes want a scanner (or owner); the back office's declare their own roles (backOffice.test.ts).
    const gate = staffRoutes.filter((r) => /\/(tickets|scans)(\/|$)/.test(r.path) || r.path === '/api/v1/staff/parks');
    expect(gate.length).toBeGreaterThanOrEqual(5);
    for (const r of gate) expect(r.settings.app?.access, r.path).toEqual({ staff: 'scanner' });
    for (const r of staffRoutes) expect(r.settings.app?.access, r.path).toHaveProperty('staff');

    const bare = Hapi.server();
    Object.assign(bare.app, { config: ctx.server.app.config, knex: c.knex() });
    await bare.register({ plugin: { name: 'db', register() {} } });
    await bare.register(authPlugin);
    bare.route({ method: 'GET', path: '/api/v1/staff/forgotten', options: { auth: REQUIRED }, handler: () => 'x' });
    await expect(bare.initialize()).rejects.toThrow(/without app\.access\.staff: GET \/api\/v1\/staff\/forgotten/);
  });
});

describe('the day list and manual entry', () => {
  it('lists the day’s tickets by pages with the live token id and who admitted each; a ticket number admits', async () => {
    const gate = await staff(parkA);
    const first = await ticketToday();
    const second = await ticketToday();
    const scanned = await scan(gate, { token: first.token, device_id: 'dev-1', gate_name: '正門' });
    expect(body(scanned).data.result).toBe('accepted');
    const typed = await scan(gate, { ticket_number: second.number, device_id: 'dev-2', gate_name: '西門' });
    expect(typed.statusCode, typed.payload).toBe(200);
    expect(body(typed).data).toMatchObject({ ticketId: second.id, result: 'accepted' });
    const unknown = await scan(gate, { ticket_number: 'ZP000000-000000-01' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).meta.code).toBe('ticketNumberUnknown');

    const all: DayTicketsPage['tickets'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const res = await c.call('GET', `/api/v1/staff/parks/${parkA}/tickets?limit=1${q}`, gate);
      expect(res.statusCode, res.payload).toBe(200);
      const page = body(res).data as DayTicketsPage;
      all.push(...page.tickets);
      cursor = page.more ? page.next : null;
      pages++;
    } while (cursor && pages < 500);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    const one = all.find((t) => t.id === first.id);
    expect(one).toMatchObject({ state: 'used', usedBy: { source: 'scan', deviceId: 'dev-1', gateName: '正門' } });
    expect(one?.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(all.find((t) => t.id === second.id)?.usedBy?.gateName).toBe('西門');
  });
});

describe('review of flagged acts', () => {
  it('lists a duplicate with the accepted act beside it; staff of the park mark it reviewed, others may not', async () => {
    const gate = await staff(parkA);
    const other = await staff(parkB);
    const t = await ticketToday();
    const firstAt = new Date(Date.now() - 60_000);
    await scan(gate, { token: t.token, scanned_at: firstAt.toISOString(), device_id: 'dev-a', gate_name: '正門' });
    const dup = await scan(gate, { token: t.token, device_id: 'dev-b', gate_name: '北門' });
    expect(body(dup).data).toMatchObject({ result: 'duplicate', flag: 'duplicate' });
    const scanId = body(dup).data.scanId as string;

    const open = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/scans`, gate)).data as FlaggedAct[];
    const entry = open.find((e) => e.act.scanId === scanId);
    expect(entry).toMatchObject({
      act: { flag: 'duplicate', deviceId: 'dev-b', gateName: '北門', accepted: false },
      accepted: { deviceId: 'dev-a', gateName: '正門', actedAt: firstAt.toISOString(), accepted: true },
      ticket: { id: t.id, ticketNumber: t.number, state: 'used' },
      reviewedAt: null,
    });

    const refused = await c.call('POST', `/api/v1/staff/scans/${scanId}/review`, other);
    expect(refused.statusCode).toBe(403);
    const done = await c.call('POST', `/api/v1/staff/scans/${scanId}/review`, gate);
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data.reviewedAt).toEqual(expect.any(String));
    expect((await c.call('POST', `/api/v1/staff/scans/${scanId}/review`, gate)).statusCode).toBe(200);
    const still = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/scans`, gate)).data as FlaggedAct[];
    expect(still.some((e) => e.act.scanId === scanId)).toBe(false);
    const reviewed = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/scans?reviewed=true`, gate))
      .data as FlaggedAct[];
    expect(reviewed.find((e) => e.act.scanId === scanId)?.reviewedBy).toEqual(expect.any(String));
    expect((await c.call('POST', `/api/v1/staff/scans/${randomUUID()}/review`, gate)).statusCode).toBe(404);
  });
});
