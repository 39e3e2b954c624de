// Test fixtures for the commerce tests (orders, payments, wallet): callers, a priced item of our own, a date
// it can be bought on, and a cart line.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays, tokyoDate } from '../../common/time';
import type { TestContext } from './testServer';
import { signedInUser, type TestUser } from './users';

export interface Caller {
  id?: number;
  token?: string;
  guest?: string;
  lang?: 'ja' | 'en';
  headers?: Record<string, string>;
}

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
export const body = (res: Res) => JSON.parse(res.payload) as { data: any; meta: any };

export function commerce(ctx: () => TestContext) {
  const knex = () => ctx().db.knex;
  let items = 0;

  function call(method: string, url: string, who: Caller = {}, payload?: object) {
    const headers: Record<string, string> = { 'accept-language': who.lang ?? 'ja', ...who.headers };
    if (who.token) headers.authorization = `Bearer ${who.token}`;
    if (who.guest) headers['x-guest-user-id'] = who.guest;
    return ctx().server.inject({ method, url, headers, payload });
  }

  /** A verified parent account with a phone, birthday and prefecture (what paying needs). */
  const user = (extra: Record<string, unknown> = {}): Promise<TestUser> =>
    signedInUser(ctx(), {
      telephone: '090-1234-5678',
      birthdate: '1990-04-01',
      prefecture_id: 13,
      ...extra,
    });

  /** An item of our own on sale: adult 1,000 yen, child 500 yen, disability 400 yen, 10 reward coins. */
  async function makeItem(o: { capacity?: number; advanceInfo?: object[]; rewardCoins?: number } = {}) {
    const n = ++items;
    const park = (await knex()('parks').where('is_private', false).orderBy('id').first('id')).id as number;
    const [item] = await knex()('items')
      .insert({
        code: `test-order-${randomUUID().slice(0, 8)}-${n}`,
        park_id: park,
        category: 1,
        name_ja: `注文テスト${n}`,
        name_en: `Order test ${n}`,
        description_ja: 'テスト用のチケットです。',
        sale_label: 4,
        combination_label: 99,
        usage_trigger: 1,
        disability_price: 400,
        reward_coins: o.rewardCoins ?? 10,
        available_from: addDays(tokyoDate(), -1),
        available_until: addDays(tokyoDate(), 90),
        daily_capacity: o.capacity ?? 100,
        image_url: '/media/test.svg',
        link_id: randomUUID(),
        advance_info_fields: JSON.stringify(o.advanceInfo ?? []),
      })
      .returning('id');
    const [basic] = await knex()('item_plans')
      .insert({ item_id: item.id, kind: 'basic', name_ja: '基本プラン', name_en: 'Standard', sort: 0 })
      .returning('id');
    await knex()('item_plan_prices').insert([
      { item_plan_id: basic.id, age_group_id: 5, price: 1000 },
      { item_plan_id: basic.id, age_group_id: 2, price: 500 },
    ]);
    return { id: item.id as number, parkId: park, basicPlanId: basic.id as number };
  }

  /** The first open date from `fromDays` ahead (tests that move the clock hours ahead keep clear of Tokyo midnight). */
  async function openDate(itemId: number, fromDays = 1): Promise<string> {
    const today = tokyoDate();
    const res = await call(
      'GET',
      `/api/v1/items/${itemId}/availability?from=${addDays(today, fromDays)}&to=${addDays(today, 30)}`,
    );
    expect(res.statusCode, res.payload).toBe(200);
    const day = (body(res).data as DateAvailability[]).find((d) => d.status === 'available' || d.status === 'few');
    if (!day) throw new Error('no open date');
    return day.date;
  }

  /**
   * A lottery round of the item taking entries at `now` (an hour each side) for use dates `useFrom`..`useTo` days
   * ahead, drawn `drawInMs` after now, to buy by `payWithinMs` after now. Answers its id.
   */
  async function lotteryRound(
    itemId: number,
    now: Date,
    o: { useFrom?: number; useTo?: number; drawInMs?: number; payWithinMs?: number } = {},
  ): Promise<number> {
    const hour = 3_600_000;
    const drawAt = new Date(now.getTime() + (o.drawInMs ?? 2 * hour));
    const [row] = await knex()('lotteries')
      .insert({
        item_id: itemId,
        use_from: addDays(tokyoDate(), o.useFrom ?? 1),
        use_to: addDays(tokyoDate(), o.useTo ?? 30),
        entry_opens_at: new Date(now.getTime() - hour),
        entry_closes_at: new Date(now.getTime() + hour),
        draw_at: drawAt,
        announce_at: drawAt,
        purchase_deadline: new Date(now.getTime() + (o.payWithinMs ?? 48 * hour)),
      })
      .returning('id');
    return Number(row.id);
  }

  /** Adds `adults` adults (and `children`) of the item to the caller's cart; answers the new line's id. */
  async function addToCart(
    who: Caller,
    item: { id: number },
    adults: number,
    children = 0,
    fromDays = 1,
  ): Promise<number> {
    const date = await openDate(item.id, fromDays);
    const quantities = [{ age_group_id: 5, quantity: adults }];
    if (children) quantities.push({ age_group_id: 2, quantity: children });
    const res = await call('POST', '/api/v1/carts', who, { item_id: item.id, date, quantities });
    expect(res.statusCode, res.payload).toBe(201);
    return body(res).data.id as number;
  }

  return {
    knex,
    /** Today in Tokyo, read when asked (a file's tests may run on both sides of midnight). */
    get today() {
      return tokyoDate();
    },
    call,
    user,
    makeItem,
    openDate,
    addToCart,
    lotteryRound,
  };
}
