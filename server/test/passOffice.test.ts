// Pass products in the back office (issue 29, README 2.15) as park staff (and others) would use them: every member
// of the park reads them, only editors and owners write; a product is an item (pass, admission, shown by QR) with
// its basic and renewal prices, the pass_products row and the parks it admits at (a partner park only where the
// member is owner); each bad field is named in ja and en and changes nothing; every change is in the park's audit
// trail; the generic item editor keeps a pass a pass. PGlite, and PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import type { OfficePassProduct, SavePassProductRequest } from '../../common/dto/pass';
import type { StaffAuditEntry } from '../../common/dto/staff';
import { seed } from '../../seeds/index';
import { PASS_SEEDS } from '../../seeds/passes';
import { loadPassProducts } from '../features/passes/office/passProductView';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c } = commerceServer();

async function parks(): Promise<[number, number, number]> {
  return (await c.knex()('parks').where('is_private', false).orderBy('id').limit(3).pluck('id')) as [
    number,
    number,
    number,
  ];
}
async function staff(parkId: number, role: string, user?: Caller & { id: number }): Promise<Caller & { id: number }> {
  const who = user ?? (await c.user());
  await c.knex()('park_staff').insert({ user_id: who.id, park_id: parkId, role });
  return who;
}
async function admissionOf(parkId: number): Promise<number> {
  return (await c.knex()('items').where({ park_id: parkId, category: 0, pass: false }).orderBy('id').first('id')).id;
}

const FAMILY: SavePassProductRequest = {
  name_ja: 'ファミリー年間パスポート',
  name_en: 'Family annual pass',
  description_ja: '家族みんなで1年間何度でも。',
  description_en: 'A year of visits for the whole family.',
  kind: 'family',
  max_holders: 5,
  validity_days: 365,
  validity_start: 'first_entry',
  start_within_days: 180,
  prices: [
    { age_group_id: 5, unit_kind: 'basic', price: 6000 },
    { age_group_id: 2, unit_kind: 'basic', price: 2000 },
    { age_group_id: null, unit_kind: 'disability', price: 3000 },
    { age_group_id: null, unit_kind: 'companion', price: 3000 },
  ],
  renewal: {
    window_days: 60,
    prices: [
      { age_group_id: 5, unit_kind: 'basic', price: 5400 },
      { age_group_id: 2, unit_kind: 'basic', price: 1800 },
    ],
  },
  discount_percent: 10,
  discount_categories: [1, 2],
  guest_vouchers: 2,
  guest_voucher_item_id: null,
  reentry: true,
  max_entries: 3,
  cancel_rate_percent: 10,
  park_ids: [],
  sale_from: '2026-12-01T00:00:00.000Z',
  sale_until: '2027-03-31T15:00:00.000Z',
};

const url = (parkId: number, itemId?: number) =>
  `/api/v1/staff/parks/${parkId}/pass-products${itemId ? `/${itemId}` : ''}`;

describe('pass products in the back office', () => {
  it('members of the park read them, only editors and owners write; others are refused and nothing changes', async () => {
    const [parkA, parkB] = await parks();
    const editor = await staff(parkA, 'editor');
    const voucher = await admissionOf(parkA);
    const created = await c.call('POST', url(parkA), editor, { ...FAMILY, guest_voucher_item_id: voucher });
    expect(created.statusCode, created.payload).toBe(201);
    const itemId = body(created).data.itemId as number;

    for (const role of ['scanner', 'finance', 'owner']) {
      const member = await staff(parkA, role);
      const list = await c.call('GET', url(parkA), member);
      expect(list.statusCode, `${role} ${list.payload}`).toBe(200);
      expect(body(list).data.map((p: OfficePassProduct) => p.itemId)).toContain(itemId);
      expect((await c.call('GET', url(parkA, itemId), member)).statusCode).toBe(200);
    }
    const before = await c.knex()('pass_products').count({ n: '*' }).first();
    const refused = [await staff(parkA, 'scanner'), await staff(parkA, 'finance'), await staff(parkB, 'owner')];
    for (const who of refused) {
      for (const [method, u] of [
        ['POST', url(parkA)],
        ['PUT', url(parkA, itemId)],
      ] as const) {
        const res = await c.call(method, u, who, { ...FAMILY, guest_voucher_item_id: voucher });
        expect(res.statusCode, `${method} ${u} ${res.payload}`).toBe(403);
        expect(body(res).meta.code).toBe('notParkStaff');
      }
    }
    const outsider = await c.user();
    expect((await c.call('GET', url(parkA), outsider)).statusCode).toBe(403);
    expect((await c.call('GET', url(parkA), {})).statusCode).toBe(401);
    // Another park's product is not found from this park.
    expect((await c.call('GET', url(parkB, itemId), await staff(parkB, 'editor'))).statusCode).toBe(404);
    const after = await c.knex()('pass_products').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('creates the item, its plans and prices, the product and its parks, audited in the same transaction', async () => {
    const [parkA, parkB, parkC] = await parks();
    const editor = await staff(parkA, 'editor');
    await staff(parkB, 'owner', editor);
    await staff(parkC, 'editor', editor);
    const voucher = await admissionOf(parkB);
    // A partner park where the member is only an editor is refused, naming the field; nothing is written.
    const count = async () => Number((await c.knex()('items').count({ n: '*' }).first())?.n);
    const items = await count();
    for (const lang of ['ja', 'en'] as const) {
      const res = await c.call(
        'POST',
        url(parkA),
        { ...editor, lang },
        { ...FAMILY, park_ids: [parkB, parkC], guest_voucher_item_id: voucher },
      );
      expect(res.statusCode, res.payload).toBe(400);
      expect(body(res).meta.code).toBe('invalidParam');
      expect(body(res).meta.message).toContain('park_ids');
      expect(body(res).meta.message).toMatch(lang === 'ja' ? /値が正しくありません/ : /is invalid/);
    }
    expect(await count()).toBe(items);

    const res = await c.call(
      'POST',
      url(parkA),
      { ...editor, lang: 'en' },
      { ...FAMILY, park_ids: [parkB], guest_voucher_item_id: voucher },
    );
    expect(res.statusCode, res.payload).toBe(201);
    const product = body(res).data as OfficePassProduct;
    expect(product).toMatchObject({
      parkId: parkA,
      parkIds: [parkA, parkB].sort((a, b) => a - b),
      name: 'Family annual pass',
      kind: 'family',
      maxHolders: 5,
      validityDays: 365,
      validityStart: 'first_entry',
      startWithinDays: 180,
      cancelRatePercent: 10,
      saleFrom: '2026-12-01T00:00:00.000Z',
      saleUntil: '2027-03-31T15:00:00.000Z',
      saleLabel: 1,
      activePasses: 0,
      activeHolders: 0,
      benefits: {
        dailyAdmission: true,
        reentry: true,
        maxEntries: 3,
        discountPercent: 10,
        discountCategories: [1, 2],
        guestVouchersPerTerm: 2,
        guestVoucherItemId: voucher,
      },
    });
    expect(product.prices.map((p) => [p.unitKind, p.ageGroupId, p.price])).toEqual([
      ['basic', 2, 2000],
      ['basic', 5, 6000],
      ['disability', null, 3000],
      ['companion', null, 3000],
    ]);
    expect(product.prices[1]?.ageGroupName).toBe('Adult');
    expect(product.renewal?.windowDays).toBe(60);
    expect(product.renewal?.prices.map((p) => p.price)).toEqual([1800, 5400]);

    const item = await c.knex()('items').where({ id: product.itemId }).first();
    expect(item).toMatchObject({ pass: true, category: 0, usageTrigger: 1, lottery: false, waitlist: false });
    expect(item.disabilityPrice).toBe(3000);
    const plans = await c.knex()('item_plans').where({ item_id: product.itemId }).orderBy('kind').pluck('kind');
    expect(plans).toEqual(['basic', 'renewal']);
    const row = await c.knex()('pass_products').where({ item_id: product.itemId }).first();
    expect(row.renewalPlanId).toBe(product.renewal?.planId);
    const parkRows = await c.knex()('pass_product_parks').where({ item_id: product.itemId }).orderBy('park_id');
    expect(parkRows.map((p) => p.parkId)).toEqual([parkA, parkB].sort((a, b) => a - b));

    const audit = await c
      .knex()('staff_audit')
      .where({ entity: 'pass_product', entity_id: String(product.itemId) });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ parkId: parkA, actorUserId: editor.id, action: 'created', before: null });
    expect(audit[0].after.kind).toBe('family');
    // The park's audit page lists it under its entity.
    const owner = await staff(parkA, 'owner');
    const page = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?entity=pass_product&limit=50`, owner))
      .data as StaffAuditEntry[];
    expect(page.some((a) => a.entityId === String(product.itemId))).toBe(true);
  });

  it('names each bad field in ja and en and changes nothing', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const voucher = await admissionOf(parkA);
    const good = { ...FAMILY, guest_voucher_item_id: voucher };
    const cases: [Partial<Record<keyof SavePassProductRequest, unknown>>, string][] = [
      [{ name_ja: '' }, 'name_ja'],
      [{ kind: 'group' }, 'kind'],
      [{ kind: 'single', max_holders: 2 }, 'max_holders'],
      [{ kind: 'family', max_holders: 1 }, 'max_holders'],
      [{ max_holders: 11 }, 'max_holders'],
      [{ validity_days: 0 }, 'validity_days'],
      [{ validity_days: 732 }, 'validity_days'],
      [{ validity_start: 'sale' }, 'validity_start'],
      [{ start_within_days: 0 }, 'start_within_days'],
      [{ prices: [] }, 'prices'],
      [{ prices: [{ age_group_id: 5, unit_kind: 'basic', price: -1 }] }, 'price'],
      [{ prices: [{ age_group_id: 999, unit_kind: 'basic', price: 100 }] }, 'prices'],
      [
        {
          prices: [
            { age_group_id: 5, unit_kind: 'basic', price: 100 },
            { age_group_id: 5, unit_kind: 'basic', price: 200 },
          ],
        },
        'prices',
      ],
      [{ prices: [{ age_group_id: null, unit_kind: 'disability', price: 100 }] }, 'prices'],
      [
        {
          prices: [
            { age_group_id: 5, unit_kind: 'basic', price: 100 },
            { age_group_id: null, unit_kind: 'companion', price: 50 },
          ],
        },
        'prices',
      ],
      [
        {
          prices: [
            { age_group_id: 5, unit_kind: 'basic', price: 100 },
            { age_group_id: null, unit_kind: 'disability', price: 50 },
            { age_group_id: null, unit_kind: 'companion', price: 60 },
          ],
        },
        'prices',
      ],
      [{ renewal: { window_days: 0, prices: FAMILY.prices.slice(0, 1) } }, 'window_days'],
      [{ renewal: { window_days: 181, prices: FAMILY.prices.slice(0, 1) } }, 'window_days'],
      [{ renewal: { window_days: 60, prices: FAMILY.prices } }, 'renewal.prices'],
      [{ discount_percent: 101 }, 'discount_percent'],
      [{ discount_categories: [3] }, 'discount_categories'],
      [{ guest_vouchers: 51 }, 'guest_vouchers'],
      [{ guest_vouchers: 1, guest_voucher_item_id: null }, 'guest_voucher_item_id'],
      [{ reentry: false, max_entries: 3 }, 'max_entries'],
      [{ max_entries: 1 }, 'max_entries'],
      [{ cancel_rate_percent: 101 }, 'cancel_rate_percent'],
      [{ park_ids: [999_999] }, 'park_ids'],
      [{ sale_from: '2027-04-01T00:00:00.000Z', sale_until: '2027-03-01T00:00:00.000Z' }, 'sale_until'],
      [{ sale_from: 'soon' }, 'sale_from'],
    ];
    const created = body(await c.call('POST', url(parkA), editor, good)).data as OfficePassProduct;
    const items = Number((await c.knex()('items').count({ n: '*' }).first())?.n);
    const audits = Number((await c.knex()('staff_audit').count({ n: '*' }).first())?.n);
    for (const [change, field] of cases) {
      for (const lang of ['ja', 'en'] as const) {
        for (const [method, u] of [
          ['POST', url(parkA)],
          ['PUT', url(parkA, created.itemId)],
        ] as const) {
          const res = await c.call(method, u, { ...editor, lang }, { ...good, ...change });
          expect(res.statusCode, `${method} ${JSON.stringify(change)} ${res.payload}`).toBe(400);
          expect(body(res).meta.message, `${lang} ${JSON.stringify(change)}`).toContain(field);
        }
      }
    }
    expect(Number((await c.knex()('items').count({ n: '*' }).first())?.n)).toBe(items);
    expect(Number((await c.knex()('staff_audit').count({ n: '*' }).first())?.n)).toBe(audits);
    expect(body(await c.call('GET', url(parkA, created.itemId), editor)).data).toEqual(created);
  });

  it('edits a product: settings, prices, renewal off and on, parks; each change audited with before and after', async () => {
    const [parkA, parkB] = await parks();
    const editor = await staff(parkA, 'editor');
    await staff(parkB, 'owner', editor);
    const created = body(await c.call('POST', url(parkA), editor, { ...FAMILY, guest_vouchers: 0, park_ids: [parkB] }))
      .data as OfficePassProduct;
    const renewalPlan = created.renewal?.planId as number;
    const res = await c.call('PUT', url(parkA, created.itemId), editor, {
      ...FAMILY,
      name_ja: '家族パス',
      guest_vouchers: 0,
      max_holders: 4,
      validity_start: 'purchase',
      prices: [{ age_group_id: 5, unit_kind: 'basic', price: 6500 }],
      renewal: null,
      reentry: false,
      max_entries: null,
      park_ids: [],
    });
    expect(res.statusCode, res.payload).toBe(200);
    const edited = body(res).data as OfficePassProduct;
    expect(edited).toMatchObject({
      itemId: created.itemId,
      name: '家族パス',
      maxHolders: 4,
      validityStart: 'purchase',
      renewal: null,
      parkIds: [parkA],
      benefits: { reentry: false, maxEntries: null },
    });
    expect(edited.prices).toEqual([{ ageGroupId: 5, ageGroupName: '大人', unitKind: 'basic', price: 6500 }]);
    // The renewal plan no order named is gone; the item lost its disability price with its rows.
    expect(await c.knex()('item_plans').where({ id: renewalPlan }).first()).toBeUndefined();
    expect((await c.knex()('items').where({ id: created.itemId }).first()).disabilityPrice).toBeNull();
    expect(await c.knex()('pass_product_parks').where({ item_id: created.itemId }).pluck('park_id')).toEqual([parkA]);

    const again = body(await c.call('PUT', url(parkA, created.itemId), editor, { ...FAMILY, guest_vouchers: 0 }))
      .data as OfficePassProduct;
    expect(again.renewal?.prices.map((p) => p.price)).toEqual([1800, 5400]);

    const audit = await c
      .knex()('staff_audit')
      .where({ entity: 'pass_product', entity_id: String(created.itemId) })
      .orderBy('id');
    expect(audit.map((a) => a.action)).toEqual(['created', 'updated', 'updated']);
    expect(audit[1].before).toMatchObject({ maxHolders: 5, validityStart: 'first_entry' });
    expect(audit[1].after).toMatchObject({ maxHolders: 4, validityStart: 'purchase', renewal: null });
    expect(audit[1].actorUserId).toBe(editor.id);
  });

  it('an editor who does not own the partner park saves a product that already admits there; adding one is refused', async () => {
    const [parkA, parkB, parkC] = await parks();
    const ownerOfBoth = await staff(parkA, 'owner');
    await staff(parkB, 'owner', ownerOfBoth);
    const created = body(
      await c.call('POST', url(parkA), ownerOfBoth, { ...FAMILY, guest_vouchers: 0, park_ids: [parkB] }),
    ).data as OfficePassProduct;
    const editor = await staff(parkA, 'editor');
    const kept = await c.call('PUT', url(parkA, created.itemId), editor, {
      ...FAMILY,
      guest_vouchers: 0,
      park_ids: [parkB],
      cancel_rate_percent: 20,
    });
    expect(kept.statusCode, kept.payload).toBe(200);
    expect(body(kept).data.parkIds).toEqual([parkA, parkB].sort((a, b) => a - b));
    const added = await c.call('PUT', url(parkA, created.itemId), editor, {
      ...FAMILY,
      guest_vouchers: 0,
      park_ids: [parkB, parkC],
    });
    expect(added.statusCode, added.payload).toBe(400);
    expect(body(added).meta.message).toContain('park_ids');
  });

  it('a sold family pass cannot become single nor hold fewer people', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const created = body(await c.call('POST', url(parkA), editor, { ...FAMILY, guest_vouchers: 0 }))
      .data as OfficePassProduct;
    // A pass of the product, as the ledger would have issued it (a fixture until the server core lands).
    const buyer = await c.user();
    const [order] = await c
      .knex()('orders')
      .insert({
        user_id: buyer.id,
        park_id: parkA,
        kind: 'ITEMS',
        state: 'paid',
        subtotal: 6000,
        total: 6000,
        payment_method: 1,
      })
      .returning('id');
    await c
      .knex()('passes')
      .insert({
        pass_number: `P${String(parkA).padStart(3, '0')}-9${String(created.itemId).padStart(6, '0')}`,
        item_id: created.itemId,
        park_id: parkA,
        owner_user_id: buyer.id,
        first_order_id: order.id,
        start_by: '2027-06-01',
      });
    for (const [change, field] of [
      [{ kind: 'single', max_holders: 1 }, 'kind'],
      [{ max_holders: 3 }, 'max_holders'],
    ] as const) {
      const res = await c.call('PUT', url(parkA, created.itemId), editor, { ...FAMILY, guest_vouchers: 0, ...change });
      expect(res.statusCode, res.payload).toBe(400);
      expect(body(res).meta.message).toContain(field);
    }
    const more = await c.call('PUT', url(parkA, created.itemId), editor, {
      ...FAMILY,
      guest_vouchers: 0,
      max_holders: 6,
    });
    expect(more.statusCode, more.payload).toBe(200);
  });

  it('the generic item editor keeps a pass a pass: no lottery, no waitlist, no other category, no time slots', async () => {
    const [parkA] = await parks();
    const editor = await staff(parkA, 'editor');
    const created = body(await c.call('POST', url(parkA), editor, { ...FAMILY, guest_vouchers: 0 }))
      .data as OfficePassProduct;
    const itemUrl = `/api/v1/staff/parks/${parkA}/items/${created.itemId}`;
    for (const [payload, field] of [
      [{ lottery: true }, 'lottery'],
      [{ waitlist: true }, 'waitlist'],
      [{ category: 1 }, 'category'],
      [{ reservation_required: true }, 'reservation_required'],
      [{ usage_trigger: 3 }, 'usage_trigger'],
      [{ time_slots: [{ start_time: '10:00', end_time: '11:00', capacity: 10 }] }, 'time_slots'],
    ] as const) {
      for (const lang of ['ja', 'en'] as const) {
        const res = await c.call('PUT', itemUrl, { ...editor, lang }, payload);
        expect(res.statusCode, `${JSON.stringify(payload)} ${res.payload}`).toBe(400);
        expect(body(res).meta.message).toContain(field);
      }
    }
    const item = await c.knex()('items').where({ id: created.itemId }).first();
    expect(item).toMatchObject({ lottery: false, waitlist: false, category: 0, pass: true });
    // Names and texts still change there.
    const named = await c.call('PUT', itemUrl, editor, { notes_ja: '写真付きの会員証です' });
    expect(named.statusCode, named.payload).toBe(200);
    // An ordinary item still takes the flags.
    const plain = await admissionOf(parkA);
    const ok = await c.call('PUT', `/api/v1/staff/parks/${parkA}/items/${plain}`, editor, { waitlist: true });
    expect(ok.statusCode, ok.payload).toBe(200);
  });
});

describe('the demo seed', () => {
  it('has a family and a single pass at the first park and a Nagoya pass at the zoo and the aquarium, on sale, made once', async () => {
    const knex = c.knex();
    const products = await knex('pass_products as pp')
      .join('items as i', 'i.id', 'pp.item_id')
      .whereIn(
        'i.code',
        PASS_SEEDS.map((p) => p.code),
      )
      .orderBy('i.code')
      .select('i.code', 'i.sale_label', 'i.pass', 'pp.kind', 'pp.max_holders', 'pp.validity_start', 'pp.item_id');
    expect(products.map((p) => [p.code, p.kind, p.maxHolders, p.validityStart, p.saleLabel, p.pass])).toEqual([
      ['asahiyama-zoo--family-pass', 'family', 5, 'first_entry', 4, true],
      ['asahiyama-zoo--single-pass', 'single', 1, 'first_entry', 4, true],
      ['higashiyama-zoo--nagoya-pass', 'single', 1, 'purchase', 4, true],
    ]);
    const firstPark = (await knex('parks').orderBy('id').first('id', 'slug')) as { id: number; slug: string };
    expect(firstPark.slug).toBe('asahiyama-zoo');
    const family = products[0];
    const view = (await loadPassProducts(knex, firstPark.id, 'en')).find((p) => p.itemId === family.itemId);
    expect(view?.renewal?.windowDays).toBe(60);
    expect(view?.benefits.guestVouchersPerTerm).toBe(2);
    const nagoya = await knex('pass_product_parks as pp')
      .join('parks as p', 'p.id', 'pp.park_id')
      .where('pp.item_id', products[2].itemId)
      .orderBy('p.slug')
      .pluck('p.slug');
    expect(nagoya).toEqual(['higashiyama-zoo', 'nagoya-port-aquarium']);
    const audits = await knex('staff_audit').where({ entity: 'pass_product' }).count({ n: '*' }).first();
    await seed(knex);
    const again = await knex('items')
      .whereIn(
        'code',
        PASS_SEEDS.map((p) => p.code),
      )
      .pluck('id');
    expect(again.sort()).toEqual(products.map((p) => p.itemId).sort());
    expect(await knex('staff_audit').where({ entity: 'pass_product' }).count({ n: '*' }).first()).toEqual(audits);
  });
});
