// The back office: roles per park checked on every staff route (owner everything and members; editor stories;
// scanner the gate; finance orders), members invited by a mailed link, removed members refused on their next
// request, and the audit trail of every staff change. PGlite, and PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuditEntry, StaffMembers } from '../../common/dto/staff';
import { body, type Caller, commerce } from './commerceFixtures';
import { linkFrom, startSmtp } from './smtp';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const c = commerce(() => ctx);
let parkA = 0;
let parkB = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' });
  [parkA, parkB] = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as [
    number,
    number,
  ];
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

async function staff(parkId: number, role: string) {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

const PARK_ROUTES = (parkId: number) =>
  ({
    owner: [
      ['GET', `/api/v1/staff/parks/${parkId}/members`],
      ['GET', `/api/v1/staff/parks/${parkId}/audit`],
      ['POST', `/api/v1/staff/parks/${parkId}/invitations`, { email: 'someone@example.jp', role: 'editor' }],
    ],
    scanner: [
      ['GET', `/api/v1/staff/parks/${parkId}/tickets`],
      ['GET', `/api/v1/staff/parks/${parkId}/scans`],
    ],
  }) as Record<string, [string, string, object?][]>;

describe('roles per park', () => {
  it('every park route of the staff area is refused to other parks’ staff and to roles without the right', async () => {
    const ownerB = await staff(parkB, 'owner');
    const editorA = await staff(parkA, 'editor');
    const scannerA = await staff(parkA, 'scanner');
    const financeA = await staff(parkA, 'finance');
    const visitor = await c.user();
    const routes = PARK_ROUTES(parkA);
    const refused: [Caller, string[]][] = [
      [ownerB, ['owner', 'scanner']],
      [editorA, ['owner', 'scanner']],
      [scannerA, ['owner']],
      [financeA, ['owner', 'scanner']],
      [visitor, ['owner', 'scanner']],
    ];
    for (const [who, groups] of refused) {
      for (const g of groups) {
        for (const [method, url, payload] of routes[g] ?? []) {
          const res = await c.call(method, url, who, payload);
          expect(res.statusCode, `${method} ${url} ${res.payload}`).toBe(403);
          expect(body(res).meta.code).toBe('notParkStaff');
        }
      }
    }
    // The owner may do everything at their own park, the gate included.
    const ownerA = await staff(parkA, 'owner');
    for (const g of ['owner', 'scanner']) {
      for (const [method, url, payload] of routes[g] ?? []) {
        const res = await c.call(method, url, ownerA, payload);
        expect(res.statusCode, `${method} ${url} ${res.payload}`).toBeLessThan(300);
      }
    }
    // A scanner still scans: the gate list answers.
    expect((await c.call('GET', `/api/v1/staff/parks/${parkA}/tickets`, scannerA)).statusCode).toBe(200);
  });

  it('an owner invites by e-mail; the mailed link adds the role to the account of that address only', async () => {
    const owner = await staff(parkA, 'owner');
    const invitee = await c.user();
    const stranger = await c.user();
    const res = await c.call('POST', `/api/v1/staff/parks/${parkA}/invitations`, owner, {
      email: invitee.email.toUpperCase(),
      role: 'editor',
    });
    expect(res.statusCode, res.payload).toBe(201);
    expect(body(res).data).toMatchObject({ email: invitee.email, role: 'editor' });
    const mail = await smtp.latest(invitee.email);
    const link = linkFrom(mail, /http:\/\/localhost:3000\/staff\/invitations\/\S+/);
    const token = link.split('/').at(-1) as string;

    const members = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/members`, owner)).data as StaffMembers;
    expect(members.invitations.map((i) => i.email)).toContain(invitee.email);

    const other = await c.call('POST', '/api/v1/me/staff-invitations', stranger, { token });
    expect(other.statusCode).toBe(403);
    expect(body(other).meta.code).toBe('invitationOtherEmail');
    // Whoever holds the link learns nothing of the invited address, in either language.
    for (const lang of ['ja', 'en'] as const) {
      const refused = await c.call('POST', '/api/v1/me/staff-invitations', { ...stranger, lang }, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.payload.toLowerCase()).not.toContain(invitee.email.split('@')[0]);
      expect(refused.payload).not.toMatch(/@/);
      expect(body(refused).meta.message).toMatch(lang === 'ja' ? /招待/ : /invitation/);
    }
    expect(await c.knex()('park_staff').where({ user_id: stranger.id })).toHaveLength(0);

    const accepted = await c.call('POST', '/api/v1/me/staff-invitations', invitee, { token });
    expect(accepted.statusCode, accepted.payload).toBe(200);
    expect(body(accepted).data).toEqual({ parkId: parkA, role: 'editor' });
    const again = await c.call('POST', '/api/v1/me/staff-invitations', invitee, { token });
    expect(again.statusCode).toBe(404);
    expect(body(again).meta.code).toBe('invitationInvalid');

    const after = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/members`, owner)).data as StaffMembers;
    expect(after.members.find((m) => m.userId === invitee.id)?.roles).toEqual(['editor']);
    expect(after.invitations.map((i) => i.email)).not.toContain(invitee.email);
  });

  it('bad input names the field and changes nothing', async () => {
    const owner = await staff(parkA, 'owner');
    const before = await c.knex()('staff_invitations').count({ n: '*' }).first();
    for (const payload of [
      { email: 'not-an-address', role: 'editor' },
      { email: 'ok@example.jp', role: 'janitor' },
    ]) {
      const res = await c.call('POST', `/api/v1/staff/parks/${parkA}/invitations`, owner, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).meta.message).toMatch(/email|role/);
    }
    const after = await c.knex()('staff_invitations').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('a removed member is refused on the next request with the same token; the last owner stays', async () => {
    const owner = await staff(parkA, 'owner');
    const scanner = await staff(parkA, 'scanner');
    const url = `/api/v1/staff/parks/${parkA}/tickets`;
    expect((await c.call('GET', url, scanner)).statusCode).toBe(200);
    const res = await c.call('DELETE', `/api/v1/staff/parks/${parkA}/members/${scanner.id}`, owner);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data).toEqual({ userId: scanner.id, roles: [] });
    const next = await c.call('GET', url, scanner);
    expect(next.statusCode).toBe(403);
    expect(body(next).meta.code).toBe('notParkStaff');

    // A park of its own so that no other test's owner counts.
    const [parkC] = (await c.knex()('parks').orderBy('id').offset(2).limit(1).pluck('id')) as number[];
    // (The seeded demo owner of that park is taken away first: its owner is to be the only one.)
    await c.knex()('park_staff').where({ park_id: parkC, role: 'owner' }).delete();
    const soleOwner = await staff(parkC as number, 'owner');
    const last = await c.call('DELETE', `/api/v1/staff/parks/${parkC}/members/${soleOwner.id}`, soleOwner);
    expect(last.statusCode).toBe(409);
    expect(body(last).meta.code).toBe('lastOwner');
    expect(await c.knex()('park_staff').where({ user_id: soleOwner.id })).toHaveLength(1);
  });

  it('every staff change is in the park’s audit trail: who, when, entity, before and after; only that park’s', async () => {
    const owner = await staff(parkA, 'owner');
    const finance = await staff(parkA, 'finance');
    await c.call('DELETE', `/api/v1/staff/parks/${parkA}/members/${finance.id}?role=finance`, owner);
    const res = await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?entity=member&limit=5`, owner);
    expect(res.statusCode).toBe(200);
    const [entry] = body(res).data as StaffAuditEntry[];
    expect(entry).toMatchObject({
      actor: { userId: owner.id },
      entity: 'member',
      entityId: String(finance.id),
      action: 'remove',
      before: { roles: ['finance'] },
      after: { roles: [] },
    });
    expect(Date.now() - Date.parse(entry?.at as string)).toBeLessThan(60_000);
    const ownerB = await staff(parkB, 'owner');
    const b = body(await c.call('GET', `/api/v1/staff/parks/${parkB}/audit`, ownerB)).data as StaffAuditEntry[];
    expect(b.map((e) => e.entityId)).not.toContain(String(finance.id));
  });
});

describe('stock capacity', () => {
  it('an editor sets a day’s capacity; never below sold + held; other parks and scanners cannot', async () => {
    const item = await c.makeItem({ capacity: 10 });
    const buyer = await c.user();
    await c.addToCart(buyer, item, 3);
    const dayText = (await c.knex()('stock_units').where({ item_id: item.id }).first(c.knex().raw('date::text AS d')))
      .d as string;
    const url = `/api/v1/staff/parks/${item.parkId}/items/${item.id}/stock/${dayText}`;
    const editor = await staff(item.parkId, 'editor');
    const scanner = await staff(item.parkId, 'scanner');
    const otherEditor = await staff(item.parkId === parkA ? parkB : parkA, 'editor');
    for (const who of [scanner, otherEditor]) {
      const res = await c.call('PUT', url, who, { capacity: 50 });
      expect(res.statusCode).toBe(403);
    }
    const below = await c.call('PUT', url, editor, { capacity: 2 });
    expect(below.statusCode, below.payload).toBe(409);
    expect(body(below).meta).toMatchObject({ code: 'capacityBelowTaken' });
    expect(body(below).meta.message).toContain('3');
    const exact = await c.call('PUT', url, editor, { capacity: 3 });
    expect(exact.statusCode, exact.payload).toBe(200);
    expect(body(exact).data).toMatchObject({ capacity: 3, held: 3, sold: 0, remaining: 0 });
    const raised = await c.call('PUT', url, editor, { capacity: 40 });
    expect(body(raised).data).toMatchObject({ capacity: 40, remaining: 37 });
    const unit = await c.knex()('stock_units').where({ item_id: item.id }).first('capacity', 'held');
    expect(unit).toEqual({ capacity: 40, held: 3 });
    // Read back as editors see it (a day without slots: one row, no pass-holder pool); other parks' editors and
    // scanners cannot.
    const read = await c.call('GET', url, editor);
    expect(read.statusCode, read.payload).toBe(200);
    expect(body(read).data).toEqual([
      {
        timeSlotId: null,
        startTime: null,
        endTime: null,
        capacity: 40,
        sold: 0,
        held: 3,
        remaining: 37,
        passCapacity: null,
        pass: null,
      },
    ]);
    for (const who of [scanner, otherEditor]) expect((await c.call('GET', url, who)).statusCode).toBe(403);
    const untouched = await c.call('GET', url.replace(dayText, '2030-03-01'), editor);
    expect(body(untouched).data).toEqual([
      expect.objectContaining({ timeSlotId: null, capacity: 10, sold: 0, held: 0, remaining: 10, pass: null }),
    ]);
    expect(await c.knex()('stock_units').where({ item_id: item.id, date: '2030-03-01' })).toHaveLength(0);
    // The stock page's choice: every item of the park, for its editors only.
    const items = await c.call('GET', `/api/v1/staff/parks/${item.parkId}/items`, editor);
    expect(items.statusCode, items.payload).toBe(200);
    expect(body(items).data).toContainEqual(
      expect.objectContaining({
        id: item.id,
        name: expect.stringContaining('注文テスト'),
        category: 1,
        saleLabel: 4,
        timeSlots: 0,
      }),
    );
    for (const who of [scanner, otherEditor])
      expect((await c.call('GET', `/api/v1/staff/parks/${item.parkId}/items`, who)).statusCode).toBe(403);
    // A future date without a row yet: made with the item's capacity, then set.
    const fresh = await c.call('PUT', url.replace(dayText, '2030-01-15'), editor, { capacity: 0 });
    expect(body(fresh).data).toMatchObject({ capacity: 0, remaining: 0 });
    const bad = await c.call('PUT', url.replace(dayText, '2030-02-30'), editor, { capacity: 5 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toMatch(/date/);
  });
});
