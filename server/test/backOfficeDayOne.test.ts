// Issue 26, the back office on a park's first day: a park-initiated refund (fee 0, reason required, owner and
// finance only, audited, through the visitor's own cancellation path), why the visitor cannot cancel, a member's
// role changed (the last owner stays), the audit trail filtered by member, entity and day, the office overview
// (the park's two-factor rule and the member's own), items with sales and use period, and closing days as
// ranges beside every profile field. Over real HTTP: the card sandbox refunds over HTTP. PGlite, and PostgreSQL
// with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeCancellationAnswer, OfficeOrder } from '../../common/dto/finance';
import type { StaffAuditEntry } from '../../common/dto/staff';
import { addDays } from '../../common/time';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
const c = commerce(() => ctx);
let parkA = 0;
let parkB = 0;
let today = '';
oneTokyoDayPerTest((d) => {
  today = d;
});

beforeAll(async () => {
  const listening = await createHttpTestServer();
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
  [parkA, parkB] = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as [
    number,
    number,
  ];
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

type Buyer = Caller & { id: number; email: string };

async function staff(parkId: number, role: string) {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

async function tokenize(cardno: string): Promise<string> {
  const res = await fetch(`${base}/sandbox/gmo/token`, {
    method: 'POST',
    body: JSON.stringify({ cardno, expire: '12/30', securitycode: '123', holdername: 'HANAKO YAMADA' }),
    headers: { 'content-type': 'application/json' },
  });
  return (await res.json()).tokenObject.token[0];
}

/** Buys `adults` adult tickets (1,000 yen each) with a card and 100 coins. */
async function buy(who: Buyer, item: { id: number; parkId: number }, adults: number) {
  await c
    .knex()('coin_entries')
    .insert({
      user_id: who.id,
      kind: 'plus',
      reason: 'reward',
      amount: 1_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
  await c.addToCart(who, item, adults);
  const res = await c.call('POST', '/api/v1/orders', who, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 1,
    coins: 100,
    card_token: await tokenize('4111111111111111'),
  });
  expect(res.statusCode, res.payload).toBe(201);
  const orderId = body(res).data.orderId as number;
  const order = await c.knex()('orders').where({ id: orderId }).first();
  const ticketIds = (await c
    .knex()('tickets')
    .where({ order_id: orderId })
    .orderBy('ticket_number')
    .pluck('id')) as string[];
  return { orderId, amountPaid: order.amountPaid as number, ticketIds };
}

const orders = (parkId: number) => `/api/v1/staff/parks/${parkId}/orders`;
const auditOf = async (who: Caller, query: string) => {
  const res = await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?${query}`, who);
  expect(res.statusCode, res.payload).toBe(200);
  return body(res) as { data: StaffAuditEntry[]; meta: { next: string | null } };
};

describe('a park-initiated refund (e.g. after a storm closure)', () => {
  it('the whole order: every yen paid comes back, fee 0, even where the visitor may not cancel; audited with the reason', async () => {
    // No cancellation policy: the visitor cannot cancel at all.
    const item = await c.makeItem();
    const visitor = (await c.user()) as Buyer;
    const { orderId, amountPaid, ticketIds } = await buy(visitor, item, 2);
    expect(amountPaid).toBe(1900);
    const own = await c.call('POST', '/api/v1/me/tickets/cancellations', visitor, { ticket_ids: ticketIds });
    expect(own.statusCode).toBe(409);

    const finance = await staff(parkA, 'finance');
    const detail = body(await c.call('GET', `${orders(parkA)}/${orderId}`, finance)).data as OfficeOrder;
    // Why the visitor cannot: a code per ticket (the page says it in ja and en); the park can refund them.
    expect(detail.ticketList.map((t) => [t.cancellable, t.visitorCancelBlock, t.refundable])).toEqual([
      [false, 'noCancellation', true],
      [false, 'noCancellation', true],
    ]);

    const res = await c.call('POST', `${orders(parkA)}/${orderId}/refunds`, finance, {
      reason: '台風による臨時休園',
    });
    expect(res.statusCode, res.payload).toBe(200);
    const answer = body(res).data as OfficeCancellationAnswer;
    expect(answer.quote).toMatchObject({ fee: 0, chargeRate: 0, refundAmount: 1900, refundCoins: 100 });
    expect(answer.order.ticketList.map((t) => t.state)).toEqual(['cancelled', 'cancelled']);
    expect(answer.order.payment).toMatchObject({ refundedAmount: 1900 });
    const payment = await c.knex()('payments').where({ order_id: orderId }).first();
    expect(payment.refundedAmount).toBe(amountPaid);
    expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('cancelled');

    const owner = await staff(parkA, 'owner');
    const { data: audit } = await auditOf(owner, 'entity=order&limit=20');
    expect(audit.find((e) => e.entityId === String(orderId))).toMatchObject({
      actor: { userId: finance.id },
      action: 'refund',
      after: { reason: '台風による臨時休園', fee: 0, refundAmount: 1900, orderState: 'cancelled' },
    });
    // Nothing is left to refund.
    const again = await c.call('POST', `${orders(parkA)}/${orderId}/refunds`, finance, { reason: 'もう一度' });
    expect(again.statusCode).toBe(409);
    expect(body(again).meta.code).toBe('nothingToRefund');
  });

  it('some tickets of a day already passed: their share back, the rest stay', async () => {
    const item = await c.makeItem();
    const visitor = (await c.user()) as Buyer;
    const { orderId, ticketIds } = await buy(visitor, item, 2);
    // The storm was yesterday: the day of use has passed.
    await c
      .knex()('tickets')
      .whereIn('id', ticketIds)
      .update({ use_date: addDays(today, -1) });
    const owner = await staff(parkA, 'owner');
    const res = await c.call('POST', `${orders(parkA)}/${orderId}/refunds`, owner, {
      ticket_ids: [ticketIds[0]],
      reason: 'Closed for the typhoon',
    });
    expect(res.statusCode, res.payload).toBe(200);
    // 1,000 of 2,000 (100 coins, 1,900 card), fee 0: 950 money, 50 coins.
    expect(body(res).data.quote).toMatchObject({ fee: 0, refundAmount: 950, refundCoins: 50 });
    expect(await c.knex()('tickets').whereIn('id', ticketIds).orderBy('ticket_number').pluck('state')).toEqual([
      'cancelled',
      'available',
    ]);
  });

  it('is refused to editors, scanners, other parks and visitors; a reason is required (named, ja and en)', async () => {
    const item = await c.makeItem();
    const visitor = (await c.user()) as Buyer;
    const { orderId, ticketIds } = await buy(visitor, item, 1);
    const url = `${orders(parkA)}/${orderId}/refunds`;
    for (const who of [
      await staff(parkA, 'editor'),
      await staff(parkA, 'scanner'),
      await staff(parkB, 'finance'),
      await staff(parkB, 'owner'),
      visitor,
    ]) {
      const res = await c.call('POST', url, who, { reason: 'x' });
      expect(res.statusCode, res.payload).toBe(403);
    }
    const finance = await staff(parkA, 'finance');
    for (const payload of [{}, { reason: '   ' }]) {
      for (const [lang, text] of [
        ['ja', 'reasonを入力してください'],
        ['en', 'Please enter reason'],
      ] as const) {
        const res = await c.call('POST', url, { ...finance, lang }, payload);
        expect(res.statusCode, res.payload).toBe(400);
        expect(body(res).meta.message).toContain(text);
      }
    }
    expect(await c.knex()('tickets').whereIn('id', ticketIds).pluck('state')).toEqual(['available']);
  });
});

describe("a member's role", () => {
  it('an owner changes it (audited); the last owner cannot be demoted; others may not change roles', async () => {
    // A park of its own, so that its owners are exactly ours.
    const park = parkB;
    await c.knex()('park_staff').where({ park_id: park, role: 'owner' }).delete();
    const owner = await staff(park, 'owner');
    const member = await staff(park, 'editor');
    const url = `/api/v1/staff/parks/${park}/members/${member.id}`;
    const res = await c.call('PUT', url, owner, { roles: ['finance', 'scanner'] });
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data).toEqual({ userId: member.id, roles: ['finance', 'scanner'] });
    expect(
      (await c.knex()('park_staff').where({ park_id: park, user_id: member.id }).orderBy('role').pluck('role')).sort(),
    ).toEqual(['finance', 'scanner']);
    const audit = body(await c.call('GET', `/api/v1/staff/parks/${park}/audit?entity=member`, owner))
      .data as StaffAuditEntry[];
    expect(audit[0]).toMatchObject({
      actor: { userId: owner.id },
      entityId: String(member.id),
      action: 'roles',
      before: { roles: ['editor'] },
      after: { roles: ['finance', 'scanner'] },
    });

    // The only owner demoting themselves: refused, in ja and en.
    for (const [lang, text] of [
      ['ja', '少なくとも1人のオーナー'],
      ['en', 'at least one owner'],
    ] as const) {
      const last = await c.call(
        'PUT',
        `/api/v1/staff/parks/${park}/members/${owner.id}`,
        { ...owner, lang },
        {
          roles: ['editor'],
        },
      );
      expect(last.statusCode).toBe(409);
      expect(body(last).meta).toMatchObject({ code: 'lastOwner' });
      expect(body(last).meta.message).toContain(text);
    }
    // With a second owner it may.
    await c.call('PUT', url, owner, { roles: ['owner'] });
    const step = await c.call('PUT', `/api/v1/staff/parks/${park}/members/${owner.id}`, owner, { roles: ['editor'] });
    expect(step.statusCode, step.payload).toBe(200);

    const bad = await c.call('PUT', url, { ...member, lang: 'en' }, { roles: ['root'] });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toContain('roles');
    // Not owners: refused.
    for (const who of [await staff(park, 'finance'), await staff(park, 'editor'), await staff(parkA, 'owner')]) {
      expect((await c.call('PUT', url, who, { roles: ['editor'] })).statusCode).toBe(403);
    }
    // Not a member: not found.
    const stranger = await c.user();
    expect(
      (await c.call('PUT', `/api/v1/staff/parks/${park}/members/${stranger.id}`, member, { roles: ['editor'] }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the audit trail', () => {
  it('filters by member, entity and day, a page at a time', async () => {
    const owner = await staff(parkA, 'owner');
    const other = await staff(parkA, 'owner');
    const a = await staff(parkA, 'editor');
    const b = await staff(parkA, 'editor');
    await c.call('PUT', `/api/v1/staff/parks/${parkA}/members/${a.id}`, owner, { roles: ['finance'] });
    await c.call('PUT', `/api/v1/staff/parks/${parkA}/members/${b.id}`, owner, { roles: ['scanner'] });
    await c.call('PUT', `/api/v1/staff/parks/${parkA}/members/${b.id}`, other, { roles: ['editor'] });
    const byOwner = await auditOf(owner, `actor=${owner.id}`);
    expect(byOwner.data.map((e) => e.entityId)).toEqual([String(b.id), String(a.id)]);
    expect(byOwner.data.every((e) => e.actor?.userId === owner.id)).toBe(true);
    const page = await auditOf(owner, `actor=${owner.id}&entity=member&limit=1`);
    expect(page.data.map((e) => e.entityId)).toEqual([String(b.id)]);
    const rest = await auditOf(owner, `actor=${owner.id}&entity=member&limit=1&before=${page.meta.next}`);
    expect(rest.data.map((e) => e.entityId)).toEqual([String(a.id)]);
    expect((await auditOf(owner, `actor=${owner.id}&date=${today}`)).data).toHaveLength(2);
    expect((await auditOf(owner, `actor=${owner.id}&date=${addDays(today, -1)}`)).data).toHaveLength(0);
    expect((await auditOf(owner, `actor=${owner.id}&entity=order`)).data).toHaveLength(0);
    const bad = await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?date=2026-02-30`, { ...owner, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toContain('date');
  });
});

describe('the office overview', () => {
  it('says per park whether it requires two-factor sign-in, and whether the member has it, even while refused', async () => {
    const editor = await staff(parkB, 'editor');
    await c.knex()('park_staff').insert({ user_id: editor.id, park_id: parkA, role: 'finance' });
    await c.knex()('parks').where({ id: parkB }).update({ require_totp: true });
    try {
      const res = await c.call('GET', '/api/v1/staff/office', editor);
      expect(res.statusCode, res.payload).toBe(200);
      const data = body(res).data;
      expect(data.twoFactor).toBe(false);
      expect(data.parks).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ parkId: parkA, roles: ['finance'], requireTotp: false, name: expect.any(String) }),
          expect.objectContaining({ parkId: parkB, roles: ['editor'], requireTotp: true }),
        ]),
      );
      const visitor = await c.user();
      expect((await c.call('GET', '/api/v1/staff/office', visitor)).statusCode).toBe(403);
    } finally {
      await c.knex()('parks').where({ id: parkB }).update({ require_totp: false });
    }
  });
});

describe('the item list', () => {
  it('shows sales (sold of capacity) and the use period', async () => {
    const item = await c.makeItem({ capacity: 10 });
    const visitor = (await c.user()) as Buyer;
    await buy(visitor, item, 2);
    const editor = await staff(parkA, 'editor');
    const res = await c.call('GET', `/api/v1/staff/parks/${parkA}/items`, editor);
    const row = (body(res).data as { id: number }[]).find((r) => r.id === item.id);
    expect(row).toMatchObject({
      sold: 2,
      capacity: 10,
      availableFrom: addDays(today, -1),
      availableUntil: addDays(today, 90),
    });
  });
});

describe('the park profile', () => {
  const profileUrl = () => `/api/v1/staff/parks/${parkA}/profile`;

  it('closing days as ranges with a reason: saved, read back as ranges, one-day rows keep working, sales stop', async () => {
    const editor = await staff(parkA, 'editor');
    const item = await c.makeItem({ capacity: 10 });
    const from = addDays(today, 40);
    const to = addDays(today, 59);
    // An existing one-day row (as older data has it).
    const single = addDays(today, 70);
    await c
      .knex()('park_special_days')
      .insert({ park_id: parkA, date: single, kind: 'closed', note_ja: '点検', note_en: 'Inspection' });
    const before = body(await c.call('GET', profileUrl(), editor)).data;
    expect(before.closures).toContainEqual({ from: single, to: single, noteJa: '点検', noteEn: 'Inspection' });
    const kept = before.closures.filter((r: { from: string }) => r.from < today || r.from === single);
    const res = await c.call('PUT', profileUrl(), editor, {
      closures: [
        ...kept.map((r: { from: string; to: string; noteJa: string; noteEn: string | null }) => ({
          from: r.from,
          to: r.to,
          note_ja: r.noteJa,
          note_en: r.noteEn,
        })),
        { from, to, note_ja: '改修工事のため休園', note_en: 'Closed for renovation' },
      ],
    });
    expect(res.statusCode, res.payload).toBe(200);
    const after = body(res).data;
    expect(after.closures).toContainEqual({
      from,
      to,
      noteJa: '改修工事のため休園',
      noteEn: 'Closed for renovation',
    });
    expect(after.closures).toContainEqual({ from: single, to: single, noteJa: '点検', noteEn: 'Inspection' });
    // Open and extended days are kept as they were.
    expect(after.specialDays.filter((d: { kind: string }) => d.kind !== 'closed')).toEqual(
      before.specialDays.filter((d: { kind: string }) => d.kind !== 'closed'),
    );
    // A day inside the range is closed for sales.
    const add = await c.call('POST', '/api/v1/carts', editor, {
      item_id: item.id,
      date: addDays(from, 5),
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(add.statusCode).toBe(400);
  });

  it('refuses a range ending before it starts, overlapping ranges and bad fields, naming the field (ja and en)', async () => {
    const editor = await staff(parkA, 'editor');
    const d = addDays(today, 100);
    const cases: [object, string][] = [
      [{ closures: [{ from: addDays(d, 3), to: d, note_ja: '休園' }] }, 'closures'],
      [
        {
          closures: [
            { from: d, to: addDays(d, 3), note_ja: '休園' },
            { from: addDays(d, 2), to: addDays(d, 5), note_ja: '休園' },
          ],
        },
        'closures',
      ],
      [{ closures: [{ from: d, to: d, note_ja: '' }] }, 'note_ja'],
      [{ website_url: 'not a url' }, 'website_url'],
      [{ phone: 'call us' }, 'phone'],
      [{ description_ja: '' }, 'description_ja'],
    ];
    for (const [payload, field] of cases) {
      for (const lang of ['ja', 'en'] as const) {
        const res = await c.call('PUT', profileUrl(), { ...editor, lang }, payload);
        expect(res.statusCode, `${JSON.stringify(payload)} ${res.payload}`).toBe(400);
        expect(body(res).meta.message).toContain(field);
      }
    }
  });

  it('every seeded park saves its own profile back unchanged (the page sends every field)', async () => {
    const ids = (await c.knex()('parks').orderBy('id').pluck('id')) as number[];
    for (const id of ids) {
      const editor = await staff(id, 'editor');
      const p = body(await c.call('GET', `/api/v1/staff/parks/${id}/profile`, editor)).data;
      const res = await c.call('PUT', `/api/v1/staff/parks/${id}/profile`, editor, {
        description_ja: p.descriptionJa,
        description_en: p.descriptionEn,
        address_ja: p.addressJa,
        address_en: p.addressEn,
        access_ja: p.accessJa,
        access_en: p.accessEn,
        business_hours_note_ja: p.businessHoursNoteJa,
        business_hours_note_en: p.businessHoursNoteEn,
        closed_days_note_ja: p.closedDaysNoteJa,
        closed_days_note_en: p.closedDaysNoteEn,
        phone: p.phone,
        website_url: p.websiteUrl,
        inquiry_email: p.inquiryEmail,
        open_time: p.openTime,
        close_time: p.closeTime,
        last_entry_time: p.lastEntryTime,
        closed_weekdays: p.closedWeekdays,
        closures: p.closures.map((r: { from: string; to: string; noteJa: string; noteEn: string | null }) => ({
          from: r.from,
          to: r.to,
          note_ja: r.noteJa,
          note_en: r.noteEn,
        })),
        special_days: p.specialDays
          .filter((d: { kind: string }) => d.kind !== 'closed')
          .map((d: Record<string, unknown>) => ({
            date: d.date,
            kind: d.kind,
            open_time: d.openTime,
            close_time: d.closeTime,
            note_ja: d.noteJa,
            note_en: d.noteEn,
          })),
      });
      expect(res.statusCode, `park ${id}: ${res.payload}`).toBe(200);
      const { linkId: _a, ...after } = body(res).data;
      const { linkId: _b, ...before } = p;
      expect(after).toEqual(before);
    }
  });

  it('every field can be changed: description, address, phone, website, access, in ja and en', async () => {
    const editor = await staff(parkA, 'editor');
    const fields = {
      description_ja: '新しい紹介文です。',
      description_en: 'A new description.',
      address_ja: '北海道旭川市東旭川町倉沼',
      address_en: 'Kuranuma, Higashi-Asahikawa, Asahikawa, Hokkaido',
      phone: '0166-36-1104',
      website_url: 'https://example.jp/zoo',
      inquiry_email: 'info@example.jp',
      access_ja: 'バスで40分',
      access_en: '40 minutes by bus',
      business_hours_note_ja: '冬は短縮',
      business_hours_note_en: 'Shorter in winter',
    };
    const res = await c.call('PUT', profileUrl(), editor, fields);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data).toMatchObject({
      descriptionJa: fields.description_ja,
      descriptionEn: fields.description_en,
      addressEn: fields.address_en,
      phone: fields.phone,
      websiteUrl: fields.website_url,
      accessJa: fields.access_ja,
      accessEn: fields.access_en,
    });
  });
});
