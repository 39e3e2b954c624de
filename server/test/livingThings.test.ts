import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../common/dto/api';
import type {
  LivingThingDetail,
  LivingThingSummary,
  ParkLivingThingDetail,
  ParkLivingThingSummary,
} from '../../common/dto/livingThing';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
const json = <T>(res: Res) => JSON.parse(res.payload) as T;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja', ...headers } });
const kw = (s: string) => encodeURIComponent(s);
const names = (body: Paged<LivingThingSummary>) => body.data.map((d) => d.name);

describe('GET /api/v1/living-things', () => {
  it('lists species with paging meta and every summary field', async () => {
    const res = await get('/api/v1/living-things?per_page=10');
    expect(res.statusCode).toBe(200);
    const body = json<Paged<LivingThingSummary>>(res);
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ page: 1, perPage: 10 });
    expect(body.meta.total).toBeGreaterThan(100);
    const first = body.data[0] as LivingThingSummary;
    for (const key of ['name', 'classification', 'habitat', 'imageUrl', 'group', 'parkCount'] as const) {
      expect(first[key], key).toBeDefined();
    }
    const page2 = json<Paged<LivingThingSummary>>(await get('/api/v1/living-things?per_page=10&page=2'));
    const ids = new Set(body.data.map((d) => d.id));
    expect(page2.data.some((d) => ids.has(d.id))).toBe(false);
  });

  it('finds ペンギン in any kana, width or case, and by part of a word', async () => {
    const kata = json<Paged<LivingThingSummary>>(await get(`/api/v1/living-things?keyword=${kw('ペンギン')}`));
    expect(names(kata)).toContain('フンボルトペンギン');
    const hira = json<Paged<LivingThingSummary>>(await get(`/api/v1/living-things?keyword=${kw('ぺんぎん')}`));
    expect(names(hira).sort()).toEqual(names(kata).sort());
    const half = json<Paged<LivingThingSummary>>(await get(`/api/v1/living-things?keyword=${kw('ｶﾋﾟﾊﾞﾗ')}`));
    expect(names(half)).toContain('カピバラ');
    const wide = json<Paged<LivingThingSummary>>(await get(`/api/v1/living-things?keyword=${kw('ＰＡＮＤＡ')}`));
    expect(names(wide)).toEqual(expect.arrayContaining(['ジャイアントパンダ', 'レッサーパンダ']));
    const partial = json<Paged<LivingThingSummary>>(await get(`/api/v1/living-things?keyword=${kw('ボルト')}`));
    expect(names(partial)).toContain('フンボルトペンギン');
    const none = json<Paged<LivingThingSummary>>(await get('/api/v1/living-things?keyword=zzzznothing'));
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it('filters by classification group, habitat and park', async () => {
    const birds = json<Paged<LivingThingSummary>>(await get('/api/v1/living-things?classification=birds&per_page=100'));
    expect(birds.data.length).toBeGreaterThan(5);
    expect(birds.data.every((d) => d.group?.code === 'birds' && d.group.name === '鳥類')).toBe(true);

    const polar = json<Paged<LivingThingSummary>>(await get('/api/v1/living-things?habitat=polar&per_page=100'));
    expect(polar.data.length).toBeGreaterThan(0);
    expect(names(polar)).toContain('ホッキョクグマ');
    const all = json<Paged<LivingThingSummary>>(await get('/api/v1/living-things?per_page=100'));
    expect(polar.meta.total).toBeLessThan(all.meta.total);

    const park = await ctx.db.knex('parks').where({ slug: 'ueno-zoo' }).first('id');
    const parkId = park?.id ?? (await ctx.db.knex('parks').orderBy('id').first('id')).id;
    const kept = (await ctx.db
      .knex('park_living_things')
      .where({ park_id: parkId })
      .distinct('living_thing_id')
      .pluck('living_thing_id')) as number[];
    const byPark = json<Paged<LivingThingSummary>>(await get(`/api/v1/living-things?park_id=${parkId}&per_page=100`));
    expect(byPark.meta.total).toBe(kept.length);
    expect(byPark.data.map((d) => d.id).sort((a, b) => a - b)).toEqual([...kept].sort((a, b) => a - b));

    const combined = json<Paged<LivingThingSummary>>(
      await get(`/api/v1/living-things?classification=birds&keyword=${kw('ペンギン')}`),
    );
    expect(combined.data.length).toBeGreaterThan(0);
    expect(combined.data.every((d) => d.group?.code === 'birds')).toBe(true);
  });

  it('answers in English', async () => {
    const en = json<Paged<LivingThingSummary>>(
      await get(`/api/v1/living-things?keyword=${kw('ペンギン')}`, { 'accept-language': 'en' }),
    );
    expect(names(en)).toContain('Humboldt penguin');
    expect(en.data[0]?.group?.name).toBe('Birds');
  });

  it('answers a clear localised 400 for bad parameters', async () => {
    const ja = await get('/api/v1/living-things?classification=dragons');
    expect(ja.statusCode).toBe(400);
    expect(json(ja)).toEqual({
      data: null,
      meta: { status: 400, code: 'invalidParam', message: 'classificationの値が正しくありません' },
    });
    const en = await get('/api/v1/living-things?habitat=moon', { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(json<{ meta: { message: string } }>(en).meta.message).toBe('The value of habitat is invalid');
    expect((await get('/api/v1/living-things?park_id=abc')).statusCode).toBe(400);
    expect((await get('/api/v1/living-things?per_page=101')).statusCode).toBe(400);
  });

  it('sends ETag and Cache-Control and answers 304 on a match', async () => {
    const first = await get('/api/v1/living-things?classification=fish');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/api/v1/living-things?classification=fish', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const en = await get('/api/v1/living-things?classification=fish', { 'accept-language': 'en' });
    expect(en.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/v1/living-things/{id}', () => {
  it('returns the species profile with the parks that keep it', async () => {
    const list = json<Paged<LivingThingSummary>>(
      await get(`/api/v1/living-things?keyword=${kw('フンボルトペンギン')}`),
    );
    const id = list.data.find((d) => d.name === 'フンボルトペンギン')?.id;
    expect(id).toBeDefined();
    const res = await get(`/api/v1/living-things/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    const { data } = json<{ data: LivingThingDetail }>(res);
    expect(data.name).toBe('フンボルトペンギン');
    expect(data.classification).toContain('鳥綱');
    for (const key of [
      'habitat',
      'diet',
      'description',
      'weightKg',
      'heightCm',
      'birthWeightKg',
      'birthHeightCm',
      'numberOfSpecies',
      'followerCount',
    ] as const) {
      expect(data[key], key).not.toBeUndefined();
    }
    expect(data.parks.length).toBeGreaterThan(0);
    expect(data.parkCount).toBe(data.parks.length);
    expect(data.parks[0]?.individuals.length).toBeGreaterThan(0);
    expect(data.parks[0]?.prefecture).not.toBe('');

    const en = json<{ data: LivingThingDetail }>(await get(`/api/v1/living-things/${id}`, { 'accept-language': 'en' }));
    expect(en.data.name).toBe('Humboldt penguin');
    expect(en.data.classification).toContain('Aves');
  });

  it('leaves out parks that are private', async () => {
    const list = json<Paged<LivingThingSummary>>(
      await get(`/api/v1/living-things?keyword=${kw('フンボルトペンギン')}`),
    );
    const id = list.data[0]?.id as number;
    const before = json<{ data: LivingThingDetail }>(await get(`/api/v1/living-things/${id}`)).data;
    const hidden = before.parks[0]?.id as number;
    await ctx.db.knex('parks').where({ id: hidden }).update({ is_private: true });
    try {
      const after = json<{ data: LivingThingDetail }>(await get(`/api/v1/living-things/${id}`)).data;
      expect(after.parks.map((p) => p.id)).not.toContain(hidden);
      const animals = json<Paged<ParkLivingThingSummary>>(await get(`/api/v1/park-living-things?park_id=${hidden}`));
      expect(animals.data).toEqual([]);
    } finally {
      await ctx.db.knex('parks').where({ id: hidden }).update({ is_private: false });
    }
  });

  it('is 404 when missing and 400 when the id is not a number', async () => {
    const missing = await get('/api/v1/living-things/999999');
    expect(missing.statusCode).toBe(404);
    expect(json<{ meta: { message: string } }>(missing).meta.message).toBe('データが存在しません');
    expect((await get('/api/v1/living-things/abc')).statusCode).toBe(400);
  });
});

describe('park living things', () => {
  it('lists by park and species, and finds animals by species name too', async () => {
    const penguin = json<Paged<LivingThingSummary>>(
      await get(`/api/v1/living-things?keyword=${kw('フンボルトペンギン')}`),
    ).data[0] as LivingThingSummary;
    const bySpecies = json<Paged<ParkLivingThingSummary>>(
      await get(`/api/v1/park-living-things?living_thing_id=${penguin.id}&per_page=100`),
    );
    expect(bySpecies.data.length).toBeGreaterThan(0);
    expect(bySpecies.data.every((a) => a.livingThing.id === penguin.id)).toBe(true);
    const parkId = bySpecies.data[0]?.park.id as number;
    const byPark = json<Paged<ParkLivingThingSummary>>(
      await get(`/api/v1/park-living-things?park_id=${parkId}&per_page=100`),
    );
    expect(byPark.data.every((a) => a.park.id === parkId)).toBe(true);
    const byKeyword = json<Paged<ParkLivingThingSummary>>(
      await get(`/api/v1/park-living-things?keyword=${kw('ぺんぎん')}&per_page=100`),
    );
    expect(byKeyword.data.map((a) => a.id)).toEqual(expect.arrayContaining(bySpecies.data.map((a) => a.id)));
    expect((await get('/api/v1/park-living-things?park_id=0')).statusCode).toBe(400);
  });

  it("returns one park's animal with nickname, birthday, gender, number bred and species facts", async () => {
    const row = await ctx.db
      .knex('park_living_things')
      .whereNotNull('birthday')
      .orderBy('id')
      .first('id', 'nickname_ja', 'nickname_en', 'gender', 'birthday');
    const res = await get(`/api/v1/park-living-things/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const { data } = json<{ data: ParkLivingThingDetail }>(res);
    expect(data).toMatchObject({ id: row.id, nickname: row.nicknameJa, gender: row.gender, birthday: row.birthday });
    expect(data.approxNumberBred === null || typeof data.approxNumberBred === 'number').toBe(true);
    expect(data.livingThing.classification).not.toBe('');
    expect(data.livingThing.habitat).not.toBe('');
    expect(data.park.name).not.toBe('');
    expect(typeof data.storyCount).toBe('number');
    const en = json<{ data: ParkLivingThingDetail }>(
      await get(`/api/v1/park-living-things/${row.id}`, { 'accept-language': 'en' }),
    );
    expect(en.data.nickname).toBe(row.nicknameEn ?? row.nicknameJa);
    expect((await get('/api/v1/park-living-things/999999')).statusCode).toBe(404);
  });
});
