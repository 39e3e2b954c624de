import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../common/dto/api';
import type { ParkUserDetail, ParkUserRef, StoryDetail, StoryListMeta, StorySummary } from '../../common/dto/story';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
type StoryPage = { data: StorySummary[]; meta: StoryListMeta };
const json = <T>(res: Res) => JSON.parse(res.payload) as T;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja', ...headers } });
const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/api/v1/stories${query ? `?${query}` : ''}`, headers);
  expect(res.statusCode, res.payload).toBe(200);
  return json<StoryPage>(res);
};
const kw = (s: string) => encodeURIComponent(s);

describe('GET /api/v1/stories', () => {
  it('lists public, published stories newest first with paging meta', async () => {
    const body = await list('per_page=10');
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ page: 1, perPage: 10, list: null });
    const times = body.data.map((s) => Date.parse(s.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((t) => t <= Date.now())).toBe(true);
    const visible = await ctx.db
      .knex('stories')
      .join('parks', 'parks.id', 'stories.park_id')
      .where({ 'stories.is_private': false, 'parks.is_private': false })
      .where('stories.published_at', '<=', new Date())
      .count({ n: '*' })
      .first();
    expect(body.meta.total).toBe(Number(visible?.n));
    const page2 = await list('per_page=10&page=2');
    const ids = new Set(body.data.map((s) => s.id));
    expect(page2.data.some((s) => ids.has(s.id))).toBe(false);
    const s = body.data[0] as StorySummary;
    expect(s.park.name).not.toBe('');
    expect(s.parkUser.name).not.toBe('');
    expect(s.excerpt.length).toBeGreaterThan(0);
  });

  it('never lists private stories nor ones published in the future', async () => {
    const privateIds = (await ctx.db.knex('stories').where({ is_private: true }).pluck('id')) as number[];
    expect(privateIds.length).toBeGreaterThan(0);
    const [future] = await ctx.db.knex('stories').where({ is_private: false }).orderBy('id').limit(1).pluck('id');
    await ctx.db
      .knex('stories')
      .where({ id: future })
      .update({ published_at: new Date(Date.now() + 86_400_000) });
    const all = await list('per_page=100');
    const more = await list('per_page=100&page=2');
    const ids = [...all.data, ...more.data].map((s) => s.id);
    expect(ids.some((id) => privateIds.includes(id))).toBe(false);
    expect(ids).not.toContain(future);
    expect((await get(`/api/v1/stories/${future}`)).statusCode).toBe(404);
    await ctx.db
      .knex('stories')
      .where({ id: future })
      .update({ published_at: new Date(Date.now() - 86_400_000) });
  });

  it('populars are the most liked first', async () => {
    const body = await list('list=populars&per_page=20');
    expect(body.meta.list).toBe('populars');
    const likes = body.data.map((s) => s.likeCount);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
  });

  it('short-movies are short movies only, with an animated SVG and a duration', async () => {
    const body = await list('list=short-movies&per_page=50');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((s) => s.kind === 'short_movie')).toBe(true);
    expect(body.data.every((s) => s.videoUrl?.endsWith('.svg') && (s.durationSeconds ?? 0) > 0)).toBe(true);
  });

  it('randoms: a shuffle per seed, stable while paging, different for another seed', async () => {
    const a = await list('list=randoms&per_page=30&seed=one');
    const again = await list('list=randoms&per_page=30&seed=one');
    const b = await list('list=randoms&per_page=30&seed=two');
    expect(a.meta.seed).toBe('one');
    expect(again.data.map((s) => s.id)).toEqual(a.data.map((s) => s.id));
    expect(b.data.map((s) => s.id)).not.toEqual(a.data.map((s) => s.id));
    const newest = await list('per_page=30');
    expect(a.data.map((s) => s.id)).not.toEqual(newest.data.map((s) => s.id));
    // Paging through one seed visits every story once.
    const total = a.meta.total;
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 50); page++) {
      for (const s of (await list(`list=randoms&per_page=50&seed=one&page=${page}`)).data) seen.add(s.id);
    }
    expect(seen.size).toBe(total);
    // Without a seed the server picks one (changing every minute) and says which.
    const auto = await list('list=randoms');
    expect(auto.meta.seed).toMatch(/^m\d+$/);
  });

  it('filters by park, park user, park animal, species and keyword', async () => {
    const sample = (await list('per_page=50')).data.find((s) => s.parkLivingThing && s.livingThing) as StorySummary;
    expect(sample).toBeDefined();
    const byPark = await list(`park_id=${sample.park.id}&per_page=100`);
    expect(byPark.data.length).toBeGreaterThan(0);
    expect(byPark.data.every((s) => s.park.id === sample.park.id)).toBe(true);
    const byUser = await list(`park_user_id=${sample.parkUser.id}`);
    expect(byUser.data.every((s) => s.parkUser.id === sample.parkUser.id)).toBe(true);
    const byAnimal = await list(`park_living_thing_id=${sample.parkLivingThing?.id}`);
    expect(byAnimal.data.map((s) => s.id)).toContain(sample.id);
    expect(byAnimal.data.every((s) => s.parkLivingThing?.id === sample.parkLivingThing?.id)).toBe(true);
    const bySpecies = await list(`living_thing_id=${sample.livingThing?.id}&per_page=100`);
    expect(bySpecies.data.every((s) => s.livingThing?.id === sample.livingThing?.id)).toBe(true);
    const moviesOfPark = await list(`list=short-movies&park_id=${sample.park.id}`);
    expect(moviesOfPark.data.every((s) => s.park.id === sample.park.id && s.kind === 'short_movie')).toBe(true);
  });

  it('searches by keyword in any kana, width or case, and by part of a word', async () => {
    const kata = await list(`keyword=${kw('ペンギン')}&per_page=100`);
    expect(kata.data.length).toBeGreaterThan(0);
    const hira = await list(`keyword=${kw('ぺんぎん')}&per_page=100`);
    expect(hira.data.map((s) => s.id).sort()).toEqual(kata.data.map((s) => s.id).sort());
    const humboldt = await list(`keyword=${kw('フンボルトペンギン')}&per_page=100`);
    expect(humboldt.data.length).toBeGreaterThan(0);
    // Every story about フンボルトペンギン is found by the part ペンギン.
    expect(kata.data.map((s) => s.id)).toEqual(expect.arrayContaining(humboldt.data.map((s) => s.id)));
    const half = await list(`keyword=${kw('ｶﾋﾟﾊﾞﾗ')}`);
    const full = await list(`keyword=${kw('カピバラ')}`);
    expect(half.meta.total).toBe(full.meta.total);
    const wide = await list(`keyword=${kw('ＰＡＮＤＡ')}`, { 'accept-language': 'en' });
    const narrow = await list('keyword=panda', { 'accept-language': 'en' });
    expect(wide.meta.total).toBe(narrow.meta.total);
    expect(narrow.meta.total).toBeGreaterThan(0);
    const none = await list('keyword=zzzznothing');
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it('answers a clear localised 400 for bad parameters', async () => {
    const ja = await get('/api/v1/stories?list=latest');
    expect(ja.statusCode).toBe(400);
    expect(json(ja)).toEqual({
      data: null,
      meta: { status: 400, code: 'invalidParam', message: 'listの値が正しくありません' },
    });
    const en = await get('/api/v1/stories?park_id=-1', { 'accept-language': 'en' });
    expect(json<{ meta: { message: string } }>(en).meta.message).toBe('The value of park_id is invalid');
    expect((await get('/api/v1/stories?seed=a%20b')).statusCode).toBe(400);
    expect((await get('/api/v1/stories?page=0')).statusCode).toBe(400);
  });

  it('sends ETag and Cache-Control and answers 304 on a match', async () => {
    const first = await get('/api/v1/stories?list=populars');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers.vary).toContain('accept-language');
    const etag = first.headers.etag as string;
    expect((await get('/api/v1/stories?list=populars', { 'if-none-match': etag })).statusCode).toBe(304);
    const en = await get('/api/v1/stories?list=populars', { 'accept-language': 'en' });
    expect(en.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/v1/stories/{id} and private links', () => {
  it('returns a story with its text and images, in ja and en', async () => {
    const row = await ctx.db
      .knex('stories')
      .join('parks', 'parks.id', 'stories.park_id')
      .where({ 'stories.is_private': false, 'stories.kind': 'article', 'parks.is_private': false })
      .whereExists(ctx.db.knex('story_images').whereRaw('story_images.story_id = stories.id'))
      .first('stories.id', 'stories.title_ja', 'stories.title_en');
    const res = await get(`/api/v1/stories/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    const { data } = json<{ data: StoryDetail }>(res);
    expect(data).toMatchObject({ id: row.id, title: row.titleJa, kind: 'article', isPrivate: false });
    expect(data.body.length).toBeGreaterThan(data.excerpt.length - 1);
    expect(data.images.length).toBeGreaterThan(0);
    expect(data.images[0]?.caption).not.toBe('');
    const en = json<{ data: StoryDetail }>(await get(`/api/v1/stories/${row.id}`, { 'accept-language': 'en' }));
    expect(en.data.title).toBe(row.titleEn);
  });

  it('a short movie carries its video and duration', async () => {
    const movie = (await list('list=short-movies&per_page=1')).data[0] as StorySummary;
    const { data } = json<{ data: StoryDetail }>(await get(`/api/v1/stories/${movie.id}`));
    expect(data.kind).toBe('short_movie');
    expect(data.videoUrl).toMatch(/^\/media\/movies\/.+\.svg$/);
    expect(data.durationSeconds).toBeGreaterThan(0);
  });

  it('a private story is 404 by id and 200 with its link id (not cached publicly)', async () => {
    const row = await ctx.db.knex('stories').where({ is_private: true }).first('id', 'link_id');
    expect((await get(`/api/v1/stories/${row.id}`)).statusCode).toBe(404);
    const res = await get(`/api/v1/private/stories/${row.linkId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const { data } = json<{ data: StoryDetail }>(res);
    expect(data).toMatchObject({ id: row.id, isPrivate: true });
    expect((await get('/api/v1/private/stories/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await get('/api/v1/private/stories/not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it('is 404 for missing stories and 400 for bad ids', async () => {
    const missing = await get('/api/v1/stories/999999', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(json<{ meta: { message: string } }>(missing).meta.message).toBe('Data does not exist');
    expect((await get('/api/v1/stories/1.5')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/stories/{id}/views', () => {
  const viewCount = async (id: number) =>
    Number((await ctx.db.knex('stories').where({ id }).first('view_count'))?.viewCount);
  const view = (id: number, ip: string) =>
    ctx.server.inject({ method: 'POST', url: `/api/v1/stories/${id}/views`, remoteAddress: ip });

  it('counts one view per visitor per story, and 404s for unknown or private stories', async () => {
    const [story] = await list('per_page=1').then((p) => p.data);
    if (!story) throw new Error('no story');
    const before = await viewCount(story.id);
    expect((await view(story.id, '10.0.0.1')).statusCode).toBe(204);
    expect((await view(story.id, '10.0.0.1')).statusCode).toBe(204);
    expect((await view(story.id, '10.0.0.2')).statusCode).toBe(204);
    expect(await viewCount(story.id)).toBe(before + 2);
    expect((await view(2_000_000_000, '10.0.0.1')).statusCode).toBe(404);
    const hidden = await ctx.db.knex('stories').where({ is_private: true }).first('id');
    if (hidden) expect((await view(hidden.id, '10.0.0.1')).statusCode).toBe(204);
    expect((await ctx.server.inject({ method: 'POST', url: '/api/v1/stories/abc/views' })).statusCode).toBe(400);
  });
});

describe('park users', () => {
  it('returns the profile of a staff member with counts, and their stories', async () => {
    const story = (await list('per_page=1')).data[0] as StorySummary;
    const res = await get(`/api/v1/park-users/${story.parkUser.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    const { data } = json<{ data: ParkUserDetail }>(res);
    expect(data).toMatchObject({ id: story.parkUser.id, name: story.parkUser.name });
    expect(data.bio).not.toBe('');
    expect(data.park.id).toBe(story.park.id);
    expect(data.storyCount).toBeGreaterThan(0);
    expect(data.followerCount).toBe(0);
    const stories = await list(`park_user_id=${data.id}&per_page=100`);
    expect(stories.meta.total).toBe(data.storyCount);
    const en = json<{ data: ParkUserDetail }>(await get(`/api/v1/park-users/${data.id}`, { 'accept-language': 'en' }));
    expect(en.data.role).not.toBe(data.role);
  });

  it('a staff member with no stories has an empty list (the PWA says there are none yet)', async () => {
    const silent = await ctx.db
      .knex('park_users')
      .whereNotExists(ctx.db.knex('stories').whereRaw('stories.park_user_id = park_users.id'))
      .first('id');
    let id = silent?.id as number | undefined;
    if (!id) {
      const [created] = await ctx.db
        .knex('park_users')
        .insert({
          park_id: (await ctx.db.knex('parks').first('id')).id,
          code: 'test-silent',
          name_ja: '無口な飼育員',
          role_ja: '飼育員',
          bio_ja: 'まだ投稿していません。',
          icon_url: '/media/users/none.svg',
        })
        .returning('id');
      id = created.id as number;
    }
    const { data } = json<{ data: ParkUserDetail }>(await get(`/api/v1/park-users/${id}`));
    expect(data.storyCount).toBe(0);
    const stories = await list(`park_user_id=${id}`);
    expect(stories.data).toEqual([]);
    expect(stories.meta.total).toBe(0);
  });

  it('lists staff by park and keyword', async () => {
    const story = (await list('per_page=1')).data[0] as StorySummary;
    const res = await get(`/api/v1/park-users?park_id=${story.park.id}`);
    const body = json<Paged<ParkUserRef>>(res);
    expect(body.data.map((u) => u.id)).toContain(story.parkUser.id);
    const found = json<Paged<ParkUserRef>>(await get(`/api/v1/park-users?keyword=${kw(story.parkUser.name)}`));
    expect(found.data.map((u) => u.id)).toContain(story.parkUser.id);
  });

  it('is 404 for a missing one and 400 for a bad id', async () => {
    expect((await get('/api/v1/park-users/999999')).statusCode).toBe(404);
    expect((await get('/api/v1/park-users/x')).statusCode).toBe(400);
  });
});
