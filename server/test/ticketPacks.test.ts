import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketPackDetail, TicketPackSummary } from '../../common/dto/ticketPack';
import { SaleLabel } from '../../common/enums';
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
  meta: { page: number; perPage: number; total: number; totalPages: number };
}
interface ErrorBody {
  data: null;
  meta: { status: number; code: string; message: string };
}

const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja', ...headers } });
const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/api/v1/ticket-packs?${query}`, headers);
  expect(res.statusCode, res.payload).toBe(200);
  return json<Page<TicketPackSummary>>(res);
};
const detail = async (id: number, headers: Record<string, string> = {}) => {
  const res = await get(`/api/v1/ticket-packs/${id}`, headers);
  expect(res.statusCode, res.payload).toBe(200);
  return json<{ data: TicketPackDetail }>(res).data;
};
const kw = (s: string) => `keyword=${encodeURIComponent(s)}`;
const packByCode = async (code: string) =>
  (await ctx.db.knex('ticket_packs').where({ code }).first()) as { id: number; parkId: number; linkId: string };

const today = tokyoDate();

describe('GET /api/v1/ticket-packs', () => {
  it('lists the listed packs with paging meta, private ones left out', async () => {
    const all = await list('per_page=100');
    expect(all.data.length).toBe(all.meta.total);
    expect(all.meta.total).toBeGreaterThanOrEqual(9);
    expect(all.data.some((p) => p.saleLabel === SaleLabel.Private)).toBe(false);
    const members = await packByCode('higashiyama-zoo--members-pack');
    expect(all.data.map((p) => p.id)).not.toContain(members.id);
    // Sale first, then the rest.
    const firstNotOnSale = all.data.findIndex((p) => p.saleLabel !== SaleLabel.Sale);
    expect(all.data.slice(firstNotOnSale).some((p) => p.saleLabel === SaleLabel.Sale)).toBe(false);
    for (const p of all.data) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.minTotal).toBeLessThanOrEqual(p.maxTotal);
    }

    const p1 = await list('per_page=4&page=1');
    const p2 = await list('per_page=4&page=2');
    expect(p1.meta).toMatchObject({ page: 1, perPage: 4, total: all.meta.total });
    expect(p1.meta.totalPages).toBe(Math.ceil(all.meta.total / 4));
    expect([...p1.data, ...p2.data].map((p) => p.id)).toEqual(all.data.slice(0, 8).map((p) => p.id));
  });

  it('filters by park, category and keyword (kana and width folded, partial words)', async () => {
    const pack = await packByCode('kaiyukan--audio-set');
    const byPark = await list(`park_id[]=${pack.parkId}`);
    expect(byPark.data.map((p) => p.id)).toEqual([pack.id]);
    const events = await list('category=1&per_page=100');
    expect(events.data.length).toBeGreaterThan(0);
    expect(events.data.every((p) => p.category === 1)).toBe(true);
    const two = await list('category[]=0&category[]=2&per_page=100');
    expect(new Set(two.data.map((p) => p.category))).toEqual(new Set([0, 2]));

    const katakana = await list(kw('セット'));
    expect(katakana.meta.total).toBeGreaterThan(3);
    expect((await list(kw('せっと'))).meta.total).toBe(katakana.meta.total);
    expect((await list(kw('ｾｯﾄ'))).meta.total).toBe(katakana.meta.total);
    const orca = await list(kw('しゃち'));
    expect(orca.data[0]?.name).toContain('シャチ');
    const en = await list(kw('ORCA'), { 'accept-language': 'en' });
    expect(en.data[0]?.name).toBe('Admission + orca front seat set');
    expect((await list(kw('ramen'))).data.map((p) => p.name)).toEqual(['入園券＋旭川ラーメン お食事セット']);
  });

  it('answers an empty page for no match', async () => {
    const none = await list(kw('zzzznothing'));
    expect(none).toEqual({ data: [], meta: { page: 1, perPage: 20, total: 0, totalPages: 1, totalCapped: false } });
  });

  it('refuses bad parameters with a clear localised 400', async () => {
    const bad = await get('/api/v1/ticket-packs?category=7', { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorBody>(bad).meta).toEqual({
      status: 400,
      code: 'invalidParam',
      message: 'The value of category is invalid',
    });
    expect((await get('/api/v1/ticket-packs?park_id=0')).statusCode).toBe(400);
    expect((await get('/api/v1/ticket-packs?per_page=101')).statusCode).toBe(400);
  });

  it('sends ETag and Cache-Control and answers 304 on a match', async () => {
    const first = await get('/api/v1/ticket-packs?category=0');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = first.headers.etag as string;
    const again = await get('/api/v1/ticket-packs?category=0', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const detailRes = await get(`/api/v1/ticket-packs/${(await packByCode('ueno-zoo--quest-set')).id}`);
    const detailAgain = await get(detailRes.request.url.pathname, {
      'if-none-match': detailRes.headers.etag as string,
    });
    expect(detailAgain.statusCode).toBe(304);
  });
});

describe('GET /api/v1/ticket-packs/{id}', () => {
  it('shows contents, category, schedule, selectable times and dates, and the totals', async () => {
    const { id } = await packByCode('nagoya-port-aquarium--family-pack');
    const pack = await detail(id);
    expect(pack).toMatchObject({
      id,
      name: 'ファミリーパック（入館券4枚＋駐車場）',
      category: 0,
      price: 6500,
      minTotal: 1,
      maxTotal: 2,
      selectableTimes: ['09:30', '12:00'],
      applicationOpen: true,
      park: { name: '名古屋港水族館', prefecture: { id: 23, name: '愛知県' } },
      isPrivate: false,
    });
    expect(pack.items).toEqual([
      expect.objectContaining({ name: '名古屋港水族館 入館券', category: 0, quantity: 4, listed: true }),
      expect.objectContaining({ name: 'ガーデンふ頭駐車場 利用券（普通車）', category: 3, quantity: 1, listed: true }),
    ]);
    expect(Date.parse(pack.applicationStartsAt)).toBeLessThan(Date.parse(pack.applicationEndsAt));
    // Selectable dates: from today, sorted, inside the period, never on the park's closed Mondays.
    expect(pack.selectableDates.length).toBeGreaterThan(30);
    expect((pack.selectableDates[0] ?? '') >= today).toBe(true);
    expect(pack.selectableDates).toEqual([...pack.selectableDates].sort());
    expect(pack.selectableDates.every((d) => d >= pack.availableFrom && d <= pack.availableUntil)).toBe(true);
    const specials = new Map(
      (
        (await ctx.db.knex('park_special_days').where({ park_id: pack.park.id }).select('date', 'kind')) as {
          date: string;
          kind: string;
        }[]
      ).map((s) => [s.date, s.kind]),
    );
    for (const d of pack.selectableDates) {
      if (!specials.has(d)) expect(isoWeekday(d), d).not.toBe(1);
      expect(specials.get(d), d).not.toBe('closed');
    }

    const en = await detail(id, { 'accept-language': 'en' });
    expect(en.name).toBe('Family pack (4 admissions + parking)');
    expect(en.items[0]?.name).toBe('Port of Nagoya Public Aquarium admission ticket');
  });

  it('drops a date when an item of the pack cannot be used that day', async () => {
    const pack = await packByCode('kaiyukan--audio-set');
    const before = await detail(pack.id);
    const day = before.selectableDates.find((d) => d > addDays(today, 10));
    expect(day).toBeDefined();
    const audio = (await ctx.db.knex('items').where({ code: 'kaiyukan--audio-guide' }).first()) as { id: number };
    await ctx.db.knex('item_excluded_days').insert({ item_id: audio.id, date: day });
    const after = await detail(pack.id);
    expect(after.selectableDates).not.toContain(day);
    expect(after.selectableDates.length).toBe(before.selectableDates.length - 1);
  });

  it('shows a pack before its application opens as not open', async () => {
    const { id } = await packByCode('tennoji-zoo--night-set');
    const pack = await detail(id);
    expect(pack.saleLabel).toBe(SaleLabel.BeforeRelease);
    expect(pack.applicationOpen).toBe(false);
    expect(pack.selectableDates.every((d) => d >= pack.availableFrom)).toBe(true);
  });

  it('answers 404 for a missing pack and 400 for a bad id', async () => {
    const missing = await get('/api/v1/ticket-packs/999999', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(json<ErrorBody>(missing).meta.message).toBe('Data does not exist');
    expect((await get('/api/v1/ticket-packs/0')).statusCode).toBe(400);
  });
});

describe('private ticket packs', () => {
  it('hides a private pack unless its link id is given', async () => {
    const pack = await packByCode('higashiyama-zoo--members-pack');
    expect((await get(`/api/v1/ticket-packs/${pack.id}`)).statusCode).toBe(404);
    const withLink = await get(`/api/v1/ticket-packs/${pack.id}?link_id=${pack.linkId}`);
    expect(withLink.statusCode).toBe(200);
    expect(withLink.headers['cache-control']).toBe('private, no-cache');
    expect(json<{ data: TicketPackDetail }>(withLink).data).toMatchObject({
      id: pack.id,
      isPrivate: true,
      applicationOpen: true,
    });

    const byLink = await get(`/api/v1/private/ticket-packs/${pack.linkId}`, { 'accept-language': 'en' });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['cache-control']).toBe('private, no-cache');
    expect(json<{ data: TicketPackDetail }>(byLink).data.name).toBe('Supporters’ book of 5 admissions');
    expect((await get('/api/v1/private/ticket-packs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/v1/private/ticket-packs/123')).statusCode).toBe(400);

    const other = await packByCode('ueno-zoo--quest-set');
    expect((await get(`/api/v1/ticket-packs/${pack.id}?link_id=${other.linkId}`)).statusCode).toBe(404);
  });

  it('hides a public pack once it is made private', async () => {
    const pack = await packByCode('zoorasia--giraffe-set');
    await ctx.db.knex('ticket_packs').where({ id: pack.id }).update({ is_private: true });
    expect((await get(`/api/v1/ticket-packs/${pack.id}`)).statusCode).toBe(404);
    expect((await list('per_page=100')).data.map((p) => p.id)).not.toContain(pack.id);
    expect((await get(`/api/v1/private/ticket-packs/${pack.linkId}`)).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await ctx.server.inject('/api/openapi.json')).result as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/ticket-packs',
        '/api/v1/ticket-packs/{id}',
        '/api/v1/private/ticket-packs/{linkId}',
      ]),
    );
  });
});
