// A pass product for the pass tests (issue 29), made straight in the database: a pass item (items.pass) with a
// basic plan priced per age group, a renewal plan, the pass_products row and the parks it admits at. The back
// office's editor (passes/office, another package) makes the real ones; this one is for tests only.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { MemberCard, PassKind, PassValidityStart } from '../../../common/dto/pass';
import { addDays, tokyoDate } from '../../../common/time';
import { body, type commerce } from '../commerceFixtures';

export interface PassProductOptions {
  kind?: PassKind;
  maxHolders?: number;
  validityStart?: PassValidityStart;
  validityDays?: number;
  startWithinDays?: number;
  /** Other parks it admits at (its own park always). */
  partnerParkIds?: number[];
  parkId?: number;
  reentry?: boolean;
  maxEntries?: number | null;
  cancelRatePercent?: number;
  renewable?: boolean;
  renewalWindowDays?: number;
}

export interface PassProductFixture {
  itemId: number;
  parkId: number;
  basicPlanId: number;
  renewalPlanId: number | null;
}

/** Adult (age group 5) 6,000 yen, child (2) 3,000 yen, disability/companion 2,000 yen; renewal 5,000 / 2,500. */
export const PASS_PRICES = { adult: 6000, child: 3000, disability: 2000, renewAdult: 5000, renewChild: 2500 };

export async function makePassProduct(knex: Knex, o: PassProductOptions = {}): Promise<PassProductFixture> {
  const parkId = o.parkId ?? ((await knex('parks').where('is_private', false).orderBy('id').first('id')).id as number);
  const kind = o.kind ?? 'family';
  const [item] = await knex('items')
    .insert({
      code: `test-pass-${randomUUID().slice(0, 8)}`,
      park_id: parkId,
      category: 0,
      name_ja: kind === 'family' ? '年間パスポート(ファミリー)' : '年間パスポート',
      name_en: kind === 'family' ? 'Annual pass (family)' : 'Annual pass',
      description_ja: '一年間、何度でも入園できます。',
      sale_label: 4,
      combination_label: 99,
      usage_trigger: 1,
      disability_price: PASS_PRICES.disability,
      reward_coins: 0,
      available_from: addDays(tokyoDate(), -1),
      available_until: addDays(tokyoDate(), 800),
      daily_capacity: 100,
      max_per_order: 10,
      image_url: '/media/test.svg',
      link_id: randomUUID(),
      pass: true,
      reentry: o.reentry ?? false,
      max_entries: o.maxEntries ?? null,
    })
    .returning('id');
  const itemId = item.id as number;
  const [basic] = await knex('item_plans')
    .insert({ item_id: itemId, kind: 'basic', name_ja: '通常', name_en: 'Standard', sort: 0 })
    .returning('id');
  await knex('item_plan_prices').insert([
    { item_plan_id: basic.id, age_group_id: 5, price: PASS_PRICES.adult },
    { item_plan_id: basic.id, age_group_id: 2, price: PASS_PRICES.child },
  ]);
  let renewalPlanId: number | null = null;
  if (o.renewable ?? true) {
    const [renewal] = await knex('item_plans')
      .insert({ item_id: itemId, kind: 'renewal', name_ja: '更新', name_en: 'Renewal', sort: 1 })
      .returning('id');
    renewalPlanId = renewal.id as number;
    await knex('item_plan_prices').insert([
      { item_plan_id: renewalPlanId, age_group_id: 5, price: PASS_PRICES.renewAdult },
      { item_plan_id: renewalPlanId, age_group_id: 2, price: PASS_PRICES.renewChild },
    ]);
  }
  await knex('pass_products').insert({
    item_id: itemId,
    park_id: parkId,
    kind,
    max_holders: o.maxHolders ?? (kind === 'family' ? 4 : 1),
    validity_days: o.validityDays ?? 365,
    validity_start: o.validityStart ?? 'first_entry',
    start_within_days: o.startWithinDays ?? 365,
    renewal_plan_id: renewalPlanId,
    renewal_window_days: o.renewalWindowDays ?? 60,
    cancel_rate_percent: o.cancelRatePercent ?? 10,
  });
  const parks = [...new Set([parkId, ...(o.partnerParkIds ?? [])])];
  await knex('pass_product_parks').insert(parks.map((p) => ({ item_id: itemId, park_id: p })));
  return { itemId, parkId, basicPlanId: basic.id as number, renewalPlanId };
}

type Commerce = ReturnType<typeof commerce>;
type Who = Parameters<Commerce['call']>[2];

/**
 * Buying passes through the API as a visitor does (cart line, holders, full-coin payment). `grantCoins` gives a
 * user 100,000 coins (`coinsFor` unless given; only test code may write coin_entries besides the coin ledger).
 */
export function passShop(c: Commerce, grantCoins: (userId: number) => Promise<unknown> = coinsFor(c)) {
  /** A parent with coins enough to pay any pass with full coin (payment_method 4). */
  async function buyer() {
    const who = await c.user();
    await grantCoins(who.id);
    return who;
  }
  const kidOf = (parentId: number) => c.user({ child_flag: 1, parent_id: parentId, name: '動物 こども' });
  const addPass = (who: Who, itemId: number, payload: Record<string, unknown>) =>
    c.call('POST', '/api/v1/carts', who, { item_id: itemId, ...payload });
  const setHolders = (who: Who, parkId: number, lineId: number, holders: object[]) =>
    c.call('PUT', `/api/v1/carts/${parkId}/lines/${lineId}/pass`, who, { holders });
  const pay = (who: Who, parkId: number, coins: number) =>
    c.call('POST', '/api/v1/orders', who, { park_id: parkId, agreement: true, payment_method: 4, coins });

  /** A paid family pass: the parent (1), a named adult without an account (2), the kid (3). */
  async function buyFamilyPass(product: PassProductFixture, parent: { id: number; token: string }, kidId: number) {
    const added = await addPass(parent, product.itemId, {
      quantities: [
        { age_group_id: 5, quantity: 2 },
        { age_group_id: 2, quantity: 1 },
      ],
    });
    expect(added.statusCode, added.payload).toBe(201);
    const named = await setHolders(parent, product.parkId, body(added).data.id, [
      { position: 1, holder_user_id: parent.id, name: '動物 花子', age_group_id: 5, unit_kind: 'basic' },
      { position: 2, name: '動物 太郎', age_group_id: 5, unit_kind: 'basic' },
      { position: 3, holder_user_id: kidId, name: '動物 こども', age_group_id: 2, unit_kind: 'basic' },
    ]);
    expect(named.statusCode, named.payload).toBe(200);
    const paid = await pay(parent, product.parkId, 2 * PASS_PRICES.adult + PASS_PRICES.child);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    const pass = await c.knex()('passes').where({ first_order_id: orderId }).first();
    const terms = (await c.knex()('tickets').where({ order_id: orderId }).orderBy('ticket_number')) as {
      id: string;
      useDate: string;
      passHolderId: number;
    }[];
    return { orderId, pass, terms };
  }

  /** The member cards of the caller. */
  async function cards(who: Who): Promise<MemberCard[]> {
    const res = await c.call('GET', '/api/v1/me/passes', who);
    expect(res.statusCode, res.payload).toBe(200);
    return body(res).data.cards as MemberCard[];
  }

  return { buyer, kidOf, addPass, setHolders, pay, buyFamilyPass, cards, grantCoins };
}

/** Gives a user 100,000 coins (30 days), enough to pay any pass with full coin (passShop's `grantCoins`). */
export const coinsFor = (c: Commerce) => (userId: number) =>
  c
    .knex()('coin_entries')
    .insert({
      user_id: userId,
      kind: 'plus',
      reason: 'reward',
      amount: 100_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
