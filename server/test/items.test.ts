import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TOTAL_CAP } from '../../common/dto/api';
import type { ItemDetail, ItemSummary } from '../../common/dto/item';
import { FEW_LEFT_THRESHOLD, LISTED_SALE_LABELS, SaleLabel } from '../../common/enums';
import { isOnSale, isUsableOn, type ParkCalendar } from '../../common/rules/availability';
import { addDays, isoWeekday, tokyoDate } from '../../common/time';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number; totalPages: number; tab: string; dates?: string[] };
}
interface ErrorBody {
  data: null;
  meta: { status: number; code: string; message: string };
}

const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja', ...headers } });
const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/api/v1/items?${query}`, headers);
  expect(res.statusCode, res.payload).toBe(200);
  return json<Page<ItemSummary>>(res);
};
const kw = (s: string) => `keyword=${encodeURIComponent(s)}`;
const datesQuery = (dates: string[]) => dates.map((d) => `dates[]=${d}`).join('&');

const itemByCode = async (code: string) => {
  const row = await ctx.db.knex('items').where({ code }).first();
  if (!row) throw new Error(`no item ${code}`);
  return row as { id: number; parkId: number; linkId: string; saleLabel: number };
};
const parkBySlug = async (slug: string) =>
  (await ctx.db.knex('parks').where({ slug }).first()) as { id: number; linkId: string };

/** The next date from `from` (inclusive) with the given ISO weekday and no special day at the park. */
async function nextPlainWeekday(parkId: number, weekday: number, from: string): Promise<string> {
  const specials = new Set(
    ((await ctx.db.knex('park_special_days').where({ park_id: parkId }).select('date')) as { date: string }[]).map(
      (r) => r.date,
    ),
  );
  let d = from;
  while (isoWeekday(d) !== weekday || specials.has(d)) d = addDays(d, 1);
  return d;
}

const today = tokyoDate();

describe('GET /api/v1/items: tabs', () => {
  it('lists every listed item on the all tab, sorted by sale status then park then id', async () => {
    const all = await list('tab=all&per_page=100');
    expect(all.meta).toMatchObject({ page: 1, perPage: 100, tab: 'all' });
    expect(all.data.length).toBe(all.meta.total);
    const counted = (await ctx.db
      .knex('items')
      .join('parks', 'parks.id', 'items.park_id')
      .where('items.is_private', false)
      .where('parks.is_private', false)
      .whereIn('items.sale_label', LISTED_SALE_LABELS as number[])
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(all.meta.total).toBe(Number(counted.n));
    expect(all.data.every((i) => (LISTED_SALE_LABELS as number[]).includes(i.saleLabel))).toBe(true);
    expect(all.data.some((i) => i.saleLabel === SaleLabel.Private)).toBe(false);
    expect(all.data.some((i) => i.saleLabel === SaleLabel.PublicationEnds)).toBe(false);
    // Sale status order: sale first, ended last.
    const order = [SaleLabel.Sale, SaleLabel.Blank, SaleLabel.BeforeRelease, SaleLabel.WaitingForPublication, 5];
    const ranks = all.data.map((i) => order.indexOf(i.saleLabel));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Within one sale status, grouped by park.
    const onSale = all.data.filter((i) => i.saleLabel === SaleLabel.Sale);
    const ids = onSale.filter((i) => i.park.id === onSale[0]?.park.id).map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Default tab is "all".
    expect((await list('per_page=1')).meta.total).toBe(all.meta.total);
  });

  it('lists only items on sale now on the available tab', async () => {
    const available = await list('tab=available&per_page=100');
    const all = await list('tab=all&per_page=100');
    expect(available.meta.total).toBeGreaterThan(0);
    expect(available.meta.total).toBeLessThan(all.meta.total);
    expect(available.data.every((i) => i.saleLabel === SaleLabel.Sale && i.onSale)).toBe(true);
    expect(available.data.every((i) => i.availableUntil >= today)).toBe(true);
    // Everything on sale in "all" is in "available" too.
    const expected = all.data.filter((i) => i.onSale).map((i) => i.id);
    expect(available.data.map((i) => i.id).sort()).toEqual(expected.sort());
  });

  it('drops an item whose sale window has not opened or has closed', async () => {
    const item = await itemByCode('ueno-zoo--annual-pass');
    const before = (await list('tab=available&per_page=100')).data.map((i) => i.id);
    expect(before).toContain(item.id);
    await ctx.db
      .knex('items')
      .where({ id: item.id })
      .update({ sale_starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await list('tab=available&per_page=100')).data.map((i) => i.id)).not.toContain(item.id);
    await ctx.db
      .knex('items')
      .where({ id: item.id })
      .update({ sale_starts_at: null, sale_ends_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await list('tab=available&per_page=100')).data.map((i) => i.id)).not.toContain(item.id);
    await ctx.db.knex('items').where({ id: item.id }).update({ sale_starts_at: null, sale_ends_at: null });
    const open = (await list('tab=available&per_page=100')).data.find((i) => i.id === item.id);
    expect(open?.onSale).toBe(true);
  });
});

describe('GET /api/v1/items: date tab', () => {
  it('agrees with the availability rules for several dates', async () => {
    const dates = [addDays(today, 3), addDays(today, 10), addDays(today, 45), addDays(today, 200)];
    const res = await list(`tab=date&${datesQuery(dates)}&per_page=100`);
    expect(res.meta.dates).toEqual(dates);
    // Compute the expected set from the raw rows with the shared pure rules.
    const knex = ctx.db.knex;
    const items = (await knex('items')
      .join('parks', 'parks.id', 'items.park_id')
      .where('items.is_private', false)
      .where('parks.is_private', false)
      .whereIn('items.sale_label', LISTED_SALE_LABELS as number[])
      .select('items.*')) as {
      id: number;
      parkId: number;
      availableFrom: string;
      availableUntil: string;
      applicationDeadlineDays: number;
      applicationDeadlineTime: string;
    }[];
    const excluded = (await knex('item_excluded_days').select('item_id', 'date')) as { itemId: number; date: string }[];
    const weekdays = (await knex('park_closed_weekdays').select()) as { parkId: number; weekdayId: number }[];
    const specials = (await knex('park_special_days').select('park_id', 'date', 'kind')) as {
      parkId: number;
      date: string;
      kind: 'closed' | 'open' | 'extended';
    }[];
    const calendar = (parkId: number): ParkCalendar => ({
      closedWeekdays: weekdays.filter((w) => w.parkId === parkId).map((w) => w.weekdayId),
      specialDays: specials.filter((s) => s.parkId === parkId),
    });
    const now = new Date();
    const expected = items
      .filter((i) =>
        dates.some((d) =>
          isUsableOn(
            { ...i, excludedDays: excluded.filter((x) => x.itemId === i.id).map((x) => x.date) },
            calendar(i.parkId),
            d,
            now,
          ),
        ),
      )
      .map((i) => i.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.data.map((i) => i.id).sort((a, b) => a - b)).toEqual(expected);
    for (const i of res.data) {
      expect(i.usableDates?.length, `item ${i.id}`).toBeGreaterThan(0);
      expect(dates).toEqual(expect.arrayContaining(i.usableDates ?? []));
    }
  });

  it('leaves out a park on its regular closed weekday unless a special day opens it', async () => {
    const ueno = await parkBySlug('ueno-zoo'); // closed on Mondays
    const monday = await nextPlainWeekday(ueno.id, 1, addDays(today, 7));
    const onMonday = await list(`tab=date&${datesQuery([monday])}&park_id=${ueno.id}`);
    expect(onMonday.meta.total).toBe(0);
    expect(onMonday.data).toEqual([]);
    const tuesday = addDays(monday, 1);
    expect((await list(`tab=date&${datesQuery([monday, tuesday])}&park_id=${ueno.id}`)).meta.total).toBeGreaterThan(0);

    await ctx.db.knex('park_special_days').insert({
      park_id: ueno.id,
      date: monday,
      kind: 'open',
      note_ja: '臨時開園',
      note_en: 'Special opening',
    });
    const opened = await list(`tab=date&${datesQuery([monday])}&park_id=${ueno.id}`);
    expect(opened.meta.total).toBeGreaterThan(0);
    expect(opened.data.every((i) => i.usableDates?.includes(monday))).toBe(true);
  });

  it('leaves out a park on a special closed day and an item on its excluded day', async () => {
    const item = await itemByCode('sendai-umino-mori--admission'); // no regular closed weekday
    const day = addDays(today, 20);
    const ids = async (dates: string[]) =>
      (await list(`tab=date&${datesQuery(dates)}&park_id=${item.parkId}&per_page=100`)).data.map((i) => i.id);
    expect(await ids([day])).toContain(item.id);

    await ctx.db.knex('item_excluded_days').insert({ item_id: item.id, date: day });
    expect(await ids([day])).not.toContain(item.id);
    expect(await ids([day, addDays(day, 1)])).toContain(item.id);

    const closed = addDays(today, 21);
    await ctx.db
      .knex('park_special_days')
      .insert({ park_id: item.parkId, date: closed, kind: 'closed', note_ja: '臨時休館', note_en: 'Closed' });
    expect(await ids([closed])).toEqual([]);
  });

  it('leaves out dates whose application deadline has passed and dates outside the period', async () => {
    const item = await itemByCode('kasai-sea-life-park--audio-guide');
    const parkOpen = async (d: string) => {
      const res = await list(`tab=date&${datesQuery([d])}&park_id=${item.parkId}&per_page=100`);
      return res.data.map((i) => i.id);
    };
    await ctx.db
      .knex('items')
      .where({ id: item.id })
      .update({ application_deadline_days: 3, application_deadline_time: '23:59' });
    // Kasai is closed on Wednesdays: pick open days.
    const kasai = { closedWeekdays: [3] };
    let soon = addDays(today, 2);
    while (kasai.closedWeekdays.includes(isoWeekday(soon))) soon = addDays(soon, -1);
    let later = addDays(today, 5);
    while (kasai.closedWeekdays.includes(isoWeekday(later))) later = addDays(later, 1);
    expect(await parkOpen(soon)).not.toContain(item.id); // deadline was 3 days before: passed
    expect(await parkOpen(later)).toContain(item.id);

    const until = addDays(today, 30);
    await ctx.db.knex('items').where({ id: item.id }).update({ available_until: until });
    let after = addDays(until, 1);
    while (kasai.closedWeekdays.includes(isoWeekday(after))) after = addDays(after, 1);
    expect(await parkOpen(after)).not.toContain(item.id);
  });

  it('finds nothing for dates in the past', async () => {
    const res = await list(`tab=date&${datesQuery([addDays(today, -3)])}`);
    expect(res.data).toEqual([]);
    expect(res.meta.total).toBe(0);
  });

  it('accepts 10 dates and refuses an 11th with a localised message', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => addDays(today, i + 1));
    const ok = await list(`tab=date&${datesQuery(ten)}&per_page=1`);
    expect(ok.meta.dates).toHaveLength(10);

    const eleven = [...ten, addDays(today, 11)];
    const ja = await get(`/api/v1/items?tab=date&${datesQuery(eleven)}`);
    expect(ja.statusCode).toBe(400);
    expect(json<ErrorBody>(ja)).toEqual({
      data: null,
      meta: { status: 400, code: 'tooManyDates', message: '日付は10件まで選択できます' },
    });
    const en = await get(`/api/v1/items?tab=date&${datesQuery(eleven)}`, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(json<ErrorBody>(en).meta.message).toBe('You can select up to 10 dates');
  });

  it('needs at least one valid date', async () => {
    const none = await get('/api/v1/items?tab=date', { 'accept-language': 'en' });
    expect(none.statusCode).toBe(400);
    expect(json<ErrorBody>(none).meta).toMatchObject({ code: 'required', message: 'Please enter dates' });
    const bad = await get('/api/v1/items?tab=date&dates[]=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorBody>(bad).meta.code).toBe('invalidParam');
    expect((await get('/api/v1/items?tab=date&dates=tomorrow')).statusCode).toBe(400);
    // A single date without brackets works too.
    expect((await get(`/api/v1/items?tab=date&dates=${addDays(today, 5)}`)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/items: filters, keyword and paging', () => {
  it('filters by one or many parks and categories', async () => {
    const ueno = await parkBySlug('ueno-zoo');
    const kaiyukan = await parkBySlug('kaiyukan');
    const one = await list(`park_id=${ueno.id}&per_page=100`);
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.data.every((i) => i.park.id === ueno.id && i.park.prefecture.name === '東京都')).toBe(true);
    const two = await list(`park_id[]=${ueno.id}&park_id[]=${kaiyukan.id}&per_page=100`);
    expect(new Set(two.data.map((i) => i.park.id))).toEqual(new Set([ueno.id, kaiyukan.id]));

    const quests = await list('category=2&per_page=100');
    expect(quests.data.length).toBeGreaterThan(0);
    expect(quests.data.every((i) => i.category === 2)).toBe(true);
    const mixed = await list('category[]=3&category[]=4&per_page=100');
    expect(new Set(mixed.data.map((i) => i.category))).toEqual(new Set([3, 4]));
    const both = await list(`category=0&park_id=${ueno.id}`);
    expect(both.data.map((i) => i.name)).toEqual(['恩賜上野動物園 入園券', '年間パスポート']);
  });

  it('finds the same items for hiragana, katakana, half-width and partial keywords', async () => {
    const katakana = await list(kw('ペンギン'));
    expect(katakana.data.length).toBeGreaterThan(0);
    expect(katakana.data[0]?.name).toContain('ペンギン');
    const ids = katakana.data.map((i) => i.id);
    for (const variant of ['ぺんぎん', 'ﾍﾟﾝｷﾞﾝ', 'ペンギーン', 'ンギ']) {
      expect(
        (await list(kw(variant))).data.map((i) => i.id),
        variant,
      ).toEqual(ids);
    }
    const en = await list(kw('PENGU'), { 'accept-language': 'en' });
    expect(en.data.map((i) => i.id)).toEqual(ids);
    expect(en.data[0]?.name).toBe('Penguin walk front-row viewing area (lottery)');
    // Full-width latin, inside a word.
    const wide = await list(kw('ＢＡＣＫＹＡＲＤ'));
    expect(wide.data.length).toBeGreaterThanOrEqual(3);
    expect((await list(kw('ackyar'))).meta.total).toBe(wide.meta.total);
  });

  it('ranks name matches first and needs every word of a 2-word query', async () => {
    const night = await list(kw('ナイト'), { 'accept-language': 'ja' });
    expect(night.data.length).toBeGreaterThanOrEqual(3);
    expect(night.data[0]?.name.startsWith('ナイト')).toBe(true);
    const two = await list(kw('バックヤード ジンベエザメ'));
    expect(two.data.map((i) => i.name)).toEqual(['バックヤードツアー「ジンベエザメの給餌」']);
    const combined = await list(`${kw('ツアー')}&category=1&per_page=100`);
    expect(combined.data.every((i) => i.category === 1)).toBe(true);
  });

  it('finds 1- and 2-character terms (no trigram) the same way', async () => {
    const zou = await list(kw('ゾウ'));
    expect(zou.data.map((i) => i.name)).toContain('バックヤードツアー「ゾウのすむ森」');
    for (const variant of ['ぞう', 'ｿﾞｳ', 'ゾーウ']) {
      expect(
        (await list(kw(variant))).data.map((i) => i.id),
        variant,
      ).toEqual(zou.data.map((i) => i.id));
    }
    const one = await list(kw('森'));
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.data.every((i) => `${i.name}${i.lead}`.length > 0)).toBe(true);
    expect((await list(kw('森 ゾウ'))).data.map((i) => i.name)).toContain('バックヤードツアー「ゾウのすむ森」');
  });

  it('pages a large keyword result past the ranked window without gaps or repeats', async () => {
    const park = await parkBySlug('kyoto-city-zoo');
    const rows = Array.from({ length: 130 }, (_, i) => ({
      code: `paging-test-${i}`,
      park_id: park.id,
      category: 5,
      name_ja: i === 77 ? 'ページング検証' : `検証用アイテム ${i}（ページング検証）`,
      description_ja: 'ページングの確認に使う行です。',
      sale_label: SaleLabel.Sale,
      combination_label: 99,
      usage_trigger: 1,
      available_from: today,
      available_until: addDays(today, 30),
      image_url: '/media/items/test.svg',
      link_id: crypto.randomUUID(),
    }));
    await ctx.db.knex('items').insert(rows);
    const seen: number[] = [];
    let first: Page<ItemSummary> | undefined;
    for (let page = 1; page <= 3; page++) {
      const res = await list(`${kw('ぺーじんぐ検証')}&per_page=50&page=${page}`);
      first ??= res;
      expect(res.meta.total).toBe(130);
      seen.push(...res.data.map((i) => i.id));
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    // The exact name match ranks first.
    expect(first?.data[0]?.name).toBe('ページング検証');
  });

  it('counts and pages at most LIST_TOTAL_CAP matches, and says the count is capped', async () => {
    const park = await parkBySlug('kyoto-city-zoo');
    const rows = Array.from({ length: LIST_TOTAL_CAP + 5 }, (_, i) => ({
      code: `cap-test-${i}`,
      park_id: park.id,
      category: 5,
      name_ja: `上限検証 ${i}`,
      description_ja: '件数の上限の確認に使う行です。',
      sale_label: SaleLabel.Sale,
      combination_label: 99,
      usage_trigger: 1,
      available_from: today,
      available_until: addDays(today, 30),
      image_url: '/media/items/test.svg',
      link_id: crypto.randomUUID(),
    }));
    await ctx.db.knex.batchInsert('items', rows, 500);
    const first = await list(`${kw('上限検証')}&per_page=100`);
    expect(first.meta).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true, totalPages: 10 });
    const last = await list(`${kw('上限検証')}&per_page=100&page=10`);
    expect(last.data).toHaveLength(100);
    expect((await list(`${kw('上限検証')}&per_page=100&page=11`)).data).toEqual([]);
    const few = await list(kw('上限検証 1000'));
    expect(few.meta).toMatchObject({ totalCapped: false });
    await ctx.db.knex('items').where('code', 'like', 'cap-test-%').delete();
  });

  it('answers an empty page for no match', async () => {
    const none = await list(kw('zzzznothing'));
    expect(none.data).toEqual([]);
    expect(none.meta).toMatchObject({ total: 0, totalPages: 1 });
    const blank = await list(kw('   '));
    expect(blank.meta.total).toBeGreaterThan(0);
  });

  it('pages through the results without overlap', async () => {
    const all = await list('per_page=100');
    const p1 = await list('per_page=7&page=1');
    const p2 = await list('per_page=7&page=2');
    expect(p1.meta).toMatchObject({ page: 1, perPage: 7, total: all.meta.total });
    expect(p1.meta.totalPages).toBe(Math.ceil(all.meta.total / 7));
    expect([...p1.data, ...p2.data].map((i) => i.id)).toEqual(all.data.slice(0, 14).map((i) => i.id));
    const beyond = await list('per_page=7&page=999');
    expect(beyond.data).toEqual([]);
  });

  it('refuses bad parameters with a clear localised 400', async () => {
    const cases: [string, string][] = [
      ['category=9', 'category'],
      ['park_id=abc', 'park_id'],
      ['tab=soon', 'tab'],
      ['per_page=1000', 'per_page'],
      ['page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/v1/items?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(json<ErrorBody>(res).meta, query).toEqual({
        status: 400,
        code: 'invalidParam',
        message: `${field}の値が正しくありません`,
      });
    }
    const en = await get(`/api/v1/items?${kw('x'.repeat(101))}`, { 'accept-language': 'en' });
    expect(json<ErrorBody>(en).meta.message).toBe('The value of keyword is invalid');
  });

  it('sends ETag and Cache-Control, answers 304 on a match, and varies by language', async () => {
    const first = await get('/api/v1/items?category=0');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers.vary).toContain('accept-language');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/api/v1/items?category=0', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    const english = await get('/api/v1/items?category=0', { 'accept-language': 'en' });
    expect(english.headers.etag).not.toBe(etag);
    expect(json<Page<ItemSummary>>(english).data[0]?.name).toMatch(/admission ticket$/);
  });
});

describe('GET /api/v1/items/{id}', () => {
  it('returns everything a buyer needs, in Japanese and English', async () => {
    const { id } = await itemByCode('maruyama-zoo--sika-feeding');
    const res = await get(`/api/v1/items/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const item = json<{ data: ItemDetail }>(res).data;
    expect(item).toMatchObject({
      id,
      name: 'エゾシカの餌やり体験',
      category: 1,
      saleLabel: SaleLabel.Sale,
      park: { name: '札幌市円山動物園', prefecture: { id: 1, name: '北海道' } },
      applicationDeadline: { daysBefore: 1, time: '17:00' },
      isPrivate: false,
    });
    for (const key of [
      'combinationLabel',
      'usageTrigger',
      'reservationRequired',
      'lottery',
      'waitlist',
      'seatSelection',
      'minimumParticipant',
      'disabilityPrice',
      'availableFrom',
      'availableUntil',
      'rewardCoins',
      'saleStartsAt',
      'saleEndsAt',
      'notes',
    ] as const) {
      expect(item[key], key).toBeDefined();
    }
    expect(item.basicPlan?.kind).toBe('basic');
    expect(item.basicPlan?.prices.map((p) => p.ageGroupName)).toEqual(expect.arrayContaining(['大人', '小学生']));
    expect(item.basicPlan?.prices.every((p) => Number.isInteger(p.price))).toBe(true);
    expect(item.additionalPlans.length).toBeGreaterThan(0);
    expect(item.additionalPlans.every((p) => p.kind === 'additional')).toBe(true);
    expect(item.priceFrom).toBe(Math.min(...(item.basicPlan?.prices.map((p) => p.price) ?? [])));
    expect(item.timeSlots.length).toBe(3);
    expect(item.timeSlots.map((s) => s.startTime)).toEqual([...item.timeSlots.map((s) => s.startTime)].sort());
    expect(item.remaining).toBe(Math.min(...item.timeSlots.map((s) => s.capacity)));
    expect(item.fewLeft).toBe(item.remaining < FEW_LEFT_THRESHOLD);
    expect(item.cancellationPolicy.length).toBe(3);
    const days = item.cancellationPolicy.map((c) => c.daysBefore);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(item.excludedDays.length).toBe(2);
    expect(item.excludedDays.every((d) => d >= today)).toBe(true);
    expect(item.tags.length).toBeGreaterThan(0);
    expect(item.onSale).toBe(isOnSale({ ...item, saleLabel: item.saleLabel }));

    const en = json<{ data: ItemDetail }>(await get(`/api/v1/items/${id}`, { 'accept-language': 'en' })).data;
    expect(en.name).toBe('Ezo sika deer feeding');
    expect(en.park.name).toBe('Sapporo Maruyama Zoo');
    expect(en.basicPlan?.prices.map((p) => p.ageGroupName)).toEqual(expect.arrayContaining(['Adult']));
    expect(en.tags.every((t) => /^[\x20-\x7e]+$/.test(t.name))).toBe(true);
  });

  it('falls back to Japanese where English text is missing', async () => {
    const { id } = await itemByCode('ueno-zoo--quest');
    await ctx.db.knex('items').where({ id }).update({ name_en: null, notes_en: null });
    const en = json<{ data: ItemDetail }>(await get(`/api/v1/items/${id}`, { 'accept-language': 'en' })).data;
    expect(en.name).toBe('謎解きクエスト「上野の森の動物探偵」');
    expect(en.description).toMatch(/[a-z]/);
  });

  it('says "few left" when fewer than 10 places remain', async () => {
    const { id } = await itemByCode('sendai-umino-mori--performance-seats');
    const before = json<{ data: ItemDetail }>(await get(`/api/v1/items/${id}`)).data;
    expect(before.fewLeft).toBe(false);
    const slot = before.timeSlots[1];
    await ctx.db.knex('item_time_slots').where({ id: slot?.id }).update({ capacity: 9 });
    const after = json<{ data: ItemDetail }>(await get(`/api/v1/items/${id}`)).data;
    expect(after).toMatchObject({ remaining: 9, fewLeft: true });
    await ctx.db.knex('item_time_slots').where({ id: slot?.id }).update({ capacity: 10 });
    expect(json<{ data: ItemDetail }>(await get(`/api/v1/items/${id}`)).data.fewLeft).toBe(false);
  });

  it('shows the flags of a lottery with waitlist and seat selection', async () => {
    const { id } = await itemByCode('asahiyama-zoo--penguin-walk-seats');
    const item = json<{ data: ItemDetail }>(await get(`/api/v1/items/${id}`)).data;
    expect(item).toMatchObject({
      lottery: true,
      waitlist: true,
      seatSelection: true,
      reservationRequired: true,
      saleLabel: SaleLabel.BeforeRelease,
      combinationLabel: 2,
      onSale: false,
    });
  });

  it('answers 404 for a missing item and 400 for a bad id', async () => {
    const missing = await get('/api/v1/items/999999', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(json<ErrorBody>(missing).meta.message).toBe('Data does not exist');
    expect((await get('/api/v1/items/abc')).statusCode).toBe(400);
    expect((await get('/api/v1/items/1?link_id=nope')).statusCode).toBe(400);
  });
});

describe('private items', () => {
  it('hides a private item unless its link id is given, with a private cache header', async () => {
    const item = await itemByCode('kaiyukan--members-morning');
    expect(item.saleLabel).toBe(SaleLabel.Private);
    const listed = await list('per_page=100');
    expect(listed.data.map((i) => i.id)).not.toContain(item.id);
    expect((await list(`${kw('早朝観覧会')}`)).data).toEqual([]);

    expect((await get(`/api/v1/items/${item.id}`)).statusCode).toBe(404);
    const withLink = await get(`/api/v1/items/${item.id}?link_id=${item.linkId}`);
    expect(withLink.statusCode).toBe(200);
    expect(withLink.headers['cache-control']).toBe('private, no-cache');
    expect(withLink.headers.etag).toBeUndefined();
    // Sold to holders of the link.
    expect(json<{ data: ItemDetail }>(withLink).data).toMatchObject({ id: item.id, isPrivate: true, onSale: true });
    const other = await itemByCode('churaumi-aquarium--private-viewing');
    expect((await get(`/api/v1/items/${item.id}?link_id=${other.linkId}`)).statusCode).toBe(404);

    const byLink = await get(`/api/v1/private/items/${item.linkId}`, { 'accept-language': 'en' });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['cache-control']).toBe('private, no-cache');
    expect(json<{ data: ItemDetail }>(byLink).data.name).toBe('Annual pass members’ early viewing');
    expect((await get('/api/v1/private/items/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/v1/private/items/not-a-uuid')).statusCode).toBe(400);
  });

  it('hides an item whose publication ended, and a public item made private', async () => {
    const ended = await itemByCode('nagoya-port-aquarium--backyard-orca');
    expect((await get(`/api/v1/items/${ended.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/private/items/${ended.linkId}`)).statusCode).toBe(200);

    const item = await itemByCode('oji-zoo--rides');
    expect((await get(`/api/v1/items/${item.id}`)).statusCode).toBe(200);
    await ctx.db.knex('items').where({ id: item.id }).update({ is_private: true });
    expect((await get(`/api/v1/items/${item.id}`)).statusCode).toBe(404);
    expect((await list('per_page=100')).data.map((i) => i.id)).not.toContain(item.id);
    expect((await get(`/api/v1/items/${item.id}?link_id=${item.linkId}`)).statusCode).toBe(200);
  });

  it('keeps the items of an unlisted park out of the lists', async () => {
    const park = await parkBySlug('itozu-zoo');
    expect((await list(`park_id=${park.id}`)).meta.total).toBeGreaterThan(0);
    await ctx.db.knex('parks').where({ id: park.id }).update({ is_private: true });
    expect((await list(`park_id=${park.id}`)).meta.total).toBe(0);
    await ctx.db.knex('parks').where({ id: park.id }).update({ is_private: false });
  });
});

describe('OpenAPI', () => {
  it('documents the item endpoints', async () => {
    const doc = (await ctx.server.inject('/api/openapi.json')).result as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(doc.paths['/api/v1/items']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['tab', 'keyword', 'page', 'per_page']),
    );
    expect(doc.paths['/api/v1/items/{id}']?.get).toBeDefined();
    expect(doc.paths['/api/v1/private/items/{linkId}']?.get).toBeDefined();
  });
});
