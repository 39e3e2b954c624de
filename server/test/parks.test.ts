import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkDetail, ParkSummary } from '../../common/dto/park';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

const json = (res: { payload: string }) => JSON.parse(res.payload) as unknown;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja', ...headers } });

describe('GET /api/v1/parks', () => {
  it('lists public parks with paging meta', async () => {
    const res = await get('/api/v1/parks?per_page=5');
    expect(res.statusCode).toBe(200);
    const body = json(res) as {
      data: ParkSummary[];
      meta: { total: number; page: number; perPage: number; totalPages: number };
    };
    expect(body.data).toHaveLength(5);
    expect(body.meta.total).toBeGreaterThanOrEqual(12);
    expect(body.meta).toMatchObject({ page: 1, perPage: 5 });
    expect(body.meta.totalPages).toBe(Math.ceil(body.meta.total / 5));
    const page2 = json(await get('/api/v1/parks?per_page=5&page=2')) as { data: ParkSummary[] };
    expect(page2.data.map((p) => p.id)).not.toContain(body.data[0]?.id);
  });

  it('covers at least 6 regions', async () => {
    const body = json(await get('/api/v1/parks?per_page=100')) as { data: ParkSummary[] };
    expect(new Set(body.data.map((p) => p.region.id)).size).toBeGreaterThanOrEqual(6);
    expect(body.data.every((p) => p.imageUrl.startsWith('/media/'))).toBe(true);
  });

  it('filters by prefecture (bracket-style arrays), region and kind', async () => {
    const tokyo = json(await get('/api/v1/parks?prefecture_id[]=13')) as { data: ParkSummary[] };
    expect(tokyo.data.length).toBeGreaterThan(0);
    expect(tokyo.data.every((p) => p.prefecture.id === 13 && p.prefecture.name === '東京都')).toBe(true);

    const two = json(await get('/api/v1/parks?prefecture_id[]=13&prefecture_id[]=47')) as { data: ParkSummary[] };
    expect(new Set(two.data.map((p) => p.prefecture.id))).toEqual(new Set([13, 47]));

    const kanto = json(await get('/api/v1/parks?region_id=3')) as { data: ParkSummary[] };
    expect(kanto.data.every((p) => p.region.id === 3)).toBe(true);

    const aquariums = json(await get('/api/v1/parks?kind=aquarium')) as { data: ParkSummary[] };
    expect(aquariums.data.length).toBeGreaterThan(0);
    expect(aquariums.data.every((p) => p.kind === 'aquarium')).toBe(true);
  });

  it('searches by keyword in Japanese and English, full-width input included', async () => {
    const ja = json(await get(`/api/v1/parks?keyword=${encodeURIComponent('上野')}`)) as { data: ParkSummary[] };
    expect(ja.data.map((p) => p.name)).toContain('恩賜上野動物園');
    const en = json(await get('/api/v1/parks?keyword=ueno', { 'accept-language': 'en' })) as { data: ParkSummary[] };
    expect(en.data.map((p) => p.name)).toContain('Ueno Zoo');
    const wide = json(await get(`/api/v1/parks?keyword=${encodeURIComponent('ＵＥＮＯ')}`)) as {
      data: ParkSummary[];
    };
    expect(wide.data.length).toBe(ja.data.length);
    const none = json(await get('/api/v1/parks?keyword=zzzznothing')) as {
      data: ParkSummary[];
      meta: { total: number };
    };
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it('answers a clear localised 400 for bad parameters', async () => {
    const ja = await get('/api/v1/parks?region_id=99');
    expect(ja.statusCode).toBe(400);
    expect(json(ja)).toEqual({
      data: null,
      meta: { status: 400, code: 'invalidParam', message: 'region_idの値が正しくありません' },
    });
    const en = await get('/api/v1/parks?per_page=1000', { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect((json(en) as { meta: { message: string } }).meta.message).toBe('The value of per_page is invalid');
  });

  it('sends ETag and Cache-Control and answers 304 on a match', async () => {
    const first = await get('/api/v1/parks?region_id=3');
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/api/v1/parks?region_id=3', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const english = await get('/api/v1/parks?region_id=3', { 'accept-language': 'en' });
    expect(english.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/v1/parks/{id}', () => {
  it('returns every profile field, localised', async () => {
    const list = json(await get(`/api/v1/parks?keyword=${encodeURIComponent('上野')}`)) as { data: ParkSummary[] };
    const id = list.data[0]?.id;
    const ja = json(await get(`/api/v1/parks/${id}`)) as { data: ParkDetail };
    expect(ja.data).toMatchObject({ id, name: '恩賜上野動物園', kind: 'zoo' });
    for (const key of [
      'openTime',
      'closeTime',
      'closedWeekdays',
      'specialDays',
      'websiteUrl',
      'phone',
      'address',
      'latitude',
      'longitude',
      'averageStayMinutes',
      'inquiryEmail',
      'inquiryFormUrl',
      'commercialLawNotice',
    ] as const) {
      expect(ja.data[key], key).toBeDefined();
    }
    expect(ja.data.closedWeekdays.map((d) => d.name)).toContain('月曜日');
    expect(ja.data.commercialLawNotice).toContain('販売業者');
    const en = json(await get(`/api/v1/parks/${id}`, { 'accept-language': 'en' })) as { data: ParkDetail };
    expect(en.data.name).toBe('Ueno Zoo');
    expect(en.data.closedWeekdays.map((d) => d.name)).toContain('Monday');
  });

  it('answers 404 with "Data does not exist" for a missing park, 400 for a bad id', async () => {
    const missing = await get('/api/v1/parks/999999', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect((json(missing) as { meta: { message: string } }).meta.message).toBe('Data does not exist');
    expect((await get('/api/v1/parks/abc')).statusCode).toBe(400);
  });

  it('hides a private park unless its link id is given', async () => {
    const [row] = await ctx.db.knex('parks').select('id', 'link_id').orderBy('id').limit(1);
    await ctx.db.knex('parks').update({ is_private: true }).where({ id: row.id });
    expect((await get(`/api/v1/parks/${row.id}`)).statusCode).toBe(404);
    const listed = json(await get('/api/v1/parks?per_page=100')) as { data: ParkSummary[] };
    expect(listed.data.map((p) => p.id)).not.toContain(row.id);
    expect((await get(`/api/v1/parks/${row.id}?link_id=${row.linkId}`)).statusCode).toBe(200);
    const byLink = await get(`/api/v1/private/parks/${row.linkId}`);
    expect(byLink.statusCode).toBe(200);
    expect((json(byLink) as { data: ParkDetail }).data.isPrivate).toBe(true);
    await ctx.db.knex('parks').update({ is_private: false }).where({ id: row.id });
  });
});
