// The back office's catalogue and park profile as park staff (and a hostile client) would use them: only editors
// and owners of the park, a new item private until its label moves, the sale-label lifecycle (never back before
// sale once sold), field rules that name the field and change nothing, the park calendar stopping sales on a new
// closed day, and every change in the park's audit trail. PGlite, and PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import type { OfficeItem } from '../../common/dto/catalogueOffice';
import type { StaffAuditEntry } from '../../common/dto/staff';
import { addDays } from '../../common/time';
import { userOwner } from '../features/carts/owner';
import { addCartLine } from '../features/carts/services/addLine';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, flow } = commerceServer();

async function parks(): Promise<[number, number]> {
  return (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as [number, number];
}
async function staff(parkId: number, role: string): Promise<Caller> {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

const NEW_ITEM = {
  name_ja: 'ナイトサファリ',
  name_en: 'Night safari',
  description_ja: '夜の動物園を歩くツアーです。',
  category: 1,
  available_from: '2026-12-01',
  available_until: '2027-02-28',
  prices: [
    { age_group_id: 5, price: 2500 },
    { age_group_id: 2, price: 1200 },
  ],
  cancellation_policy: [
    { days_before: 3, charge_rate: 0 },
    { days_before: 0, charge_rate: 100 },
  ],
  reward_coins: 20,
};

describe('the catalogue in the back office', () => {
  it('only editors and owners of the park read and change its items and profile; another park’s item is not found', async () => {
    const [parkA, parkB] = await parks();
    const itemA = (await c.knex()('items').where({ park_id: parkA }).first('id')).id as number;
    const itemB = (await c.knex()('items').where({ park_id: parkB }).first('id')).id as number;
    const routes: [string, string, object?][] = [
      ['GET', `/api/v1/staff/parks/${parkA}/items`],
      ['POST', `/api/v1/staff/parks/${parkA}/items`, NEW_ITEM],
      ['GET', `/api/v1/staff/parks/${parkA}/items/${itemA}`],
      ['PUT', `/api/v1/staff/parks/${parkA}/items/${itemA}`, { reward_coins: 5 }],
      ['POST', `/api/v1/staff/parks/${parkA}/items/${itemA}/sale-label`, { sale_label: 5 }],
      ['GET', `/api/v1/staff/parks/${parkA}/profile`],
      ['PUT', `/api/v1/staff/parks/${parkA}/profile`, { closed_days_note_ja: '不定休' }],
    ];
    const before = await c.knex()('items').where({ park_id: parkA }).count({ n: '*' }).first();
    const refused = [
      await staff(parkB, 'owner'),
      await staff(parkB, 'editor'),
      await staff(parkA, 'scanner'),
      await staff(parkA, 'finance'),
      await c.user(),
    ];
    for (const who of refused) {
      for (const [method, url, payload] of routes) {
        const res = await c.call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url} ${res.payload}`).toBe(403);
        expect(body(res).meta.code).toBe('notParkStaff');
      }
    }
    const guest = await c.call('GET', `/api/v1/staff/parks/${parkA}/items`, {});
    expect(guest.statusCode).toBe(401);
    const after = await c.knex()('items').where({ park_id: parkA }).count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));

    const editorA = await staff(parkA, 'editor');
    const list = await c.call('GET', `/api/v1/staff/parks/${parkA}/items`, editorA);
    expect(list.statusCode).toBe(200);
    expect(body(list).data.every((r: { id: number }) => r.id !== itemB)).toBe(true);
    // Park B's item through park A's path: not found, and unchanged.
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { reward_coins: 999 }],
      ['POST', { sale_label: 5 }],
    ] as const) {
      const url = `/api/v1/staff/parks/${parkA}/items/${itemB}${method === 'POST' ? '/sale-label' : ''}`;
      expect((await c.call(method, url, editorA, payload)).statusCode).toBe(404);
    }
    expect((await c.knex()('items').where({ id: itemB }).first('reward_coins')).rewardCoins).not.toBe(999);
    const owner = await staff(parkA, 'owner');
    expect((await c.call('GET', `/api/v1/staff/parks/${parkA}/profile`, owner)).statusCode).toBe(200);
  });

  it('a new item is private until its label moves; on sale it sells; once sold it cannot go back before sale', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const created = await c.call('POST', `/api/v1/staff/parks/${parkA}/items`, editor, {
      ...NEW_ITEM,
      available_from: addDays(c.today, -1),
      available_until: addDays(c.today, 60),
    });
    expect(created.statusCode, created.payload).toBe(201);
    const item = body(created).data as OfficeItem;
    expect(item).toMatchObject({ saleLabel: 1, sold: 0, rewardCoins: 20, moves: [2, 3, 4, 99] });
    expect(item.prices).toEqual([
      { ageGroupId: 2, price: 1200 },
      { ageGroupId: 5, price: 2500 },
    ]);
    // Visitors do not see it; the private link previews it.
    expect((await c.call('GET', `/api/v1/items/${item.id}`, {})).statusCode).toBe(404);
    const preview = await c.call('GET', `/api/v1/private/items/${item.linkId}`, {});
    expect(preview.statusCode).toBe(200);
    expect(body(preview).data.name).toBe('ナイトサファリ');

    // Not an allowed move: 1 → 5, 1 → 6 (ja and en name the reason).
    const skip = await c.call('POST', `/api/v1/staff/parks/${parkA}/items/${item.id}/sale-label`, editor, {
      sale_label: 6,
    });
    expect(skip.statusCode).toBe(409);
    expect(body(skip).meta).toMatchObject({ code: 'saleLabelMoveNotAllowed' });
    const en = await c.call(
      'POST',
      `/api/v1/staff/parks/${parkA}/items/${item.id}/sale-label`,
      { ...editor, lang: 'en' },
      {
        sale_label: 5,
      },
    );
    expect(body(en).meta.message).toContain('sale lifecycle');

    const onSale = await c.call('POST', `/api/v1/staff/parks/${parkA}/items/${item.id}/sale-label`, editor, {
      sale_label: 4,
    });
    expect(onSale.statusCode, onSale.payload).toBe(200);
    expect(body(onSale).data).toMatchObject({ saleLabel: 4, moves: [5, 1, 2] });
    expect((await c.call('GET', `/api/v1/items/${item.id}`, {})).statusCode).toBe(200);

    // A visitor buys 2 places.
    const buyer = await c.user();
    await c.addToCart(buyer, item, 2);
    const paid = await flow.placed(buyer, parkA, {
      payment_method: 1,
      card_token: await flow.tokenize('4111111111111111'),
    });
    expect(paid.payment.kind).toBe('completed');

    const back = await c.call('POST', `/api/v1/staff/parks/${parkA}/items/${item.id}/sale-label`, editor, {
      sale_label: 1,
    });
    expect(back.statusCode).toBe(409);
    expect(body(back).meta.code).toBe('saleLabelAlreadySold');
    const ended = await c.call('POST', `/api/v1/staff/parks/${parkA}/items/${item.id}/sale-label`, editor, {
      sale_label: 5,
    });
    expect(body(ended).data).toMatchObject({ saleLabel: 5, sold: 2 });
    // End of sale: listed, nothing more sells.
    const late = await c.call('POST', '/api/v1/carts', buyer, {
      item_id: item.id,
      date: await c.openDate(item.id).catch(() => addDays(c.today, 3)),
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);

    // The audit trail has each change with before and after.
    const owner = await staff(parkA, 'owner');
    const audit = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?entity=item&limit=50`, owner))
      .data as StaffAuditEntry[];
    const mine = audit.filter((a) => a.entityId === String(item.id));
    expect(mine.map((a) => a.action)).toEqual(['saleLabel', 'saleLabel', 'created']);
    expect(mine[0]).toMatchObject({ before: { saleLabel: 4 }, after: { saleLabel: 5 }, actor: { userId: editor.id } });
  });

  it('bad input names the field (ja and en) and changes nothing', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const item = body(await c.call('POST', `/api/v1/staff/parks/${parkA}/items`, editor, NEW_ITEM)).data as OfficeItem;
    const cases: [object, string][] = [
      [{ available_until: '2026-11-01' }, 'available_until'],
      [{ available_from: '2027-02-30' }, 'available_from'],
      [{ prices: [{ age_group_id: 999, price: 100 }] }, 'prices'],
      [{ prices: [{ age_group_id: 5, price: -1 }] }, 'price'],
      [{ cancellation_policy: [{ days_before: 1, charge_rate: 150 }] }, 'charge_rate'],
      [
        {
          cancellation_policy: [
            { days_before: 1, charge_rate: 10 },
            { days_before: 1, charge_rate: 20 },
          ],
        },
        'cancellation_policy',
      ],
      [{ name_ja: 'ナイト\u0000サファリ' }, 'name_ja'],
      [{ name_ja: '' }, 'name_ja'],
      [{ minimum_participant: 20, max_per_order: 10 }, 'minimum_participant'],
      [{ image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ advance_info_fields: [{ key: 'Name!', kind: 'text', label_ja: '氏名' }] }, 'key'],
      [
        {
          advance_info_fields: [
            { key: 'name', kind: 'text', label_ja: '氏名' },
            { key: 'name', kind: 'text', label_ja: '名前' },
          ],
        },
        'advance_info_fields',
      ],
    ];
    for (const [payload, field] of cases) {
      for (const lang of ['ja', 'en'] as const) {
        const res = await c.call('PUT', `/api/v1/staff/parks/${parkA}/items/${item.id}`, { ...editor, lang }, payload);
        expect(res.statusCode, `${JSON.stringify(payload)} ${res.payload}`).toBe(400);
        expect(body(res).meta.message, JSON.stringify(payload)).toContain(field);
      }
    }
    const { data } = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/items/${item.id}`, editor));
    expect(data).toEqual(item);
    const empty = await c.call('PUT', `/api/v1/staff/parks/${parkA}/items/${item.id}`, editor, {});
    expect(empty.statusCode).toBe(400);
    // Advance information a visitor answers per ticket.
    const asked = await c.call('PUT', `/api/v1/staff/parks/${parkA}/items/${item.id}`, editor, {
      advance_info_fields: [
        { key: 'name', kind: 'text', label_ja: '参加者のお名前', label_en: 'Name', required: true, max_length: 40 },
      ],
    });
    expect(asked.statusCode, asked.payload).toBe(200);
    expect(body(asked).data.advanceInfoFields).toEqual([
      { key: 'name', kind: 'text', labelJa: '参加者のお名前', labelEn: 'Name', required: true, maxLength: 40 },
    ]);
  });

  it('a closed day set in the profile stops sales that day; the calendar change is audited', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const item = await c.makeItem({ capacity: 10 });
    const date = await c.openDate(item.id);
    const profile = body(
      await c.call('GET', `/api/v1/staff/parks/${item.parkId}/profile`, await staff(item.parkId, 'editor')),
    );
    expect(profile.data.id).toBe(item.parkId);
    const parkEditor = item.parkId === parkA ? editor : await staff(item.parkId, 'editor');
    const res = await c.call('PUT', `/api/v1/staff/parks/${item.parkId}/profile`, parkEditor, {
      special_days: [
        ...profile.data.specialDays
          .filter((d: { date: string }) => d.date !== date)
          .map((d: Record<string, unknown>) => ({
            date: d.date,
            kind: d.kind,
            open_time: d.openTime,
            close_time: d.closeTime,
            note_ja: d.noteJa,
            note_en: d.noteEn,
          })),
        { date, kind: 'closed', note_ja: '設備点検のため臨時休園', note_en: 'Closed for maintenance' },
      ],
    });
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data.specialDays.find((d: { date: string }) => d.date === date)).toMatchObject({ kind: 'closed' });
    const buyer = await c.user();
    const add = await c.call('POST', '/api/v1/carts', buyer, {
      item_id: item.id,
      date,
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(add.statusCode).toBe(400);
    // Bad hours name the field.
    const hours = await c.call(
      'PUT',
      `/api/v1/staff/parks/${item.parkId}/profile`,
      { ...parkEditor, lang: 'en' },
      {
        open_time: '18:00',
        close_time: '09:00',
      },
    );
    expect(hours.statusCode).toBe(400);
    expect(body(hours).meta.message).toContain('close_time');
    const audit = body(
      await c.call('GET', `/api/v1/staff/parks/${item.parkId}/audit?entity=park`, await staff(item.parkId, 'owner')),
    ).data as StaffAuditEntry[];
    expect(audit[0]).toMatchObject({ action: 'profile', entity: 'park' });
  });
});

describe('lottery rounds in the back office', () => {
  const HOUR = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  it('sets up a round that takes entries; times out of order, overlaps and a started round are refused', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const created = body(
      await c.call('POST', `/api/v1/staff/parks/${parkA}/items`, editor, {
        ...NEW_ITEM,
        available_from: addDays(c.today, -1),
        available_until: addDays(c.today, 60),
      }),
    ).data as OfficeItem;
    const base = `/api/v1/staff/parks/${parkA}/items/${created.id}/lottery-rounds`;
    const now = Date.now();
    const round = {
      use_from: addDays(c.today, 10),
      use_to: addDays(c.today, 20),
      entry_opens_at: iso(now + HOUR),
      entry_closes_at: iso(now + 48 * HOUR),
      draw_at: iso(now + 49 * HOUR),
      announce_at: iso(now + 50 * HOUR),
      purchase_deadline: iso(now + 96 * HOUR),
    };
    // Not a lottery item yet.
    const notLottery = await c.call('POST', base, editor, round);
    expect(notLottery.statusCode).toBe(409);
    expect(body(notLottery).meta.code).toBe('lotteryItemRequired');
    await c.call('PUT', `/api/v1/staff/parks/${parkA}/items/${created.id}`, editor, { lottery: true });

    const made = await c.call('POST', base, editor, round);
    expect(made.statusCode, made.payload).toBe(201);
    const id = body(made).data.id as number;
    expect(body(made).data).toMatchObject({ useFrom: round.use_from, state: 'open', entries: 0 });

    const cases: [object, string][] = [
      [{ ...round, draw_at: iso(now + 47 * HOUR) }, 'draw_at'],
      [{ ...round, entry_closes_at: round.entry_opens_at }, 'entry_closes_at'],
      [{ ...round, purchase_deadline: iso(Date.parse(`${addDays(c.today, 11)}T00:00:00+09:00`)) }, 'purchase_deadline'],
      [{ ...round, use_to: addDays(c.today, 5) }, 'use_to'],
      [{ ...round, entry_opens_at: 'tomorrow' }, 'entry_opens_at'],
    ];
    for (const [payload, field] of cases) {
      for (const lang of ['ja', 'en'] as const) {
        const res = await c.call('PUT', `${base}/${id}`, { ...editor, lang }, payload);
        expect(res.statusCode, `${field} ${res.payload}`).toBe(400);
        expect(body(res).meta.message).toContain(field);
      }
    }
    // Another round over the same dates.
    const overlap = await c.call('POST', base, editor, {
      ...round,
      use_from: addDays(c.today, 15),
      use_to: addDays(c.today, 25),
    });
    expect(overlap.statusCode).toBe(400);
    expect(body(overlap).meta.message).toContain('use_from');

    // Visitors see it on the item page once entries open; then it cannot change.
    await c
      .knex()('lotteries')
      .where({ id })
      .update({ entry_opens_at: new Date(now - HOUR) });
    expect((await c.call('GET', `/api/v1/items/${created.id}/lottery`, {})).statusCode).toBe(200);
    const late = await c.call('PUT', `${base}/${id}`, editor, round);
    expect(late.statusCode).toBe(409);
    expect(body(late).meta.code).toBe('lotteryRoundStarted');
    expect((await c.call('DELETE', `${base}/${id}`, editor)).statusCode).toBe(409);
    const list = body(await c.call('GET', base, editor)).data;
    expect(list).toHaveLength(1);
    // Another park's staff: refused.
    const [, parkB] = await parks();
    expect((await c.call('GET', base, await staff(parkB, 'owner'))).statusCode).toBe(403);
  });
});

describe('ticket packs in the back office', () => {
  it('lists the park’s packs and moves their labels along the lifecycle; other parks’ staff are refused', async () => {
    const pack = await c.knex()('ticket_packs').where({ sale_label: 4 }).first('id', 'park_id', 'link_id');
    const editor = await staff(pack.parkId, 'editor');
    const base = `/api/v1/staff/parks/${pack.parkId}/ticket-packs`;
    const list = await c.call('GET', base, editor);
    expect(list.statusCode).toBe(200);
    expect(body(list).data).toContainEqual(
      expect.objectContaining({ id: pack.id, saleLabel: 4, linkId: pack.linkId, moves: [5, 1, 2] }),
    );
    const skip = await c.call('POST', `${base}/${pack.id}/sale-label`, editor, { sale_label: 6 });
    expect(skip.statusCode).toBe(409);
    expect(body(skip).meta.code).toBe('saleLabelMoveNotAllowed');
    const ended = await c.call('POST', `${base}/${pack.id}/sale-label`, editor, { sale_label: 5 });
    expect(body(ended).data).toMatchObject({ id: pack.id, saleLabel: 5 });
    const back = await c.call('POST', `${base}/${pack.id}/sale-label`, editor, { sale_label: 4 });
    expect(body(back).data).toMatchObject({ saleLabel: 4 });
    const other = (await c.knex()('parks').whereNot({ id: pack.parkId }).first('id')).id;
    const outsider = await staff(other, 'owner');
    expect((await c.call('GET', base, outsider)).statusCode).toBe(403);
    expect((await c.call('POST', `${base}/${pack.id}/sale-label`, outsider, { sale_label: 5 })).statusCode).toBe(403);
    // Another park's pack through this park's path: not found.
    const foreign = await c.knex()('ticket_packs').whereNot({ park_id: pack.parkId }).first('id');
    expect(foreign, 'a seeded pack of another park').toBeTruthy();
    const foreignMove = await c.call('POST', `${base}/${foreign.id}/sale-label`, editor, { sale_label: 5 });
    expect(foreignMove.statusCode).toBe(404);
  });
});

describe('time slots and add-on plans in the back office', () => {
  it('adds, changes and removes slots and add-ons; a slot with places sold and an add-on of a sold item stay', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const item = body(
      await c.call('POST', `/api/v1/staff/parks/${parkA}/items`, editor, {
        ...NEW_ITEM,
        available_from: addDays(c.today, -1),
        available_until: addDays(c.today, 60),
      }),
    ).data as OfficeItem;
    const url = `/api/v1/staff/parks/${parkA}/items/${item.id}`;
    const set = await c.call('PUT', url, editor, {
      time_slots: [
        { start_time: '10:00', end_time: '11:00', capacity: 8 },
        { start_time: '14:00', end_time: '15:00', capacity: 8 },
      ],
      additional_plans: [{ name_ja: '写真撮影', name_en: 'Photo', prices: [{ age_group_id: 5, price: 500 }] }],
    });
    expect(set.statusCode, set.payload).toBe(200);
    const withSlots = body(set).data as OfficeItem;
    expect(withSlots.timeSlotList.map((s) => s.startTime)).toEqual(['10:00', '14:00']);
    expect(withSlots.additionalPlans).toMatchObject([{ nameJa: '写真撮影', prices: [{ ageGroupId: 5, price: 500 }] }]);
    // Times swapped between two slots keep their ids.
    const [s1, s2] = withSlots.timeSlotList as [OfficeItem['timeSlotList'][number], OfficeItem['timeSlotList'][number]];
    const swapped = await c.call('PUT', url, editor, {
      time_slots: [
        { id: s1.id, start_time: '14:00', end_time: '15:00', capacity: 8 },
        { id: s2.id, start_time: '10:00', end_time: '11:00', capacity: 6 },
      ],
    });
    expect(swapped.statusCode, swapped.payload).toBe(200);
    expect(body(swapped).data.timeSlotList).toEqual([
      { id: s2.id, startTime: '10:00', endTime: '11:00', capacity: 6 },
      { id: s1.id, startTime: '14:00', endTime: '15:00', capacity: 8 },
    ]);
    // Bad slots name the field.
    for (const [slots, field] of [
      [[{ start_time: '12:00', end_time: '11:00', capacity: 1 }], 'end_time'],
      [[{ start_time: '25:00', end_time: '26:00', capacity: 1 }], 'start_time'],
      [[{ id: 999999, start_time: '09:00', end_time: '10:00', capacity: 1 }], 'time_slots'],
    ] as const) {
      const res = await c.call('PUT', url, { ...editor, lang: 'en' }, { time_slots: slots });
      expect(res.statusCode, res.payload).toBe(400);
      expect(body(res).meta.message).toContain(field);
    }

    // On sale, a visitor buys the 10:00 slot: it cannot be removed, nor can the add-on.
    await c.call('POST', `${url}/sale-label`, editor, { sale_label: 4 });
    const buyer = await c.user();
    const date = await c.openDate(item.id);
    const line = await c.call('POST', '/api/v1/carts', buyer, {
      item_id: item.id,
      date,
      time_slot_id: s2.id,
      quantities: [{ age_group_id: 5, quantity: 1 }],
    });
    expect(line.statusCode, line.payload).toBe(201);
    const gone = await c.call('PUT', url, editor, {
      time_slots: [{ id: s1.id, start_time: '14:00', end_time: '15:00', capacity: 8 }],
    });
    expect(gone.statusCode).toBe(409);
    expect(body(gone).meta.code).toBe('timeSlotInUse');
    expect(await c.knex()('item_time_slots').where({ id: s2.id })).toHaveLength(1);
    // The other slot (nothing on it) can go.
    const ok = await c.call('PUT', url, editor, {
      time_slots: [{ id: s2.id, start_time: '10:00', end_time: '11:00', capacity: 6 }],
    });
    expect(ok.statusCode, ok.payload).toBe(200);
    await flow.placed(buyer, parkA, { payment_method: 1, card_token: await flow.tokenize('4111111111111111') });
    const addOnGone = await c.call('PUT', url, editor, { additional_plans: [] });
    expect(addOnGone.statusCode).toBe(409);
    expect(body(addOnGone).meta.code).toBe('planInUse');
  });
});

describe('a time slot removed while visitors add it to their carts', () => {
  // Cart lines have no foreign key to the slot (migrations/20261127000100): the slot's stock rows, locked by the
  // removal before it looks, are what keeps a line from naming a slot that is gone.
  async function itemWithTwoSlots(editor: Caller) {
    const [parkA] = await parks();
    const item = body(
      await c.call('POST', `/api/v1/staff/parks/${parkA}/items`, editor, {
        ...NEW_ITEM,
        available_from: addDays(c.today, -1),
        available_until: addDays(c.today, 60),
      }),
    ).data as OfficeItem;
    const url = `/api/v1/staff/parks/${parkA}/items/${item.id}`;
    const set = await c.call('PUT', url, editor, {
      time_slots: [
        { start_time: '10:00', end_time: '11:00', capacity: 50 },
        { start_time: '14:00', end_time: '15:00', capacity: 50 },
      ],
    });
    const [gone, kept] = (body(set).data as OfficeItem).timeSlotList as unknown as [{ id: number }, { id: number }];
    await c.call('POST', `${url}/sale-label`, editor, { sale_label: 4 });
    const keepOnly = { time_slots: [{ id: kept.id, start_time: '14:00', end_time: '15:00', capacity: 50 }] };
    return { item, url, gone, keepOnly, date: await c.openDate(item.id) };
  }
  const orphanLines = async () =>
    Number(
      (
        await c
          .knex()('cart_lines as l')
          .leftJoin('item_time_slots as s', 's.id', 'l.time_slot_id')
          .whereNotNull('l.time_slot_id')
          .whereNull('s.id')
          .count({ n: '*' })
      )[0]?.n,
    );

  it('racing adds: the removal is refused, or every add on the slot fails whole; no 5xx', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    for (let round = 0; round < 3; round++) {
      const { item, url, gone, keepOnly, date } = await itemWithTwoSlots(editor);
      const buyers = await Promise.all(Array.from({ length: 6 }, () => c.user()));
      const [removal, ...adds] = await Promise.all([
        c.call('PUT', url, editor, keepOnly),
        ...buyers.map((buyer) =>
          c.call('POST', '/api/v1/carts', buyer, {
            item_id: item.id,
            date,
            time_slot_id: gone.id,
            quantities: [{ age_group_id: 5, quantity: 1 }],
          }),
        ),
      ]);
      for (const res of [removal, ...adds]) expect(res?.statusCode, res?.payload).toBeLessThan(500);
      const added = adds.filter((a) => a.statusCode === 201).length;
      const lines = await c.knex()('cart_lines').where({ item_id: item.id, time_slot_id: gone.id }).count({ n: '*' });
      expect(Number(lines[0]?.n)).toBe(added);
      if (removal?.statusCode === 200) expect(added).toBe(0);
      else expect(body(removal as never).meta.code).toBe('timeSlotInUse');
      expect(await orphanLines()).toBe(0);
    }
  });

  // Needs a second connection: an add left open in its transaction while the removal runs (PGlite has one).
  it.skipIf(!process.env.DATABASE_URL)(
    'an add not yet committed when the removal looks: the removal waits for it, then is refused',
    async () => {
      const [parkA] = await parks();
      const editor = await staff(parkA, 'editor');
      const { item, url, gone, keepOnly, date } = await itemWithTwoSlots(editor);
      // The slot's stock row exists already (someone held a place and let it go): nothing is held on it.
      const first = await c.user();
      const held = await c.call('POST', '/api/v1/carts', first, {
        item_id: item.id,
        date,
        time_slot_id: gone.id,
        quantities: [{ age_group_id: 5, quantity: 1 }],
      });
      expect(held.statusCode, held.payload).toBe(201);
      const released = await c.call('DELETE', '/api/v1/carts', first, { line_ids: [body(held).data.id] });
      expect(released.statusCode, released.payload).toBe(200);
      const buyer = await c.user();
      let removal: Awaited<ReturnType<typeof c.call>> | undefined;
      await c.knex().transaction(async (trx) => {
        await addCartLine(trx as never, userOwner(buyer.id), {
          itemId: item.id,
          date,
          timeSlotId: gone.id,
          quantities: [{ ageGroupId: 5, quantity: 1 }],
        });
        const pending = c.call('PUT', url, editor, keepOnly).then((r) => {
          removal = r;
        });
        // The removal is under way and must be waiting on the add's stock row, not answering.
        await new Promise((r) => setTimeout(r, 500));
        expect(removal).toBeUndefined();
        void pending;
      });
      await expect.poll(() => removal?.statusCode, { timeout: 10_000 }).toBe(409);
      expect(body(removal as never).meta.code).toBe('timeSlotInUse');
      expect(await orphanLines()).toBe(0);
    },
  );
});

describe('ticket pack editing in the back office', () => {
  it('creates a private pack of the park’s items, changes it, and refuses other parks’ items and bad totals', async () => {
    const [parkA, parkB] = await parks();
    const editor = await staff(parkA, 'editor');
    const [i1, i2] = (await c.knex()('items').where({ park_id: parkA }).orderBy('id').limit(2).pluck('id')) as number[];
    const foreign = (await c.knex()('items').where({ park_id: parkB }).first('id')).id;
    const base = `/api/v1/staff/parks/${parkA}/ticket-packs`;
    const pack = {
      name_ja: '親子で一日セット',
      description_ja: '入園券と体験をまとめたセットです。',
      price: 3000,
      min_total: 1,
      max_total: 6,
      selectable_times: ['10:00', '13:00'],
      application_starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      application_ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      available_from: addDays(c.today, 1),
      available_until: addDays(c.today, 40),
      contents: [{ item_id: i1 }, { item_id: i2, quantity: 1 }],
    };
    const made = await c.call('POST', base, editor, pack);
    expect(made.statusCode, made.payload).toBe(201);
    const created = body(made).data;
    expect(created).toMatchObject({ saleLabel: 1, price: 3000, selectableTimes: ['10:00', '13:00'], sold: 0 });
    // The English texts may be left out (createPack's type once said they were always there): stored as none.
    expect(created).toMatchObject({ nameEn: null, descriptionEn: null });
    expect(created.contents.map((c: { itemId: number }) => c.itemId)).toEqual(
      [i1, i2].sort((a, b) => Number(a) - Number(b)),
    );
    const preview = await c.call('GET', `/api/v1/private/ticket-packs/${created.linkId}`, {});
    expect(preview.statusCode, preview.payload).toBe(200);
    // Not listed while private.
    expect((await c.call('GET', `/api/v1/ticket-packs/${created.id}`, {})).statusCode).toBe(404);

    const changed = await c.call('PUT', `${base}/${created.id}`, editor, { price: 3200, selectable_times: ['11:00'] });
    expect(changed.statusCode, changed.payload).toBe(200);
    expect(body(changed).data).toMatchObject({ price: 3200, selectableTimes: ['11:00'] });
    for (const [payload, field] of [
      [{ contents: [{ item_id: foreign }] }, 'contents'],
      [{ min_total: 7 }, 'min_total'],
      [{ selectable_times: ['25:00'] }, 'selectable_times'],
      [{ available_until: addDays(c.today, -5) }, 'available_until'],
    ] as const) {
      const res = await c.call('PUT', `${base}/${created.id}`, { ...editor, lang: 'en' }, payload);
      expect(res.statusCode, `${field} ${res.payload}`).toBe(400);
      expect(body(res).meta.message).toContain(field);
    }
    expect((await c.call('GET', `${base}/${created.id}`, editor)).payload).toContain('3200');
    expect((await c.call('GET', `${base}/${created.id}`, await staff(parkB, 'editor'))).statusCode).toBe(403);
  });
});

describe('gate settings in the back office (issue 28)', () => {
  it('the park’s timed-slot window: editors set it, bad values name the field in ja and en, the gate gets it', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const base = `/api/v1/staff/parks/${parkA}/profile`;
    const before = body(await c.call('GET', base, editor)).data;
    expect(before).toMatchObject({ gateSlotBeforeMinutes: 15, gateSlotAfterMinutes: 60 });
    for (const [field, value] of [
      ['gate_slot_before_minutes', -1],
      ['gate_slot_after_minutes', 721],
      ['gate_slot_after_minutes', 'soon'],
    ] as const) {
      const ja = await c.call('PUT', base, editor, { [field]: value });
      expect(ja.statusCode, ja.payload).toBe(400);
      expect(body(ja).meta.message).toContain(field);
      expect(body(ja).meta.message).toContain('正しくありません');
      const en = await c.call('PUT', base, { ...editor, lang: 'en' }, { [field]: value });
      expect(body(en).meta.message).toContain(field);
      expect(body(en).meta.message).toContain('invalid');
    }
    expect(body(await c.call('GET', base, editor)).data).toMatchObject({ gateSlotBeforeMinutes: 15 });
    const saved = await c.call('PUT', base, editor, { gate_slot_before_minutes: 30, gate_slot_after_minutes: 90 });
    expect(saved.statusCode, saved.payload).toBe(200);
    expect(body(saved).data).toMatchObject({ gateSlotBeforeMinutes: 30, gateSlotAfterMinutes: 90 });
    // The gate's park list (synced to devices) carries it.
    const scanner = await staff(parkA, 'scanner');
    const gateParks = body(await c.call('GET', '/api/v1/staff/parks', scanner)).data as {
      id: number;
      slotWindow: unknown;
    }[];
    expect(gateParks.find((p) => p.id === parkA)?.slotWindow).toEqual({ beforeMinutes: 30, afterMinutes: 90 });
    await c.call('PUT', base, editor, { gate_slot_before_minutes: 15, gate_slot_after_minutes: 60 });
  });

  it('an item’s re-entry rule: off by default, on with a number of entries (2-99) or no limit', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const base = `/api/v1/staff/parks/${parkA}/items`;
    const created = body(await c.call('POST', base, editor, NEW_ITEM)).data as OfficeItem;
    expect(created).toMatchObject({ reentry: false, maxEntries: null });
    const bad = await c.call('PUT', `${base}/${created.id}`, editor, { reentry: true, max_entries: 1 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toContain('max_entries');
    const on = await c.call('PUT', `${base}/${created.id}`, editor, { reentry: true, max_entries: 3 });
    expect(body(on).data).toMatchObject({ reentry: true, maxEntries: 3 });
  });
});
