import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CartLine, DateAvailability } from '../../common/dto/cart';
import { HOLD_MINUTES } from '../../common/rules/cart';
import { addDays, tokyoDate } from '../../common/time';
import { seedSeats } from '../../seeds/seats';
import { expireHolds } from '../features/carts/services/expireHolds';
import { createTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const body = (res: Res) => JSON.parse(res.payload) as { data: any; meta: any };
const knex = () => ctx.db.knex;
const today = tokyoDate();

interface Caller {
  token?: string;
  guest?: string;
  lang?: 'ja' | 'en';
}

function call(method: string, url: string, who: Caller = {}, payload?: object) {
  const headers: Record<string, string> = { 'accept-language': who.lang ?? 'ja' };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (who.guest) headers['x-guest-user-id'] = who.guest;
  return ctx.server.inject({ method, url, headers, payload });
}

const guest = (lang: 'ja' | 'en' = 'ja'): Caller => ({ guest: randomUUID(), lang });

/** A signed-in user with a telephone number (the rule for adding tickets). */
const user = (extra: Record<string, unknown> = {}) => signedInUser(ctx, { telephone: '090-1234-5678', ...extra });

let itemCounter = 0;
interface TestItemOptions {
  capacity?: number;
  slots?: number[];
  minimumParticipant?: number;
  maxPerOrder?: number;
  disabilityPrice?: number | null;
  seatSelection?: boolean;
  lottery?: boolean;
  saleLabel?: number;
  parkId?: number;
}
/** An item of our own on sale (adult 1,000 yen, child 500 yen; add-on "guide" 300 yen for adults). */
async function makeItem(o: TestItemOptions = {}) {
  const n = ++itemCounter;
  const park = o.parkId ?? (await knex()('parks').where('is_private', false).orderBy('id').first('id')).id;
  const [item] = await knex()('items')
    .insert({
      code: `test-cart-${n}`,
      park_id: park,
      category: 1,
      name_ja: `テストチケット${n}`,
      name_en: `Test ticket ${n}`,
      description_ja: 'テスト用のチケットです。',
      sale_label: o.saleLabel ?? 4,
      combination_label: 99,
      usage_trigger: 1,
      seat_selection: o.seatSelection ?? false,
      lottery: o.lottery ?? false,
      minimum_participant: o.minimumParticipant ?? 1,
      max_per_order: o.maxPerOrder ?? 10,
      disability_price: o.disabilityPrice === undefined ? 400 : o.disabilityPrice,
      available_from: addDays(today, -1),
      available_until: addDays(today, 90),
      daily_capacity: o.capacity ?? 100,
      image_url: '/media/test.svg',
      link_id: randomUUID(),
    })
    .returning('id');
  const itemId = item.id as number;
  const [basic] = await knex()('item_plans')
    .insert({ item_id: itemId, kind: 'basic', name_ja: '基本プラン', name_en: 'Standard', sort: 0 })
    .returning('id');
  const [extra] = await knex()('item_plans')
    .insert({ item_id: itemId, kind: 'additional', name_ja: 'ガイド付き', name_en: 'With a guide', sort: 1 })
    .returning('id');
  await knex()('item_plan_prices').insert([
    { item_plan_id: basic.id, age_group_id: 5, price: 1000 },
    { item_plan_id: basic.id, age_group_id: 2, price: 500 },
    { item_plan_id: extra.id, age_group_id: 5, price: 300 },
  ]);
  const slotIds: number[] = [];
  for (const [i, capacity] of (o.slots ?? []).entries()) {
    const [s] = await knex()('item_time_slots')
      .insert({ item_id: itemId, start_time: `1${i}:00`, end_time: `1${i}:45`, capacity })
      .returning('id');
    slotIds.push(s.id as number);
  }
  if (o.seatSelection) {
    const seats = Array.from({ length: 20 }, (_, i) => ({
      item_id: itemId,
      seat_code: `${String.fromCharCode(65 + Math.floor(i / 10))}-${(i % 10) + 1}`,
      row_label: String.fromCharCode(65 + Math.floor(i / 10)),
      number: (i % 10) + 1,
      sort: i,
    }));
    await knex()('item_seats').insert(seats);
  }
  return {
    id: itemId,
    parkId: park as number,
    basicPlanId: basic.id as number,
    extraPlanId: extra.id as number,
    slotIds,
  };
}

/** The first date from tomorrow on when the item can be bought. */
async function openDate(itemId: number, linkId?: string): Promise<string> {
  const res = await call(
    'GET',
    `/api/v1/items/${itemId}/availability?from=${addDays(today, 1)}&to=${addDays(today, 30)}${linkId ? `&link_id=${linkId}` : ''}`,
  );
  expect(res.statusCode, res.payload).toBe(200);
  const day = (body(res).data as DateAvailability[]).find((d) => d.status === 'available' || d.status === 'few');
  if (!day) throw new Error(`no open date for item ${itemId}`);
  return day.date;
}

async function unitOf(itemId: number, date: string, slotId: number | null = null) {
  return knex()('stock_units')
    .where({ item_id: itemId, date })
    .whereRaw('COALESCE(time_slot_id, 0) = ?', [slotId ?? 0])
    .first('id', 'capacity', 'sold', 'held') as Promise<
    { id: number; capacity: number; sold: number; held: number } | undefined
  >;
}
const held = async (itemId: number, date: string, slotId: number | null = null) =>
  (await unitOf(itemId, date, slotId))?.held ?? 0;
const lineCount = async () => Number((await knex()('cart_lines').count({ n: '*' }).first())?.n);

const adults = (n: number) => ({ quantities: [{ age_group_id: 5, quantity: n }] });

// ---------------------------------------------------------------------------------------------

describe('availability', () => {
  it('answers per date the places left, status and why a date is unavailable, in ja and en', async () => {
    const admission = await knex()('items')
      .where('code', 'ueno-zoo--admission')
      .first('id', 'daily_capacity', 'park_id');
    const from = addDays(today, 1);
    const to = addDays(today, 14);
    const res = await call('GET', `/api/v1/items/${admission.id}/availability?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const days = body(res).data as DateAvailability[];
    expect(days).toHaveLength(14);
    expect(days[0]?.date).toBe(from);
    // Ueno is closed on Mondays (unless a special day opens it).
    const closed = days.filter((d) => d.reason === 'parkClosed');
    expect(closed.length).toBeGreaterThan(0);
    expect(closed[0]).toMatchObject({ status: 'unavailable', reasonText: 'この日は休園日です' });
    const open = days.find((d) => d.status === 'available');
    expect(open).toMatchObject({ remaining: admission.dailyCapacity, reason: null, reasonText: null });
    expect(open?.slots).toEqual([
      {
        timeSlotId: null,
        startTime: null,
        endTime: null,
        capacity: admission.dailyCapacity,
        remaining: admission.dailyCapacity,
        status: 'available',
      },
    ]);
    const en = body(
      await call('GET', `/api/v1/items/${admission.id}/availability?from=${from}&to=${to}`, { lang: 'en' }),
    ).data as DateAvailability[];
    expect(en.find((d) => d.reason === 'parkClosed')?.reasonText).toBe('The park is closed on this day');
  });

  it('counts holds: few under 10 left, soldOut at 0; per slot', async () => {
    const item = await makeItem({ slots: [12, 5], maxPerOrder: 20 });
    const date = await openDate(item.id);
    const g = guest();
    const add = (slot: number, n: number) =>
      call('POST', '/api/v1/carts', g, { item_id: item.id, date, time_slot_id: slot, ...adults(n) });
    expect((await add(item.slotIds[0] as number, 3)).statusCode).toBe(201);
    expect((await add(item.slotIds[1] as number, 5)).statusCode).toBe(201);
    const res = await call('GET', `/api/v1/items/${item.id}/availability?from=${date}&to=${date}`);
    const [day] = body(res).data as DateAvailability[];
    expect(day?.slots.map((s) => [s.capacity, s.remaining, s.status])).toEqual([
      [12, 9, 'few'],
      [5, 0, 'soldOut'],
    ]);
    expect(day).toMatchObject({ status: 'few', remaining: 9 });
  });

  it('refuses a range over 62 days or a bad date with a clear 400; unlisted items need their link', async () => {
    const item = await makeItem();
    const long = await call('GET', `/api/v1/items/${item.id}/availability?from=${today}&to=${addDays(today, 62)}`, {
      lang: 'en',
    });
    expect(long.statusCode).toBe(400);
    expect(body(long).meta.message).toBe('Please choose a period of at most 62 days');
    const bad = await call('GET', `/api/v1/items/${item.id}/availability?from=2026-02-30&to=${today}`);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toBe('fromの値が正しくありません');
    const hidden = await makeItem({ saleLabel: 1 });
    await knex()('items').where('id', hidden.id).update({ is_private: true });
    const url = `/api/v1/items/${hidden.id}/availability?from=${addDays(today, 1)}&to=${addDays(today, 2)}`;
    expect((await call('GET', url)).statusCode).toBe(404);
    const link = (await knex()('items').where('id', hidden.id).first('link_id')).linkId;
    expect((await call('GET', `${url}&link_id=${link}`)).statusCode).toBe(200);
  });
});

describe('adding to the cart', () => {
  it('a guest adds a line: 201, held for 15 minutes, priced, private no-store', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const g = guest();
    const before = Date.now();
    const res = await call('POST', '/api/v1/carts', g, {
      item_id: item.id,
      date,
      quantities: [
        { age_group_id: 5, quantity: 2 },
        { age_group_id: 2, quantity: 1 },
      ],
      additional_plans: [{ plan_id: item.extraPlanId, quantities: [{ age_group_id: 5, quantity: 1 }] }],
    });
    expect(res.statusCode, res.payload).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const line = body(res).data as CartLine;
    expect(line).toMatchObject({
      kind: 'item',
      itemId: item.id,
      name: `テストチケット${itemCounter}`,
      date,
      people: 3,
      subtotal: 2 * 1000 + 500 + 300,
      quantities: [
        { ageGroupId: 2, ageGroupName: '小学生', quantity: 1, unitPrice: 500 },
        { ageGroupId: 5, ageGroupName: '大人', quantity: 2, unitPrice: 1000 },
      ],
      additionalPlans: [
        {
          planId: item.extraPlanId,
          name: 'ガイド付き',
          quantities: [{ ageGroupId: 5, ageGroupName: '大人', quantity: 1, unitPrice: 300 }],
        },
      ],
    });
    const expires = Date.parse(line.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(HOLD_MINUTES * 60_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(HOLD_MINUTES * 60_000);
    expect(body(res).meta).toMatchObject({ parkId: item.parkId, expiresAt: line.expiresAt, holdMinutes: 15 });
    expect(await held(item.id, date)).toBe(3);
    const audit = await knex()('audit_logs').where({ entity: 'stock_hold', action: 'hold.created' }).count({ n: '*' });
    expect(Number(audit[0]?.n)).toBeGreaterThan(0);
  });

  it('is described in the OpenAPI document, with the guest header', async () => {
    const doc = JSON.parse((await ctx.server.inject('/api/openapi.json')).payload) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/v1/carts', 'post'],
      ['/api/v1/carts', 'get'],
      ['/api/v1/carts', 'put'],
      ['/api/v1/carts', 'delete'],
      ['/api/v1/carts/{parkId}', 'get'],
      ['/api/v1/carts/switch', 'put'],
      ['/api/v1/items/{id}/availability', 'get'],
      ['/api/v1/items/{id}/seats', 'get'],
    ]) {
      expect(doc.paths[path as string]?.[method as string], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/v1/carts'])).toContain('x-guest-user-id');
  });

  it('needs a signed-in user or a guest id', async () => {
    const item = await makeItem();
    const res = await call('POST', '/api/v1/carts', { lang: 'en' }, { item_id: item.id, date: today, ...adults(1) });
    expect(res.statusCode).toBe(400);
    expect(body(res).meta.message).toContain('x-guest-user-id');
    const bad = await call('GET', '/api/v1/carts', { guest: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a signed-in user without a telephone number (ja, en), changing nothing', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const noPhone = await user({ telephone: null });
    const lines = await lineCount();
    for (const [lang, text] of [
      ['ja', 'チケットを追加するには電話番号の登録が必要です'],
      ['en', 'To add tickets, you need to register your phone number'],
    ] as const) {
      const res = await call('POST', '/api/v1/carts', { ...noPhone, lang }, { item_id: item.id, date, ...adults(1) });
      expect(res.statusCode).toBe(400);
      expect(body(res).meta).toMatchObject({ code: 'phoneRequired', message: text });
    }
    expect(await lineCount()).toBe(lines);
    expect(await held(item.id, date)).toBe(0);
    const withPhone = await user();
    expect((await call('POST', '/api/v1/carts', withPhone, { item_id: item.id, date, ...adults(1) })).statusCode).toBe(
      201,
    );
  });

  it('a kids account cannot hold tickets (its payment functions are restricted): 403, nothing held', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const parent = await user();
    const kid = await user({ email: null, telephone: null, child_flag: 1, parent_id: parent.id });
    const res = await call('POST', '/api/v1/carts', kid, { item_id: item.id, date, ...adults(1) });
    expect(res.statusCode, res.payload).toBe(403);
    expect(body(res).meta.code).toBe('childRestricted');
    expect(await held(item.id, date)).toBe(0);
    expect(body(await call('GET', '/api/v1/carts', kid)).data).toHaveLength(0);
  });

  it('the same ticket added again grows its line (one line, one hold), not a second line', async () => {
    const item = await makeItem({ maxPerOrder: 6 });
    const date = await openDate(item.id);
    const g = guest();
    const first = await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) });
    expect(first.statusCode, first.payload).toBe(201);
    const again = await call('POST', '/api/v1/carts', g, {
      item_id: item.id,
      date,
      quantities: [
        { age_group_id: 5, quantity: 1 },
        { age_group_id: 2, quantity: 1 },
      ],
    });
    expect(again.statusCode, again.payload).toBe(201);
    expect(body(again).data.id).toBe(body(first).data.id);
    expect(body(again).data.people).toBe(4);
    expect(
      body(again).data.quantities.map((q: { ageGroupId: number; quantity: number }) => [q.ageGroupId, q.quantity]),
    ).toEqual([
      [2, 1],
      [5, 3],
    ]);
    expect(body(await call('GET', '/api/v1/carts', g)).data[0].lines).toHaveLength(1);
    expect(await held(item.id, date)).toBe(4);
    expect(await knex()('stock_holds').where({ cart_line_id: body(first).data.id, state: 'held' })).toHaveLength(1);
    // max_per_order still counts the whole line.
    expect((await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(3) })).statusCode).toBe(400);
    expect(await held(item.id, date)).toBe(4);
  });

  it('respects minimum_participant and max_per_order across the lines of a unit', async () => {
    const item = await makeItem({ minimumParticipant: 2, maxPerOrder: 5 });
    const date = await openDate(item.id);
    const g = guest('en');
    const one = await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(1) });
    expect(one.statusCode).toBe(400);
    expect(body(one).meta.message).toBe('This ticket needs at least 2 people per application');
    const six = await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(6) });
    expect(six.statusCode).toBe(400);
    expect(body(six).meta.message).toBe('You can order up to 5 of this ticket at a time');
    expect((await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(3) })).statusCode).toBe(201);
    const more = await call('POST', '/api/v1/carts', { ...g, lang: 'ja' }, { item_id: item.id, date, ...adults(3) });
    expect(more.statusCode).toBe(400);
    expect(body(more).meta.message).toBe('このチケットは1回のご注文につき5枚までです');
    expect(await held(item.id, date)).toBe(3);
  });

  it('one accompanying person per disabled person, both at the disability price', async () => {
    const item = await makeItem({ disabilityPrice: 400 });
    const date = await openDate(item.id);
    const g = guest();
    const tooMany = await call('POST', '/api/v1/carts', g, {
      item_id: item.id,
      date,
      disability_quantity: 1,
      companion_quantity: 2,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).meta.message).toBe('介助者は障がい者1名につき1名までです');
    const ok = await call('POST', '/api/v1/carts', g, {
      item_id: item.id,
      date,
      disability_quantity: 2,
      companion_quantity: 2,
      ...adults(1),
    });
    expect(ok.statusCode, ok.payload).toBe(201);
    expect(body(ok).data).toMatchObject({
      disabilityQuantity: 2,
      companionQuantity: 2,
      disabilityUnitPrice: 400,
      people: 5,
      subtotal: 1000 + 4 * 400,
    });
    expect(await held(item.id, date)).toBe(5);
    const none = await makeItem({ disabilityPrice: null });
    const noneDate = await openDate(none.id);
    const refused = await call(
      'POST',
      '/api/v1/carts',
      { ...g, lang: 'en' },
      {
        item_id: none.id,
        date: noneDate,
        disability_quantity: 1,
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(body(refused).meta.message).toBe('This ticket has no disability price');
  });

  it('checks plans, age groups, slots and dates', async () => {
    const item = await makeItem({ slots: [10] });
    const date = await openDate(item.id);
    const g = guest('en');
    const post = (extra: object) => call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...extra });
    const cases: [object, string][] = [
      [adults(1), 'Please select a time slot'],
      [{ ...adults(1), time_slot_id: 999999 }, 'The selected time slot cannot be chosen'],
      [
        { quantities: [{ age_group_id: 6, quantity: 1 }], time_slot_id: item.slotIds[0] },
        'Tickets are not sold for the selected age group',
      ],
      [
        {
          ...adults(1),
          time_slot_id: item.slotIds[0],
          additional_plans: [{ plan_id: item.extraPlanId, quantities: [{ age_group_id: 5, quantity: 2 }] }],
        },
        'Additional plans can be added for at most the number of people on the basic plan',
      ],
      [{ quantities: [], time_slot_id: item.slotIds[0] }, 'Please select at least one ticket'],
      [
        { ...adults(1), time_slot_id: item.slotIds[0], seat_codes: ['A-1'] },
        'Seats cannot be selected for this ticket',
      ],
    ];
    for (const [extra, text] of cases) {
      const res = await post(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res).meta.message).toBe(text);
    }
    const outside = await call('POST', '/api/v1/carts', g, {
      item_id: item.id,
      date: addDays(today, 200),
      time_slot_id: item.slotIds[0],
      ...adults(1),
    });
    expect(body(outside).meta.message).toBe('This date is outside the period of use');
    const ueno = await knex()('items').where('code', 'ueno-zoo--admission').first('id');
    const days = body(
      await call('GET', `/api/v1/items/${ueno.id}/availability?from=${addDays(today, 1)}&to=${addDays(today, 14)}`),
    ).data as DateAvailability[];
    const closedDay = days.find((d) => d.reason === 'parkClosed')?.date;
    const closed = await call('POST', '/api/v1/carts', g, { item_id: ueno.id, date: closedDay, ...adults(1) });
    expect(body(closed).meta.message).toBe('The park is closed on this day');
    const notYet = await makeItem({ saleLabel: 3 });
    const refused = await call('POST', '/api/v1/carts', g, { item_id: notYet.id, date, ...adults(1) });
    expect(body(refused).meta.message).toBe('This ticket is not on sale now');
    expect(await held(item.id, date, item.slotIds[0])).toBe(0);
  });

  it('bad input is a clear 400 in ja and en and changes nothing', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const lines = await lineCount();
    const cases: [object, string, string][] = [
      [
        { date, ...adults(1) },
        'チケットまたはチケットパックを1つ選択してください',
        'Please choose one ticket or one ticket pack',
      ],
      [
        { item_id: item.id, ticket_pack_id: 1, date, ...adults(1) },
        'チケットまたはチケットパックを1つ選択してください',
        'Please choose one ticket or one ticket pack',
      ],
      [{ item_id: item.id, ...adults(1) }, 'dateを入力してください', 'Please enter date'],
      [
        { item_id: item.id, date: '2026-13-01', ...adults(1) },
        'dateの値が正しくありません',
        'The value of date is invalid',
      ],
      [
        { item_id: item.id, date, quantities: [{ age_group_id: 5, quantity: -1 }] },
        'quantities.0.quantityの値が正しくありません',
        'The value of quantities.0.quantity is invalid',
      ],
      [
        { item_id: item.id, date, ...adults(1), price: 1 },
        'priceの値が正しくありません',
        'The value of price is invalid',
      ],
    ];
    for (const [payload, ja, en] of cases) {
      const a = await call('POST', '/api/v1/carts', guest('ja'), payload);
      expect(a.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(a).meta.message).toBe(ja);
      const b = await call('POST', '/api/v1/carts', guest('en'), payload);
      expect(body(b).meta.message).toBe(en);
    }
    expect(await lineCount()).toBe(lines);
    expect(await held(item.id, date)).toBe(0);
  });

  it('sold out is a 409 that changes nothing', async () => {
    const item = await makeItem({ capacity: 3 });
    const date = await openDate(item.id);
    expect((await call('POST', '/api/v1/carts', guest(), { item_id: item.id, date, ...adults(2) })).statusCode).toBe(
      201,
    );
    const lines = await lineCount();
    const holds = await knex()('stock_holds').count({ n: '*' }).first();
    for (const [lang, text] of [
      ['ja', '売り切れました'],
      ['en', 'Sold out'],
    ] as const) {
      const res = await call('POST', '/api/v1/carts', guest(lang), { item_id: item.id, date, ...adults(2) });
      expect(res.statusCode).toBe(409);
      expect(body(res).meta).toMatchObject({ code: 'soldOut', message: text });
    }
    expect(await lineCount()).toBe(lines);
    expect((await knex()('stock_holds').count({ n: '*' }).first())?.n).toEqual(holds?.n);
    expect(await unitOf(item.id, date)).toMatchObject({ capacity: 3, held: 2, sold: 0 });
    // The last place still goes.
    expect((await call('POST', '/api/v1/carts', guest(), { item_id: item.id, date, ...adults(1) })).statusCode).toBe(
      201,
    );
    expect(await held(item.id, date)).toBe(3);
  });

  it('a lottery line holds no stock (drawn later) and takes no seats', async () => {
    const item = await makeItem({ lottery: true, seatSelection: true });
    // A round taking entries for the next 30 days: a lottery line's date must be in one.
    await knex()('lotteries').insert({
      item_id: item.id,
      use_from: addDays(today, 1),
      use_to: addDays(today, 30),
      entry_opens_at: new Date(Date.now() - 3_600_000),
      entry_closes_at: new Date(Date.now() + 3_600_000),
      draw_at: new Date(Date.now() + 7_200_000),
      announce_at: new Date(Date.now() + 7_200_000),
      purchase_deadline: new Date(Date.now() + 86_400_000),
    });
    const date = await openDate(item.id);
    const g = guest();
    const seats = await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(1), seat_codes: ['A-1'] });
    expect(seats.statusCode).toBe(400);
    const res = await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) });
    expect(res.statusCode, res.payload).toBe(201);
    expect(body(res).data).toMatchObject({ lottery: true, people: 2 });
    expect(await held(item.id, date)).toBe(0);
  });
});

describe('ticket packs', () => {
  it('enforce min_total / max_total and hold every item of the pack', async () => {
    const pack = await knex()('ticket_packs')
      .where('code', 'ueno-zoo--quest-set')
      .first('id', 'min_total', 'max_total', 'price', 'selectable_times');
    const contents = await knex()('ticket_pack_items').where('ticket_pack_id', pack.id).select('item_id', 'quantity');
    const date = await openDate(contents[0].itemId);
    const g = guest('en');
    const time = pack.selectableTimes[0];
    for (const quantity of [0, pack.maxTotal + 1]) {
      const res = await call('POST', '/api/v1/carts', g, { ticket_pack_id: pack.id, date, time, quantity });
      expect(res.statusCode).toBe(400);
      expect(body(res).meta.message).toBe(`Please set between ${pack.minTotal} and ${pack.maxTotal} in total.`);
    }
    const ja = await call(
      'POST',
      '/api/v1/carts',
      { ...g, lang: 'ja' },
      {
        ticket_pack_id: pack.id,
        date,
        time,
        quantity: 0,
      },
    );
    expect(body(ja).meta.message).toBe(`合計${pack.minTotal}〜${pack.maxTotal}の間で設定してください。`);
    const wrongTime = await call('POST', '/api/v1/carts', g, {
      ticket_pack_id: pack.id,
      date,
      time: '03:00',
      quantity: 1,
    });
    expect(wrongTime.statusCode).toBe(400);
    const withAges = await call('POST', '/api/v1/carts', g, {
      ticket_pack_id: pack.id,
      date,
      time,
      quantity: 1,
      ...adults(1),
    });
    expect(withAges.statusCode).toBe(400);

    const res = await call('POST', '/api/v1/carts', g, { ticket_pack_id: pack.id, date, time, quantity: 2 });
    expect(res.statusCode, res.payload).toBe(201);
    expect(body(res).data).toMatchObject({
      kind: 'pack',
      ticketPackId: pack.id,
      time,
      quantity: 2,
      packUnitPrice: pack.price,
      subtotal: 2 * pack.price,
    });
    for (const c of contents) expect(await held(c.itemId, date)).toBe(2 * c.quantity);

    const line = (body(res).data as CartLine).id;
    const up = await call('PUT', '/api/v1/carts', g, { data: { lines: [{ id: line, quantity: pack.maxTotal + 1 }] } });
    expect(up.statusCode).toBe(400);
    const ok = await call('PUT', '/api/v1/carts', g, { data: { lines: [{ id: line, quantity: 3 }] } });
    expect(ok.statusCode, ok.payload).toBe(200);
    for (const c of contents) expect(await held(c.itemId, date)).toBe(3 * c.quantity);
  });
});

describe('seats', () => {
  it('holds chosen seats; a seat taken by someone else or after the deadline asks to select again', async () => {
    const item = await makeItem({ seatSelection: true, slots: [20] });
    const slot = item.slotIds[0] as number;
    const date = await openDate(item.id);
    const map = await call('GET', `/api/v1/items/${item.id}/seats?date=${date}&time_slot_id=${slot}`);
    expect(map.statusCode).toBe(200);
    expect(body(map).data).toHaveLength(20);
    expect(body(map).data[0]).toEqual({ code: 'A-1', row: 'A', number: 1, taken: false });

    const a = guest();
    const post = (who: Caller, seats: string[], n = seats.length) =>
      call('POST', '/api/v1/carts', who, {
        item_id: item.id,
        date,
        time_slot_id: slot,
        ...adults(n),
        seat_codes: seats,
      });
    const mismatch = await post(a, ['A-1'], 2);
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).meta.message).toBe('人数分（2席）の座席を選択してください');
    const unknown = await post(a, ['Z-9']);
    expect(body(unknown).meta.message).toBe('選択された座席は存在しません');

    const first = await post(a, ['a-2', 'A-1']);
    expect(first.statusCode, first.payload).toBe(201);
    expect(body(first).data.seatCodes).toEqual(['A-1', 'A-2']);
    const taken = body(await call('GET', `/api/v1/items/${item.id}/seats?date=${date}&time_slot_id=${slot}`)).data;
    expect(taken.filter((s: { taken: boolean }) => s.taken).map((s: { code: string }) => s.code)).toEqual([
      'A-1',
      'A-2',
    ]);

    const b = guest('en');
    const conflict = await post(b, ['A-2', 'A-3']);
    expect(conflict.statusCode).toBe(409);
    expect(body(conflict).meta.message).toBe('The seat reservation deadline has passed. Please select again.');
    expect(await held(item.id, date, slot)).toBe(2);
    const unit = await unitOf(item.id, date, slot);
    const seatHolds = await knex()('seat_holds').where('stock_unit_id', unit?.id).count({ n: '*' }).first();
    expect(Number(seatHolds?.n)).toBe(2);

    // Swapping a seat: A-2 -> A-3.
    const lineId = (body(first).data as CartLine).id;
    const swap = await call('PUT', '/api/v1/carts', a, {
      data: { lines: [{ id: lineId, seat_codes: ['A-1', 'A-3'] }] },
    });
    expect(swap.statusCode, swap.payload).toBe(200);
    const cart = (body(swap).data as Cart[]).find((c) => c.lines.some((l) => l.id === lineId));
    expect(cart?.lines.find((l) => l.id === lineId)?.seatCodes).toEqual(['A-1', 'A-3']);
    expect((await post(b, ['A-2'])).statusCode).toBe(201);
    const swapped = await knex()('audit_logs')
      .where({ entity: 'stock_hold', action: 'hold.seatsChanged' })
      .first('data');
    expect(swapped?.data).toMatchObject({ added: ['A-3'], freed: ['A-2'], cartLineId: lineId });

    // More people need more seats.
    const more = await call('PUT', '/api/v1/carts', a, { data: { lines: [{ id: lineId, ...adults(3) }] } });
    expect(more.statusCode).toBe(400);
    const moreSeats = await call('PUT', '/api/v1/carts', a, {
      data: { lines: [{ id: lineId, ...adults(3), seat_codes: ['A-1', 'A-3', 'A-4'] }] },
    });
    expect(moreSeats.statusCode, moreSeats.payload).toBe(200);
    expect(await held(item.id, date, slot)).toBe(4);

    // After the deadline, changing the seats asks to select again.
    await knex()('cart_lines')
      .where('id', lineId)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const late = await call(
      'PUT',
      '/api/v1/carts',
      { ...a, lang: 'ja' },
      {
        data: { lines: [{ id: lineId, seat_codes: ['A-5'] }] },
      },
    );
    expect(late.statusCode).toBe(409);
    expect(body(late).meta.message).toBe('座席の予約期限が過ぎました。もう一度選択してください。');
  });

  it('the seeded seat items have a seat map as large as their largest slot', async () => {
    const seated = await knex()('items').where({ seat_selection: true }).select('id', 'code');
    expect(seated.length).toBeGreaterThanOrEqual(5);
    for (const s of seated.filter((x: { code: string }) => !x.code.startsWith('test-'))) {
      const seats = Number((await knex()('item_seats').where('item_id', s.id).count({ n: '*' }).first())?.n);
      const max = (await knex()('item_time_slots').where('item_id', s.id).max({ m: 'capacity' }).first())?.m;
      expect(seats, s.code).toBe(Number(max));
    }
    // Seeding again keeps the same seats (same ids).
    const before = await knex()('item_seats').orderBy('id').select('id', 'item_id', 'seat_code');
    await knex().transaction((trx) => seedSeats(trx));
    expect(await knex()('item_seats').orderBy('id').select('id', 'item_id', 'seat_code')).toEqual(before);
  });
});

describe('reading, changing and removing', () => {
  it('lists the carts per park; one park; unknown park 404', async () => {
    const g = guest();
    const parks = await knex()('parks').where('is_private', false).orderBy('id').limit(2).select('id');
    const one = await makeItem({ parkId: parks[0].id });
    const two = await makeItem({ parkId: parks[1].id });
    const d1 = await openDate(one.id);
    const d2 = await openDate(two.id);
    await call('POST', '/api/v1/carts', g, { item_id: one.id, date: d1, ...adults(2) });
    await call('POST', '/api/v1/carts', g, { item_id: two.id, date: d2, ...adults(1) });
    const res = await call('GET', '/api/v1/carts', g);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const carts = body(res).data as Cart[];
    expect(carts.map((c) => [c.park.id, c.subtotal, c.lines.length])).toEqual([
      [parks[0].id, 2000, 1],
      [parks[1].id, 1000, 1],
    ]);
    expect(body(res).meta).toMatchObject({ notices: [], holdMinutes: 15 });
    const single = await call('GET', `/api/v1/carts/${parks[1].id}`, g);
    expect(body(single).data).toMatchObject({ park: { id: parks[1].id }, subtotal: 1000 });
    expect((await call('GET', '/api/v1/carts/999999', g)).statusCode).toBe(404);
    const empty = await call('GET', `/api/v1/carts/${parks[0].id}`, guest());
    expect(body(empty).data).toMatchObject({ lines: [], subtotal: 0, expiresAt: null });
  });

  it('changes quantities with the hold, all or nothing; sets advance information', async () => {
    const item = await makeItem({ capacity: 6 });
    const date = await openDate(item.id);
    const g = guest();
    const line = body(await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) }))
      .data as CartLine;
    const other = body(await call('POST', '/api/v1/carts', guest(), { item_id: item.id, date, ...adults(2) }))
      .data as CartLine;
    expect(await held(item.id, date)).toBe(4);

    const up = await call('PUT', '/api/v1/carts', g, {
      data: {
        lines: [
          {
            id: line.id,
            quantities: [
              { age_group_id: 5, quantity: 3 },
              { age_group_id: 2, quantity: 1 },
            ],
          },
        ],
      },
    });
    expect(up.statusCode, up.payload).toBe(200);
    expect(await held(item.id, date)).toBe(6);
    const changed = (body(up).data as Cart[])[0]?.lines[0];
    expect(changed).toMatchObject({ people: 4, subtotal: 3500, expiresAt: line.expiresAt });

    const tooMany = await call(
      'PUT',
      '/api/v1/carts',
      { ...g, lang: 'en' },
      {
        data: { lines: [{ id: line.id, ...adults(5) }] },
      },
    );
    expect(tooMany.statusCode).toBe(409);
    expect(body(tooMany).meta.message).toBe('Sold out');
    expect(await held(item.id, date)).toBe(6);

    const down = await call('PUT', '/api/v1/carts', g, {
      data: {
        lines: [{ id: line.id, ...adults(1), advance_info: { representative: '山田 花子', phone: '0312345678' } }],
      },
    });
    expect(down.statusCode).toBe(200);
    expect(await held(item.id, date)).toBe(3);
    expect((body(down).data as Cart[])[0]?.lines[0]).toMatchObject({
      people: 1,
      advanceInfo: { representative: '山田 花子', phone: '0312345678' },
    });
    const audits = await knex()('audit_logs')
      .where({ entity: 'stock_hold' })
      .whereIn('action', ['hold.increased', 'hold.decreased'])
      .count({ n: '*' })
      .first();
    expect(Number(audits?.n)).toBeGreaterThanOrEqual(2);

    // Someone else's line: 404, and the own line in the same call is not changed either.
    const foreign = await call('PUT', '/api/v1/carts', g, {
      data: {
        lines: [
          { id: line.id, ...adults(2) },
          { id: other.id, ...adults(1) },
        ],
      },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await held(item.id, date)).toBe(3);
    const bad = await call('PUT', '/api/v1/carts', g, { lines: [{ id: line.id }] });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toBe('dataを入力してください');
  });

  it('removes lines and gives their stock back; other people cannot', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const a = await user();
    const b = await user();
    const mine = body(await call('POST', '/api/v1/carts', a, { item_id: item.id, date, ...adults(2) }))
      .data as CartLine;
    const theirs = body(await call('POST', '/api/v1/carts', b, { item_id: item.id, date, ...adults(3) }))
      .data as CartLine;
    expect(await held(item.id, date)).toBe(5);

    // B sees only B's cart, and cannot change or remove A's line.
    const bCarts = body(await call('GET', '/api/v1/carts', b)).data as Cart[];
    expect(bCarts.flatMap((c) => c.lines.map((l) => l.id))).toEqual([theirs.id]);
    expect((await call('DELETE', '/api/v1/carts', b, { line_ids: [mine.id] })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/v1/carts', b, { line_ids: [mine.id, theirs.id] })).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/v1/carts', b, { data: { lines: [{ id: mine.id, advance_info: { x: 1 } }] } }))
        .statusCode,
    ).toBe(404);
    expect(await held(item.id, date)).toBe(5);

    const res = await call('DELETE', '/api/v1/carts', a, { line_ids: [mine.id] });
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res)).toMatchObject({ data: [], meta: { removed: 1 } });
    expect(await held(item.id, date)).toBe(3);
    const hold = await knex()('stock_holds').where('cart_line_id', theirs.id).first('state');
    expect(hold.state).toBe('held');
    const released = await knex()('audit_logs').where({ entity: 'stock_hold', action: 'hold.released' }).first('id');
    expect(released).toBeDefined();
    const bad = await call('DELETE', '/api/v1/carts', a, { line_ids: [] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('guest cart and sign-in switch', () => {
  it('moves the guest lines to the user, merged per park, holds kept', async () => {
    const item = await makeItem({ maxPerOrder: 4 });
    const date = await openDate(item.id);
    const g = guest();
    const u = await user();
    await call('POST', '/api/v1/carts', u, { item_id: item.id, date, ...adults(1) });
    const guestLine = body(await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) }))
      .data as CartLine;
    expect(await held(item.id, date)).toBe(3);

    expect((await call('PUT', '/api/v1/carts/switch', g, { guest_user_id: g.guest })).statusCode).toBe(401);
    const res = await call('PUT', '/api/v1/carts/switch', u, { guest_user_id: g.guest });
    expect(res.statusCode, res.payload).toBe(200);
    const carts = body(res).data as Cart[];
    expect(carts).toHaveLength(1);
    expect(carts[0]?.lines.map((l) => l.people).sort()).toEqual([1, 2]);
    expect(carts[0]?.lines.find((l) => l.id === guestLine.id)?.expiresAt).toBe(guestLine.expiresAt);
    expect(body(res).meta.moved).toBe(1);
    expect(await held(item.id, date)).toBe(3);
    expect(body(await call('GET', '/api/v1/carts', g)).data).toEqual([]);
    const moved = await knex()('audit_logs').where({ entity: 'stock_hold', action: 'hold.moved' }).first('id');
    expect(moved).toBeDefined();
    // Nothing left to move: still fine.
    expect((await call('PUT', '/api/v1/carts/switch', u, { guest_user_id: g.guest })).statusCode).toBe(200);
  });

  it('refuses with a clear 400 when a moved line would exceed a limit, nothing moves', async () => {
    const item = await makeItem({ maxPerOrder: 4 });
    const date = await openDate(item.id);
    const g = guest();
    const u = await user();
    await call('POST', '/api/v1/carts', u, { item_id: item.id, date, ...adults(3) });
    await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) });
    const name = await knex()('items').where('id', item.id).first('name_ja', 'name_en');
    const ja = await call('PUT', '/api/v1/carts/switch', u, { guest_user_id: g.guest });
    expect(ja.statusCode).toBe(400);
    expect(body(ja).meta.message).toBe(`${name.nameJa}はカートの上限（4枚）を超えるため、カートを移せませんでした`);
    const en = await call('PUT', '/api/v1/carts/switch', { ...u, lang: 'en' }, { guest_user_id: g.guest });
    expect(body(en).meta.message).toBe(
      `Your cart could not be moved: ${name.nameEn} would exceed the limit of 4 per order`,
    );
    expect((body(await call('GET', '/api/v1/carts', g)).data as Cart[])[0]?.lines).toHaveLength(1);

    const badId = await call('PUT', '/api/v1/carts/switch', u, { guest_user_id: 'x' });
    expect(badId.statusCode).toBe(400);
  });

  it('moves a guest cart to a new account with no telephone number yet (the rule is for adding; paying asks for it)', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const g = guest();
    await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) });
    const noPhone = await user({ telephone: '' });
    const res = await call('PUT', '/api/v1/carts/switch', noPhone, { guest_user_id: g.guest });
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).meta.moved).toBe(1);
    expect((body(await call('GET', '/api/v1/carts', noPhone)).data as Cart[])[0]?.lines).toHaveLength(1);
    expect(body(await call('GET', '/api/v1/carts', g)).data).toEqual([]);
    // Adding more still needs the number.
    const more = await call('POST', '/api/v1/carts', noPhone, { item_id: item.id, date, ...adults(1) });
    expect(body(more).meta.code).toBe('phoneRequired');
  });
});

describe('hold expiry', () => {
  it('the job releases expired holds, removes their lines and tells the owner once', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const g = guest();
    const line = body(await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(2) }))
      .data as CartLine;
    const keep = body(await call('POST', '/api/v1/carts', guest(), { item_id: item.id, date, ...adults(1) }))
      .data as CartLine;
    expect(await held(item.id, date)).toBe(3);
    // Not yet expired: nothing happens.
    await expireHolds(knex(), { now: new Date(Date.parse(line.expiresAt) - 1000) });
    expect(await held(item.id, date)).toBe(3);

    await knex()('cart_lines')
      .where('id', line.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    await knex()('stock_holds')
      .where('cart_line_id', line.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const result = await expireHolds(knex());
    expect(result).toMatchObject({ lines: 1, holds: 1 });
    expect(await held(item.id, date)).toBe(1);
    expect(await knex()('cart_lines').where('id', line.id).first()).toBeUndefined();
    expect(await knex()('cart_lines').where('id', keep.id).first()).toBeDefined();
    const hold = await knex()('stock_holds').where('state', 'expired').orderBy('id', 'desc').first('id');
    const audit = await knex()('audit_logs')
      .where({ entity: 'stock_hold', entity_id: String(hold.id), action: 'hold.expired' })
      .first();
    expect(audit).toBeDefined();

    const first = await call('GET', '/api/v1/carts', g);
    const name = `テストチケット${itemCounter}`;
    expect(body(first).meta.notices).toEqual([
      {
        id: expect.any(Number),
        code: 'holdExpired',
        message: `お支払い期限が過ぎたため、${name}をカートから削除しました`,
        createdAt: expect.any(String),
      },
    ]);
    expect(body(first).data).toEqual([]);
    expect(body(await call('GET', '/api/v1/carts', g)).meta.notices).toEqual([]);
  });

  it('a cart call sweeps its own expired lines first; English notice', async () => {
    const item = await makeItem();
    const date = await openDate(item.id);
    const g = guest('en');
    const line = body(await call('POST', '/api/v1/carts', g, { item_id: item.id, date, ...adults(1) }))
      .data as CartLine;
    await knex()('cart_lines')
      .where('id', line.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await call('GET', `/api/v1/carts/${item.parkId}`, g);
    expect(body(res).meta.notices.map((n: { message: string }) => n.message)).toEqual([
      `Test ticket ${itemCounter} was removed from your cart because its hold expired.`,
    ]);
    expect(body(res).data.lines).toEqual([]);
    expect(await held(item.id, date)).toBe(0);
    const put = await call('PUT', '/api/v1/carts', g, { data: { lines: [{ id: line.id, ...adults(2) }] } });
    expect(put.statusCode).toBe(404);
  });

  it('the jobs plugin sweeps on its interval once the server is started', async () => {
    const local = await createTestServer({ HOLD_SWEEP_INTERVAL_MS: '50' });
    try {
      expect(local.server.plugins.jobs.running()).toBe(false);
      await local.server.start();
      expect(local.server.plugins.jobs.running()).toBe(true);
      const item = (await local.db.knex('items').where('code', 'ueno-zoo--admission').first('id')).id as number;
      const res = await local.server.inject({
        method: 'POST',
        url: '/api/v1/carts',
        headers: { 'x-guest-user-id': randomUUID() },
        payload: { item_id: item, date: await openDateOn(local, item), ...adults(1) },
      });
      expect(res.statusCode, res.payload).toBe(201);
      const lineId = body(res).data.id as number;
      await local.db
        .knex('cart_lines')
        .where('id', lineId)
        .update({ expires_at: new Date(Date.now() - 1000) });
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (await local.db.knex('cart_lines').where('id', lineId).first())) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await local.db.knex('cart_lines').where('id', lineId).first()).toBeUndefined();
    } finally {
      await local.server.stop();
      expect(local.server.plugins.jobs.running()).toBe(false);
      await local.db.drop();
    }
  });
});

async function openDateOn(local: TestContext, itemId: number): Promise<string> {
  const res = await local.server.inject(
    `/api/v1/items/${itemId}/availability?from=${addDays(today, 1)}&to=${addDays(today, 14)}`,
  );
  const day = (body(res).data as DateAvailability[]).find((d) => d.status === 'available');
  if (!day) throw new Error('no open date');
  return day.date;
}
